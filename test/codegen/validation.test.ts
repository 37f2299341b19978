// Registry validation: every bad row reported as `file:line: column: what is wrong`, all of them
// in one run, and nothing generated while any remain. Each case runs on a temporary copy of a small
// registry, so the real one is never touched.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRegistry, compile } from '../../codegen/compile.js';
import { formatProblem } from '../../codegen/tables.js';
import { inImporterOrder, makeRoot, SMALL_REGISTRY, withRows, type RegistryFiles } from '../fixtures/registry-root.js';

async function problemsOf(files: RegistryFiles, tweak?: (root: string) => void): Promise<string[]> {
  const { root, remove } = makeRoot(files);
  try {
    tweak?.(root);
    return (await checkRegistry(root)).problems.map(formatProblem);
  } finally {
    remove();
  }
}

// Line numbers count the header as line 1; SMALL_REGISTRY's wmi.csv has 4 rows and plants.csv 6,
// so an appended row is line 6 of wmi.csv and line 8 of plants.csv.
const WMI_ROW = (wmi: string, country = 'US') => `${wmi},Test Motors,Test,${country},Passenger Car,Test source`;
const PLANT_ROW = (code: string, from: string, to: string, country = 'US') => `1HG,${code},${from},${to},,${country},Testville,Ohio,,Test source`;

const cases: [string, { given: Partial<RegistryFiles>; want: string[] }][] = [
  ['a WMI with a letter the VIN alphabet lacks', {
    given: { wmi: [WMI_ROW('1IX')] },
    want: ['registry/wmi.csv:6: wmi: must be 3 characters of the VIN alphabet, or 6 when the third is 9 (low-volume makers: positions 1-3 + 12-14)'],
  }],
  ['a WMI of 4 characters', {
    given: { wmi: [WMI_ROW('1HGC')] },
    want: ['registry/wmi.csv:6: wmi: must be 3 characters of the VIN alphabet, or 6 when the third is 9 (low-volume makers: positions 1-3 + 12-14)'],
  }],
  ['a name with a capital right after an accented letter, as the old importer wrote them', {
    given: { wmi: ['2AB,Daimler VehíCulos Comerciales MéXico,Freightliner,MX,Truck,Test source'] },
    want: ['registry/wmi.csv:6: manufacturer: has a capital right after an accented small letter (as in DüSseldorf): write the word in one case: Daimler VehíCulos Comerciales MéXico'],
  }],
  ['a duplicate WMI', {
    given: { wmi: [WMI_ROW('1HG')] },
    want: ['registry/wmi.csv:6: wmi: duplicate key: 1HG (first at line 2)'],
  }],
  ['a correction of a WMI that is a curated row, not an NHTSA vPIC one', {
    given: { 'wmi-corrections': ['1A9ABC,Tiny Coachworks Ltd,Tiny,US,A WMI list'] },
    want: ['registry/wmi-corrections.csv:3: wmi: corrects no NHTSA vPIC row of registry/wmi.csv: 1A9ABC'],
  }],
  ['a correction with an unknown country', {
    given: { 'wmi-corrections': ['JTD,Toyota,Toyota,XX,A WMI list'] },
    want: ['registry/wmi-corrections.csv:3: country_code: unknown country code (not in registry/country-codes.csv): XX'],
  }],
  ['a plant-city correction of a city no NHTSA vPIC plant row of that country gives (a curated row is edited instead)', {
    given: { plants: ['1HG,D,1990,,,JP,Suzuka Plant,,,A plant list'], 'plant-city-corrections': ['JP,Suzuka Plant,Suzuka,Mie,A plant list', 'US,Saitama/Sayama,Sayama,,A plant list'] },
    want: [
      'registry/plant-city-corrections.csv:3: vpic_city: corrects no NHTSA vPIC row of registry/plants.csv (country_code and vpic_city): JP Suzuka Plant',
      'registry/plant-city-corrections.csv:4: vpic_city: corrects no NHTSA vPIC row of registry/plants.csv (country_code and vpic_city): US Saitama/Sayama',
    ],
  }],
  ['two plant-city corrections of one country and city', {
    given: { 'plant-city-corrections': ['JP,Saitama/Sayama,Sayama,,A plant list'] },
    want: ['registry/plant-city-corrections.csv:3: vpic_city: duplicate key: JP Saitama/Sayama (first at line 2)'],
  }],
  ['a plant-city correction with an unknown country', {
    given: { 'plant-city-corrections': ['XX,Saitama/Sayama,Sayama,,A plant list'] },
    want: [
      'registry/plant-city-corrections.csv:3: country_code: unknown country code (not in registry/country-codes.csv): XX',
      'registry/plant-city-corrections.csv:3: vpic_city: corrects no NHTSA vPIC row of registry/plants.csv (country_code and vpic_city): XX Saitama/Sayama',
    ],
  }],
  ['a plant-city correction without a city', {
    given: { 'plant-city-corrections': ['GB,Saitama/Sayama,,,A plant list'] },
    want: [
      'registry/plant-city-corrections.csv:3: city: must be the city those rows give instead, not empty',
      'registry/plant-city-corrections.csv:3: vpic_city: corrects no NHTSA vPIC row of registry/plants.csv (country_code and vpic_city): GB Saitama/Sayama',
    ],
  }],
  ['a plant-country correction of a country and city no NHTSA vPIC plant row gives (a curated row is edited instead)', {
    given: { plants: ['1HG,D,1990,,,GB,Suzuka,,,A plant list'], 'plant-country-corrections': ['GB,Suzuka,JP,A plant list', 'US,Saitama/Sayama,JP,A plant list'] },
    want: [
      'registry/plant-country-corrections.csv:2: vpic_city: corrects no NHTSA vPIC row of registry/plants.csv (vpic_country_code and vpic_city): GB Suzuka',
      'registry/plant-country-corrections.csv:3: vpic_city: corrects no NHTSA vPIC row of registry/plants.csv (vpic_country_code and vpic_city): US Saitama/Sayama',
    ],
  }],
  ['two plant-country corrections of one vPIC country and city', {
    given: { 'plant-country-corrections': ['MX,San José Chiapa,US,A plant list', 'MX,San José Chiapa,DE,Another plant list'] },
    want: [
      'registry/plant-country-corrections.csv:3: vpic_city: duplicate key: MX San José Chiapa (first at line 2)',
    ],
  }],
  ['a plant-country correction with unknown country codes', {
    given: { 'plant-country-corrections': ['MX,San José Chiapa,XX,A plant list', 'YY,San José Chiapa,MX,A plant list'] },
    want: [
      'registry/plant-country-corrections.csv:2: country_code: unknown country code (not in registry/country-codes.csv): XX',
      'registry/plant-country-corrections.csv:3: vpic_country_code: unknown country code (not in registry/country-codes.csv): YY',
      'registry/plant-country-corrections.csv:3: vpic_city: corrects no NHTSA vPIC row of registry/plants.csv (vpic_country_code and vpic_city): YY San José Chiapa',
    ],
  }],
  ['a plant-country correction to the country vPIC already gives', {
    given: { 'plant-country-corrections': ['JP,Saitama/Sayama,JP,A plant list'] },
    want: ['registry/plant-country-corrections.csv:2: country_code: is the country vPIC already gives (vpic_country_code): nothing to correct: JP'],
  }],
  ['a plant-country correction whose country code is not two capitals', {
    given: { 'plant-country-corrections': ['JP,Saitama/Sayama,Japan,A plant list'] },
    want: [
      'registry/plant-country-corrections.csv:2: country_code: must be the ISO 3166-1 alpha-2 code of the country the plant is in',
      'registry/plant-country-corrections.csv:2: country_code: unknown country code (not in registry/country-codes.csv): Japan',
    ],
  }],
  ['a plant-country correction and a plant-city correction of the same vPIC row: both hold', {
    given: { 'plant-country-corrections': ['JP,Saitama/Sayama,GB,A plant list'] },
    want: [],
  }],
  ['a duplicate JDM model code', {
    given: { 'jdm-chassis': ['JZA80,,Toyota Motor Corporation,Toyota,Supra,1993,2002,,,,Test source'] },
    want: ['registry/jdm-chassis.csv:4: model_code: duplicate key: JZA80 (first at line 2)'],
  }],
  ['one JDM model code for two makers, told apart by serial length', {
    given: { 'jdm-chassis': ['GK3,7,Honda Motor Co.,Honda,Fit,2013,2020,,,,Test source', 'GK3,6,Subaru Corporation,Subaru,Impreza,2016,,,,,Test source'] },
    want: [],
  }],
  ['two JDM rows for the same code and serial length', {
    given: { 'jdm-chassis': ['GK3,7,Honda Motor Co.,Honda,Fit,2013,2020,,,,Test source', 'GK3,7,Honda Motor Co.,Honda,Fit,2013,2020,,,,Test source'] },
    want: ['registry/jdm-chassis.csv:5: model_code: duplicate key: GK3 with 7-digit serials (first at line 4)'],
  }],
  ['a serial length that is not one digit', {
    given: { 'jdm-chassis': ['GK3,10,Honda Motor Co.,Honda,Fit,2013,2020,,,,Test source'] },
    want: ['registry/jdm-chassis.csv:4: serial_digits: must be empty (any serial), or one digit: the length of the serials the row holds for (Honda and Subaru share some model codes, and their serials differ in length)'],
  }],
  ['plant rows whose years overlap', {
    given: { plants: [PLANT_ROW('A', '2000', '2005')] },
    want: ['registry/plants.csv:8: year_from: overlapping year ranges for the same WMI, plant code and pattern: overlaps line 3'],
  }],
  ['plant rows that meet end to start do not overlap', {
    given: { plants: [PLANT_ROW('C', '1981', '1989')] },
    want: [],
  }],
  ['an unknown country code on a WMI', {
    given: { wmi: [WMI_ROW('1HH', 'ZZ')] },
    want: ['registry/wmi.csv:6: country_code: unknown country code (not in registry/country-codes.csv): ZZ'],
  }],
  ['an unknown country code on a plant', {
    given: { plants: [PLANT_ROW('B', '1990', '', 'XX')] },
    want: ['registry/plants.csv:8: country_code: unknown country code (not in registry/country-codes.csv): XX'],
  }],
  ['a plant code outside the VIN alphabet', {
    given: { plants: [PLANT_ROW('O', '1990', '')] },
    want: ['registry/plants.csv:8: plant_code: must be one character of the VIN alphabet (position 11), or * when the pattern alone decides'],
  }],
  ['a plant whose year_to comes before its year_from', {
    given: { plants: [PLANT_ROW('B', '2010', '2005')] },
    want: ['registry/plants.csv:8: year_to: year_to is before year_from'],
  }],
  ['a row without a source', {
    given: { wmi: ['1HH,Test Motors,Test,US,Passenger Car,'] },
    want: ['registry/wmi.csv:6: source: must be where the fact comes from (a named public source); never empty'],
  }],
  ['a row with a field too many', {
    given: { wmi: ['1HH,Test Motors,Test,US,Passenger Car,Test source,extra'] },
    want: ['registry/wmi.csv:6: -: has 7 fields, the header has 6'],
  }],
  ['overlapping ISO 3780 ranges', {
    given: { countries: ['1,B,C,US,North America,ISO 3780'] },
    want: ['registry/countries.csv:7: second_from: overlapping ISO 3780 range: 1B is also at line 2'],
  }],
  ['a model-year code that is not one (position 10 never holds 0)', {
    given: { 'model-years': ['0,2000;2030,49 CFR 565.15'] },
    want: ['registry/model-years.csv:5: code: must be a position-10 model-year character (never I, O, Q, U, Z or 0)'],
  }],
];

describe('registry validation', () => {
  it.each(cases)('%s', async (_name, { given, want }) => {
    expect(await problemsOf(withRows(given))).toEqual(want);
  });

  it('the small registry is valid', async () => {
    expect(await problemsOf(SMALL_REGISTRY)).toEqual([]);
  });

  describe('the importer\'s row order (vino registry check only)', () => {
    // SMALL_REGISTRY is not in that order; these files are, so each case changes one thing.
    const ordered = inImporterOrder;
    const stewardProblems = async (files: RegistryFiles): Promise<string[]> => {
      const { root, remove } = makeRoot(files);
      try {
        return (await checkRegistry(root, { stewardRules: true })).problems.map(formatProblem);
      } finally {
        remove();
      }
    };

    it('accepts files in the order registry import-vpic writes', async () => {
      expect(await stewardProblems(ordered({ plants: [PLANT_ROW('B', '1990', '')] }))).toEqual([]);
    });

    it('names a row that sorts before the row above it, and codegen does not mind', async () => {
      const files = ordered();
      const swapped = { ...files, plants: [files.plants[0]!, files.plants[2]!, files.plants[1]!, ...files.plants.slice(3)] };
      expect(await stewardProblems(swapped)).toEqual([
        'registry/plants.csv:3: wmi: out of the order registry import-vpic writes: sorts before line 2 (order: wmi, plant_code, vin_pattern, year_from, source)',
      ]);
      expect(await problemsOf(swapped)).toEqual([]);
    });
  });

  it('reports every problem of every file in one run, by file and line', async () => {
    const problems = await problemsOf(withRows({
      wmi: [WMI_ROW('1HG'), WMI_ROW('1IX', 'ZZ')],
      plants: [PLANT_ROW('O', '1990', ''), PLANT_ROW('A', '2000', '2005')],
    }));
    expect(problems).toEqual([
      'registry/plants.csv:8: plant_code: must be one character of the VIN alphabet (position 11), or * when the pattern alone decides',
      'registry/plants.csv:9: year_from: overlapping year ranges for the same WMI, plant code and pattern: overlaps line 3',
      'registry/wmi.csv:6: wmi: duplicate key: 1HG (first at line 2)',
      'registry/wmi.csv:7: wmi: must be 3 characters of the VIN alphabet, or 6 when the third is 9 (low-volume makers: positions 1-3 + 12-14)',
      'registry/wmi.csv:7: country_code: unknown country code (not in registry/country-codes.csv): ZZ',
    ]);
  });

  it('a header that is not the schema\'s columns, in order, is one problem for the whole file', async () => {
    const files = { ...SMALL_REGISTRY, wmi: ['wmi,make,manufacturer,country_code,vehicle_type,source', ...SMALL_REGISTRY.wmi.slice(1)] };
    expect(await problemsOf(files)).toEqual(['registry/wmi.csv:1: -: header must be wmi,manufacturer,make,country_code,vehicle_type,source']);
  });

  it('a quoted field across lines is refused, and the rows after it keep their line numbers', async () => {
    const problems = await problemsOf(withRows({ wmi: ['1HH,"Test\nMotors",Test,US,Passenger Car,Test source', WMI_ROW('1HG')] }));
    expect(problems).toEqual([
      'registry/wmi.csv:7: manufacturer: holds a tab or a line break',
      'registry/wmi.csv:8: wmi: duplicate key: 1HG (first at line 2)',
    ]);
  });

  it('a missing file, an empty one and a bad build year are problems too', async () => {
    const problems = await problemsOf(SMALL_REGISTRY, (root) => {
      writeFileSync(join(root, 'registry', 'build.json'), '{ "buildYear": 1970 }');
      writeFileSync(join(root, 'registry', 'model-years.csv'), '');
      rmSync(join(root, 'registry', 'jdm-chassis.csv'));
    });
    expect(problems).toEqual(expect.arrayContaining([
      'registry/build.json:1: buildYear: must be a year between 1981 and 2099',
      'registry/jdm-chassis.csv:0: -: file is missing',
      'registry/model-years.csv:1: -: header must be code,years,source',
    ]));
  });

  it('nothing is generated while a problem remains', async () => {
    const { root, remove } = makeRoot(withRows({ wmi: [WMI_ROW('1HG')] }));
    try {
      const result = await compile(root);
      expect(result.problems).toHaveLength(1);
      expect(result.files.size).toBe(0);
    } finally {
      remove();
    }
  });
});
