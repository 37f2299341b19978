// `vino registry import-vpic`: a vPIC-shaped SQLite file built here becomes wmi.csv and plants.csv
// rows marked NHTSA vPIC; curated rows stay; the output is sorted so a re-import is a clean diff.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRegistry } from '../../codegen/compile.js';
import { importVpic, type ImportReport } from '../../codegen/import-vpic.js';
import { formatProblem } from '../../codegen/tables.js';
import { makeRoot, SMALL_REGISTRY } from '../fixtures/registry-root.js';
import { ELEMENT, writeVpicFixture, type VpicRows } from '../fixtures/vpic-fixture.js';

const US = '1', JP = '2', MX = '3', ENGLAND = '4', ATLANTIS = '5';
/** One plant of Honda's schema: Marysville under one key; Greensburg spread over two keys, as vPIC writes it. */
const hondaSchema = (schema: number, greensburg = 'GREENSBURG'): VpicRows['Pattern'] => [
  [schema, '*****|*A', ELEMENT.plantCountry, US],
  [schema, '*****|*A', ELEMENT.plantCity, 'MARYSVILLE'],
  [schema, '*****|*A', ELEMENT.plantState, 'OHIO'],
  [schema, '*****|*A', ELEMENT.plantCompany, 'HONDA OF AMERICA MFG., INC.'],
  [schema, '*****|*A', ELEMENT.make, '474'],
  [schema, '*****|*2', ELEMENT.plantCity, greensburg],
  [schema, '*****|*[234]', ELEMENT.plantCountry, US],
  [schema, '*****|*[234]', ELEMENT.plantState, 'INDIANA'],
  // O is not a VIN character; a class with I keeps only H and J.
  [schema, '*****|*O', ELEMENT.plantCountry, JP],
  [schema, '*****|*[HIJ]', ELEMENT.plantCountry, JP],
  [schema, '*****|*[HIJ]', ELEMENT.plantCity, 'SAYAMA'],
];

const VPIC: VpicRows = {
  Country: [[1, 'UNITED STATES (USA)'], [2, 'JAPAN'], [3, 'MEXICO'], [4, 'ENGLAND'], [5, 'ATLANTIS']],
  Manufacturer: [[1, 'AMERICAN HONDA MOTOR CO., INC.'], [2, 'FORD MOTOR COMPANY, MEXICO'], [3, 'JAGUAR LAND ROVER LIMITED'], [4, 'NOWHERE MOTORS']],
  Make: [[1, 'HONDA'], [2, 'ACURA'], [3, 'FORD'], [4, 'LAND ROVER']],
  VehicleType: [[2, 'Passenger Car'], [7, 'Multipurpose Passenger Vehicle (MPV)']],
  Wmi: [
    [1, '1HG', 1, 1, 1, 2],
    [2, '3FM', 2, 3, 3, 7],
    [3, 'SAL', 3, 4, 4, 7],
    [4, '1IQ', 1, 1, 1, 2],
    [5, '5XX', null, null, 1, 2],
    [6, '9ZZ', 4, null, 5, null],
  ],
  Wmi_Make: [[1, 2]],
  Wmi_VinSchema: [[1, 100, 2003, 2005], [1, 101, 2006, 2007], [1, 102, 2008, 2008], [2, 200, 2021, null], [3, 300, 2016, 2018], [6, 400, 2020, 2020]],
  Pattern: [
    ...hondaSchema(100),
    // One schema misspells the city; the spelling most schemas use is kept.
    ...hondaSchema(101, 'GREENBURG'),
    ...hondaSchema(102),
    [200, '*****|*R', ELEMENT.plantCountry, MX],
    [200, '*****|*R', ELEMENT.plantCity, 'HERMOSILLO'],
    [200, '*****|*R', ELEMENT.plantState, 'SONORA'],
    [300, '*****|*A', ELEMENT.plantCountry, ENGLAND],
    [300, '*****|*A', ELEMENT.plantCity, 'SOLIHULL'],
    // A key narrowed by position 4 names another city and inherits the country of the plain key.
    [300, '[AB]****|*A', ELEMENT.plantCity, 'CASTLE BROMWICH'],
    [400, '*****|*Z', ELEMENT.plantCountry, ATLANTIS],
    [400, '*****|*Y', ELEMENT.plantCountry, ATLANTIS],
    [400, '*****|*Y', ELEMENT.plantCity, 'POSEIDONIA'],
  ],
};

const CURATED_WMI = 'JMZ,Mazda Motor Corporation,Mazda,JP,Passenger Car,Wikibooks WMI table';
const CURATED_PLANT = 'JMZ,0,1990,,,JP,Hiroshima,,,Wikibooks plant list';

const WANT_WMI = [
  'wmi,manufacturer,make,country_code,vehicle_type,source',
  '1HG,"American Honda Motor Co., Inc.",ACURA; HONDA,US,Passenger Car,NHTSA vPIC',
  '3FM,"Ford Motor Company, Mexico",FORD,MX,Multipurpose Passenger Vehicle (MPV),NHTSA vPIC',
  '9ZZ,Nowhere Motors,,,,NHTSA vPIC',
  CURATED_WMI,
  'SAL,Jaguar Land Rover Limited,LAND ROVER,GB,Multipurpose Passenger Vehicle (MPV),NHTSA vPIC',
];

const WANT_PLANTS = [
  'wmi,plant_code,year_from,year_to,vin_pattern,country_code,city,state,company,source',
  '1HG,2,2003,2008,,US,Greensburg,Indiana,,NHTSA vPIC',
  '1HG,3,2003,2008,,US,,Indiana,,NHTSA vPIC',
  '1HG,4,2003,2008,,US,,Indiana,,NHTSA vPIC',
  '1HG,A,2003,2008,,US,Marysville,Ohio,"Honda of America Mfg., Inc.",NHTSA vPIC',
  '1HG,H,2003,2008,,JP,Sayama,,,NHTSA vPIC',
  '1HG,J,2003,2008,,JP,Sayama,,,NHTSA vPIC',
  '3FM,R,2021,,,MX,Hermosillo,Sonora,,NHTSA vPIC',
  CURATED_PLANT,
  'SAL,A,2016,2018,,GB,Solihull,,,NHTSA vPIC',
  'SAL,A,2016,2018,[AB],GB,Castle Bromwich,,,NHTSA vPIC',
];

const csvLines = (root: string, file: string): string[] => readFileSync(join(root, 'registry', file), 'utf8').trimEnd().split('\n');

describe('importVpic on a vPIC-shaped fixture', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vino-vpic-'));
  const fixture = join(dir, 'vpic.lite.db');
  // A registry holding curated rows, a stale vPIC row of each kind, and a curated WMI vPIC now has.
  const { root, remove } = makeRoot({
    ...SMALL_REGISTRY,
    wmi: [SMALL_REGISTRY.wmi[0]!, '1HG,Old Honda Name,Honda,US,Passenger Car,NHTSA vPIC', '1ZZ,Gone Motors,Gone,US,Passenger Car,NHTSA vPIC', CURATED_WMI, 'SAL,Curated JLR,Land Rover,GB,,Curated list'],
    plants: [SMALL_REGISTRY.plants[0]!, '1HG,A,1990,2002,,US,Old City,Ohio,,NHTSA vPIC', CURATED_PLANT],
    // A correction of a WMI the new vPIC rows hold: the import leaves it as it is.
    'wmi-corrections': [SMALL_REGISTRY['wmi-corrections'][0]!, '1HG,Honda Motor Co.,Honda,JP,A WMI list'],
    // The import writes no row with the fixture's misspelt city.
    'plant-city-corrections': [SMALL_REGISTRY['plant-city-corrections'][0]!],
  });
  let report: ImportReport;

  beforeAll(async () => {
    await writeVpicFixture(fixture, VPIC);
    report = await importVpic(root, fixture);
  }, 60_000);
  afterAll(() => {
    remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes wmi.csv: vPIC rows title-cased and mapped to ISO codes, curated rows kept, stale vPIC rows gone', () => {
    expect(csvLines(root, 'wmi.csv')).toEqual(WANT_WMI);
  });

  it('writes plants.csv: one row per plant and year run, facts gathered from several keys, curated rows kept', () => {
    expect(csvLines(root, 'plants.csv')).toEqual(WANT_PLANTS);
  });

  it('reports what it did and every row it left out, with the reason', () => {
    expect(report).toMatchObject({ wmiRows: 4, plantRows: 9, curatedWmiKept: 1, curatedPlantsKept: 1 });
    expect(report.skipped).toEqual(expect.arrayContaining([
      'WMI 1IQ: not 3 or 6 characters of the VIN alphabet',
      'WMI 5XX: no manufacturer',
      '1HG *****|*O: plant code O is outside the VIN alphabet',
      'curated WMI SAL is now in vPIC: the vPIC row replaces it',
      '9ZZ Y  2020-2020: plant without a known country',
    ]));
  });

  it('a plant whose country is missing from registry/country-codes.csv is reported, not dropped silently', () => {
    // 9ZZ plant Z has only a country, and ATLANTIS maps to no ISO code.
    expect(report.skipped.some((line) => line.startsWith('9ZZ') && line.includes('ATLANTIS'))).toBe(true);
  });

  it('its output passes registry validation', async () => {
    expect((await checkRegistry(root)).problems.map(formatProblem)).toEqual([]);
  });

  it('a second import gives identical files', async () => {
    const before = [readFileSync(join(root, 'registry/wmi.csv'), 'utf8'), readFileSync(join(root, 'registry/plants.csv'), 'utf8')];
    await importVpic(root, fixture);
    expect([readFileSync(join(root, 'registry/wmi.csv'), 'utf8'), readFileSync(join(root, 'registry/plants.csv'), 'utf8')]).toEqual(before);
  });

  it('the same database with its rows stored in another order gives identical files', async () => {
    const reversed = join(dir, 'reversed.db');
    const other = makeRoot({ ...SMALL_REGISTRY, wmi: [SMALL_REGISTRY.wmi[0]!, CURATED_WMI], plants: [SMALL_REGISTRY.plants[0]!, CURATED_PLANT] });
    try {
      const backwards = Object.fromEntries(Object.entries(VPIC).map(([table, rows]) => [table, [...rows].reverse()])) as unknown as VpicRows;
      await writeVpicFixture(reversed, backwards);
      await importVpic(other.root, reversed);
      expect(csvLines(other.root, 'wmi.csv')).toEqual(WANT_WMI);
      expect(csvLines(other.root, 'plants.csv')).toEqual(WANT_PLANTS);
    } finally {
      other.remove();
    }
  });

  it('two equally specific keys that disagree give the same row whichever vPIC stores first', async () => {
    // Plant 5 of one schema: [56] says Northtown, [57] says Southtown; both admit two codes.
    const conflict = (first: VpicRows['Pattern'][number], second: VpicRows['Pattern'][number]): VpicRows => ({
      Country: [[1, 'UNITED STATES (USA)']], Manufacturer: [[1, 'TEST MOTORS']], Make: [], VehicleType: [],
      Wmi: [[1, '1T1', 1, null, 1, null]], Wmi_Make: [], Wmi_VinSchema: [[1, 10, 2010, 2010]],
      Pattern: [first, second, [10, '*****|*5', ELEMENT.plantCountry, US]],
    });
    const north: VpicRows['Pattern'][number] = [10, '*****|*[56]', ELEMENT.plantCity, 'NORTHTOWN'];
    const south: VpicRows['Pattern'][number] = [10, '*****|*[57]', ELEMENT.plantCity, 'SOUTHTOWN'];
    const plantFive = async (rows: VpicRows, name: string): Promise<string | undefined> => {
      const other = makeRoot({ ...SMALL_REGISTRY, wmi: [SMALL_REGISTRY.wmi[0]!], plants: [SMALL_REGISTRY.plants[0]!] });
      try {
        await writeVpicFixture(join(dir, name), rows);
        await importVpic(other.root, join(dir, name));
        return csvLines(other.root, 'plants.csv').find((line) => line.startsWith('1T1,5,'));
      } finally {
        other.remove();
      }
    };
    expect(await plantFive(conflict(south, north), 'south-first.db')).toBe(await plantFive(conflict(north, south), 'north-first.db'));
  });

  it('where schemas linked for a year disagree, each plant field comes from the link with the latest YearFrom that gives it, as vPIC decides', async () => {
    // Plant 5 of 1T1 in 2012: two schemas linked from 2005 say Oldtown, Ohio; one linked from 2011
    // says Newtown and gives no state. vPIC's first rule (latest YearFrom) gives Newtown, whatever
    // the older links' numbers, and the state, which only the older links give, stays Ohio.
    const rows: VpicRows = {
      Country: [[1, 'UNITED STATES (USA)']], Manufacturer: [[1, 'TEST MOTORS']], Make: [], VehicleType: [],
      Wmi: [[1, '1T1', 1, null, 1, null]], Wmi_Make: [],
      Wmi_VinSchema: [[1, 10, 2005, 2012], [1, 11, 2005, 2012], [1, 12, 2011, 2012]],
      Pattern: [
        [10, '*****|*5', ELEMENT.plantCountry, US], [10, '*****|*5', ELEMENT.plantCity, 'OLDTOWN'], [10, '*****|*5', ELEMENT.plantState, 'OHIO'],
        [11, '*****|*5', ELEMENT.plantCountry, US], [11, '*****|*5', ELEMENT.plantCity, 'OLDTOWN'], [11, '*****|*5', ELEMENT.plantState, 'OHIO'],
        [12, '*****|*5', ELEMENT.plantCountry, US], [12, '*****|*5', ELEMENT.plantCity, 'NEWTOWN'],
      ],
    };
    const other = makeRoot({ ...SMALL_REGISTRY, wmi: [SMALL_REGISTRY.wmi[0]!], plants: [SMALL_REGISTRY.plants[0]!] });
    try {
      await writeVpicFixture(join(dir, 'precedence.db'), rows);
      await importVpic(other.root, join(dir, 'precedence.db'));
      expect(csvLines(other.root, 'plants.csv').filter((line) => line.startsWith('1T1,5,'))).toEqual([
        '1T1,5,2005,2010,,US,Oldtown,Ohio,,NHTSA vPIC',
        '1T1,5,2011,2012,,US,Newtown,Ohio,,NHTSA vPIC',
      ]);
    } finally {
      other.remove();
    }
  });

  it('refuses a file that is not SQLite, and leaves the registry alone', async () => {
    const notSqlite = join(dir, 'not.db');
    writeFileSync(notSqlite, 'this is not a database');
    const before = readFileSync(join(root, 'registry/wmi.csv'), 'utf8');
    await expect(importVpic(root, notSqlite)).rejects.toThrow();
    expect(readFileSync(join(root, 'registry/wmi.csv'), 'utf8')).toBe(before);
  });
});
