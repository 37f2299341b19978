// Codegen output does not depend on the order rows are written in: a steward can append a row
// anywhere, or sort a file by another column, and the generated tables stay byte for byte the same.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../codegen/compile.js';
import { normalise } from '../../codegen/normalise.js';
import { parseCsv } from '../../codegen/read.js';
import { TABLES, type RegistryRows } from '../../codegen/tables.js';
import { makeRoot, SMALL_REGISTRY, writeRegistry, type RegistryFiles } from '../fixtures/registry-root.js';

const NAMES = Object.keys(SMALL_REGISTRY) as (keyof RegistryFiles)[];

/** Every file of SMALL_REGISTRY with its data rows in some order (the header stays first). */
const shuffledRegistry: fc.Arbitrary<RegistryFiles> = fc
  .tuple(...NAMES.map((name) => {
    const rows = SMALL_REGISTRY[name].slice(1);
    return fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length });
  }))
  .map((orders) => Object.fromEntries(NAMES.map((name, i) => [name, [SMALL_REGISTRY[name][0]!, ...orders[i]!]])) as RegistryFiles);

const rowsOf = (files: RegistryFiles): RegistryRows =>
  Object.fromEntries(TABLES.map((t) => {
    const name = t.name as keyof RegistryFiles;
    return [t.name, parseCsv(t.file, files[name].join('\n') + '\n').rows];
  })) as RegistryRows;

describe('codegen is independent of CSV row order', () => {
  const { root, remove } = makeRoot();
  let baseline: Map<string, string>;
  let vehicleBaseline: Map<string, string>;

  beforeAll(async () => {
    const result = await compile(root);
    expect(result.problems).toEqual([]);
    baseline = result.files;
    vehicleBaseline = result.vehicleFiles;
  }, 60_000);
  afterAll(remove);

  it('normalised tables are the same for any order of rows (in memory)', () => {
    const expected = normalise(rowsOf(SMALL_REGISTRY), 2026);
    fc.assert(fc.property(shuffledRegistry, (files) => {
      expect(normalise(rowsOf(files), 2026)).toEqual(expected);
    }), { seed: 31, numRuns: 300 });
  });

  it('a WMI correction replaces the holder, make(s) and country of the vPIC row, keeps its vehicle type, and names both sources', () => {
    const { wmi } = normalise(rowsOf(SMALL_REGISTRY), 2026);
    const row = wmi.rows.find((r) => r[0] === 'WA1')!;
    // Still vPIC's registration (so its type keeps the position-7 model-year rule), with the correction's holder.
    expect([row[1], row[2], row[3], row[4], wmi.sources[row[5]]]).toEqual(['Audi AG (corrected)', 'Audi', 'DE', 'Multipurpose Passenger Vehicle (MPV)', 'NHTSA vPIC; holder: A WMI list']);
    // Rows no correction names stay as vPIC wrote them.
    const jtd = wmi.rows.find((r) => r[0] === 'JTD')!;
    expect([jtd[1], wmi.sources[jtd[5]]]).toEqual(['Toyota Motor Corporation', 'NHTSA vPIC']);
  });

  it('a plant-city correction gives the vPIC rows of its country and city its city, state and source', () => {
    const rows = rowsOf({
      ...SMALL_REGISTRY,
      plants: [
        ...SMALL_REGISTRY.plants,
        // vPIC's state stays where the correction gives none; another country's row and a curated row keep their city.
        'JTD,C,2000,,,JP,Tahara Plant,Aichi,,NHTSA vPIC',
        'JTD,D,2000,,,US,Tahara Plant,,,NHTSA vPIC',
        'JTD,E,2000,,,JP,Tahara Plant,,,A plant list',
      ],
      'plant-city-corrections': [...SMALL_REGISTRY['plant-city-corrections'], 'JP,Tahara Plant,Tahara,,vPIC names the plant; a plant list'],
    });
    const { plants } = normalise(rows, 2026);
    if (!('rows' in plants)) throw new Error('normalise grouped the plants');
    const place = (wmi: string, code: string, yearFrom = 0) => {
      const row = plants.rows.find((r) => r[0] === wmi && r[1] === code && (yearFrom === 0 || r[2] === yearFrom))!;
      return [row[6], row[7], plants.sources[row[9]]];
    };
    expect(place('1HG', 'C')).toEqual(['Sayama', 'Saitama', 'NHTSA vPIC; city: vPIC gives the prefecture and the city as one; a plant list']);
    expect(place('JTD', 'C')).toEqual(['Tahara', 'Aichi', 'NHTSA vPIC; city: vPIC names the plant; a plant list']);
    expect(place('JTD', 'D')).toEqual(['Tahara Plant', '', 'NHTSA vPIC']);
    expect(place('JTD', 'E')).toEqual(['Tahara Plant', '', 'A plant list']);
    expect(place('1HG', 'A', 1987)).toEqual(['Marysville', 'Ohio', 'NHTSA vPIC']);
  });

  it('a plant-country correction gives the vPIC rows of its vPIC country and city its country and source, and a city correction of the same row still applies', () => {
    const rows = rowsOf({
      ...SMALL_REGISTRY,
      plants: [
        ...SMALL_REGISTRY.plants,
        // vPIC's country and state disagree (Oshawa, Ontario in Japan); another city of that country, and a curated row, keep theirs.
        'JTD,C,2000,,,JP,Oshawa,Ontario,,NHTSA vPIC',
        'JTD,D,2000,,,JP,Tahara,Aichi,,NHTSA vPIC',
        'JTD,E,2000,,,JP,Oshawa,Ontario,,A plant list',
      ],
      'country-codes': [...SMALL_REGISTRY['country-codes'], 'CA,Canada,CANADA,ISO 3166-1', 'KR,South Korea,KOREA (SOUTH),ISO 3166-1'],
      'plant-country-corrections': [
        ...SMALL_REGISTRY['plant-country-corrections'],
        'JP,Oshawa,CA,the state vPIC gives is Ontario; a plant list',
        // Keyed on vPIC's country and city, as is the city correction of 1HG code C: both apply, whichever runs first.
        'JP,Saitama/Sayama,KR,a made-up country for the test',
      ],
    });
    const { plants } = normalise(rows, 2026);
    if (!('rows' in plants)) throw new Error('normalise grouped the plants');
    const place = (wmi: string, code: string, yearFrom = 0) => {
      const row = plants.rows.find((r) => r[0] === wmi && r[1] === code && (yearFrom === 0 || r[2] === yearFrom))!;
      return [row[5], row[6], row[7], plants.sources[row[9]]];
    };
    expect(place('JTD', 'C')).toEqual(['CA', 'Oshawa', 'Ontario', 'NHTSA vPIC; country: the state vPIC gives is Ontario; a plant list']);
    expect(place('JTD', 'D')).toEqual(['JP', 'Tahara', 'Aichi', 'NHTSA vPIC']);
    expect(place('JTD', 'E')).toEqual(['JP', 'Oshawa', 'Ontario', 'A plant list']);
    expect(place('1HG', 'C')).toEqual([
      'KR', 'Sayama', 'Saitama',
      'NHTSA vPIC; country: a made-up country for the test; city: vPIC gives the prefecture and the city as one; a plant list',
    ]);
    expect(place('1HG', 'A', 1987)).toEqual(['US', 'Marysville', 'Ohio', 'NHTSA vPIC']);
  });

  it('normalise sorts any rows, not only valid ones, into one order (generated tables)', () => {
    const text = fc.constantFrom('', 'A', 'B', '1HG', 'WA1', 'Ohio', 'Test source', 'NHTSA vPIC', '2010', '1999');
    const plantRow = fc.record({
      wmi: fc.constantFrom('1HG', 'WA1', '1A9ABC'), plant_code: fc.constantFrom('A', 'B', '2', '*'), year_from: fc.constantFrom('', '1990', '2010'),
      year_to: fc.constantFrom('', '2009', '2020'), vin_pattern: fc.constantFrom('', '*****|**[0-4]', '[AB]***'), country_code: fc.constantFrom('US', 'MX'),
      city: text, state: text, company: text, source: fc.constantFrom('NHTSA vPIC', 'Curated', 'Wikipedia'),
    });
    const rowsAndShuffle = fc.array(plantRow, { maxLength: 12 }).chain((rows) =>
      fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length })));
    const base = rowsOf(SMALL_REGISTRY);
    const asRows = (values: Record<string, string>[]) => values.map((v, i) => ({ line: i + 2, values: v }));
    fc.assert(fc.property(rowsAndShuffle, ([rows, shuffled]) => {
      expect(normalise({ ...base, plants: asRows(shuffled) }, 2026)).toEqual(normalise({ ...base, plants: asRows(rows) }, 2026));
    }), { seed: 34, numRuns: 300 });
  });

  it('generated files are byte for byte the same for any order of rows (compile, end to end)', async () => {
    await fc.assert(fc.asyncProperty(shuffledRegistry, async (files) => {
      writeRegistry(root, files);
      const result = await compile(root);
      expect(result.problems).toEqual([]);
      expect(result.files).toEqual(baseline);
      expect(result.vehicleFiles).toEqual(vehicleBaseline);
    }), { seed: 32, numRuns: 12 });
  });

  it('the shuffles do reorder the files (the property is not vacuous)', () => {
    const samples = fc.sample(shuffledRegistry, { seed: 33, numRuns: 20 });
    expect(samples.some((files) => files.plants.join('\n') !== SMALL_REGISTRY.plants.join('\n'))).toBe(true);
    expect(samples.some((files) => files['vehicle-patterns'].join('\n') !== SMALL_REGISTRY['vehicle-patterns'].join('\n'))).toBe(true);
  });
});
