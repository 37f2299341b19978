// Rules that look across rows or tables. The rule's name is the message a steward reads.
import { VIN_ORDER } from '../src/decode/alphabet.js';
import { compareRows, plantCityKey, ROW_ORDER, VPIC_SOURCE, type RegistryRows, type SourceRow, type TableName } from './tables.js';

export interface RuleHit {
  table: TableName;
  row: SourceRow;
  column: string;
  detail?: string;
}

export interface CrossRowRule {
  name: string;
  check(rows: RegistryRows): RuleHit[];
}

/** A JDM row's key: the model code, or the model code and the serial length the row holds for. */
function jdmKey(modelCode: string, serialDigits: string): string {
  return serialDigits === '' ? modelCode : `${modelCode} with ${serialDigits}-digit serials`;
}

function duplicates(table: TableName, rows: SourceRow[], column: string, keysOf: (r: SourceRow) => string[]): RuleHit[] {
  const first = new Map<string, number>();
  const hits: RuleHit[] = [];
  for (const row of rows) {
    for (const key of keysOf(row)) {
      if (key === '') continue;
      const seen = first.get(key);
      if (seen === undefined) first.set(key, row.line);
      else hits.push({ table, row, column, detail: `${key} (first at line ${seen})` });
    }
  }
  return hits;
}

const yearOf = (text: string | undefined, open: number): number => (text ? Number(text) : open);

function yearOrder(table: TableName, rows: SourceRow[]): RuleHit[] {
  return rows
    .filter((r) => r.values.year_from && r.values.year_to && Number(r.values.year_to) < Number(r.values.year_from))
    .map((row) => ({ table, row, column: 'year_to' }));
}

/** Rows that sort before the row above them in the importer's order (ROW_ORDER). */
function outOfOrder(table: keyof typeof ROW_ORDER, rows: SourceRow[]): RuleHit[] {
  const columns = ROW_ORDER[table];
  const compare = compareRows(columns);
  const hits: RuleHit[] = [];
  for (let i = 1; i < rows.length; i++) {
    if (compare(rows[i - 1]!.values, rows[i]!.values) > 0) {
      hits.push({ table, row: rows[i]!, column: columns[0], detail: `sorts before line ${rows[i - 1]!.line} (order: ${columns.join(', ')})` });
    }
  }
  return hits;
}

/** Rows of a plant correction table whose vPIC country (`countryColumn`) and `vpic_city` match no NHTSA vPIC plant row. */
function correctsNoVpicPlant(rows: RegistryRows, table: 'plant-city-corrections' | 'plant-country-corrections', countryColumn: string): RuleHit[] {
  const vpic = new Set(rows.plants.filter((r) => r.values.source === VPIC_SOURCE).map((r) => plantCityKey(r.values.country_code!, r.values.city!)));
  return rows[table]
    .filter((r) => !vpic.has(plantCityKey(r.values[countryColumn]!, r.values.vpic_city!)))
    .map((row) => ({ table, row, column: 'vpic_city', detail: `${row.values[countryColumn]} ${row.values.vpic_city}` }));
}

function knownCountry(rows: RegistryRows, table: TableName, column: string): RuleHit[] {
  const codes = new Set(rows['country-codes'].map((r) => r.values.code));
  return rows[table]
    .filter((r) => r.values[column] && !codes.has(r.values[column]!))
    .map((row) => ({ table, row, column, detail: row.values[column] }));
}

import { VEHICLE_RULES } from './rules-vehicle.js';

/** An accented small letter followed by a capital inside a word. */
const MISCASED = /(?=[^\x00-\x7f])\p{Ll}\p{Lu}/u;

export const CROSS_ROW_RULES: CrossRowRule[] = [
  {
    // The compiled tables separate fields with tabs and rows with line breaks.
    name: 'holds a tab or a line break',
    check: (rows) => Object.entries(rows).flatMap(([table, list]) => list.flatMap((row) =>
      Object.entries(row.values).filter(([, v]) => /[\t\r\n]/.test(v)).map(([column]) => ({ table: table as TableName, row, column })))),
  },
  {
    // An earlier importer's title case took an accented letter for the end of a word and
    // capitalised the next letter (DüSseldorf, Nuevo LeóN); the importer no longer does, and the
    // rows it wrote were re-cased. A name like that is a typo for a steward to fix.
    name: 'has a capital right after an accented small letter (as in DüSseldorf): write the word in one case',
    check: (rows) => Object.entries(rows).flatMap(([table, list]) => list.flatMap((row) =>
      Object.entries(row.values).filter(([column, v]) => column !== 'source' && MISCASED.test(v)).map(([column]) => ({ table: table as TableName, row, column, detail: row.values[column] })))),
  },
  {
    name: 'duplicate key',
    check: (rows) => [
      ...duplicates('country-codes', rows['country-codes'], 'code', (r) => [r.values.code!]),
      ...duplicates('country-codes', rows['country-codes'], 'vpic_name', (r) => r.values.vpic_name!.split(';').map((n) => n.trim())),
      ...duplicates('wmi', rows.wmi, 'wmi', (r) => [r.values.wmi!]),
      ...duplicates('wmi-corrections', rows['wmi-corrections'], 'wmi', (r) => [r.values.wmi!]),
      ...duplicates('plant-city-corrections', rows['plant-city-corrections'], 'vpic_city', (r) => [`${r.values.country_code} ${r.values.vpic_city}`]),
      ...duplicates('plant-country-corrections', rows['plant-country-corrections'], 'vpic_city', (r) => [`${r.values.vpic_country_code} ${r.values.vpic_city}`]),
      ...duplicates('model-years', rows['model-years'], 'code', (r) => [r.values.code!]),
      ...duplicates('jdm-chassis', rows['jdm-chassis'], 'model_code', (r) => [jdmKey(r.values.model_code!, r.values.serial_digits ?? '')]),
      ...duplicates('vin-schemas', rows['vin-schemas'], 'schema_id', (r) => [r.values.schema_id!]),
      ...duplicates('vehicle-patterns', rows['vehicle-patterns'], 'pattern_id', (r) => [r.values.pattern_id!]),
      ...duplicates('vehicle-values', rows['vehicle-values'], 'id', (r) => [`${r.values.lookup} ${r.values.id}`]),
      ...duplicates('vehicle-models', rows['vehicle-models'], 'model_id', (r) => [r.values.model_id!]),
      ...duplicates('engine-models', rows['engine-models'], 'pattern_id', (r) => [r.values.pattern_id!]),
    ],
  },
  {
    name: 'unknown country code (not in registry/country-codes.csv)',
    check: (rows) => [
      ...knownCountry(rows, 'countries', 'country_code'),
      ...knownCountry(rows, 'wmi', 'country_code'),
      ...knownCountry(rows, 'wmi-corrections', 'country_code'),
      ...knownCountry(rows, 'plants', 'country_code'),
      ...knownCountry(rows, 'plant-city-corrections', 'country_code'),
      ...knownCountry(rows, 'plant-country-corrections', 'vpic_country_code'),
      ...knownCountry(rows, 'plant-country-corrections', 'country_code'),
    ],
  },
  {
    // A correction names the holder where vPIC names someone else; a curated WMI row is edited instead.
    name: 'corrects no NHTSA vPIC row of registry/wmi.csv',
    check: (rows) => {
      const vpic = new Set(rows.wmi.filter((r) => r.values.source === VPIC_SOURCE).map((r) => r.values.wmi));
      return rows['wmi-corrections'].filter((r) => !vpic.has(r.values.wmi)).map((row) => ({ table: 'wmi-corrections' as const, row, column: 'wmi', detail: row.values.wmi }));
    },
  },
  {
    // A correction names the city where vPIC's is misspelt or not one; a curated plant row is edited instead.
    name: 'corrects no NHTSA vPIC row of registry/plants.csv (country_code and vpic_city)',
    check: (rows) => correctsNoVpicPlant(rows, 'plant-city-corrections', 'country_code'),
  },
  {
    // A correction names the country where vPIC's is wrong; a curated plant row is edited instead.
    name: 'corrects no NHTSA vPIC row of registry/plants.csv (vpic_country_code and vpic_city)',
    check: (rows) => correctsNoVpicPlant(rows, 'plant-country-corrections', 'vpic_country_code'),
  },
  {
    name: 'is the country vPIC already gives (vpic_country_code): nothing to correct',
    check: (rows) =>
      rows['plant-country-corrections']
        .filter((r) => r.values.country_code === r.values.vpic_country_code)
        .map((row) => ({ table: 'plant-country-corrections' as const, row, column: 'country_code', detail: row.values.country_code })),
  },
  {
    name: 'year_to is before year_from',
    check: (rows) => [...yearOrder('plants', rows.plants), ...yearOrder('jdm-chassis', rows['jdm-chassis'])],
  },
  {
    name: 'second_to comes before second_from in the ISO 3780 order',
    check: (rows) =>
      rows.countries
        .filter((r) => VIN_ORDER.indexOf(r.values.second_to!) < VIN_ORDER.indexOf(r.values.second_from!))
        .map((row) => ({ table: 'countries' as const, row, column: 'second_to' })),
  },
  {
    name: 'overlapping ISO 3780 range',
    check: (rows) => {
      const owner = new Map<string, number>();
      const hits: RuleHit[] = [];
      for (const row of rows.countries) {
        const { first_char: first, second_from: from, second_to: to } = row.values;
        const a = VIN_ORDER.indexOf(from!), b = VIN_ORDER.indexOf(to!);
        for (let i = a; i >= 0 && i <= b; i++) {
          const key = first! + VIN_ORDER[i];
          const seen = owner.get(key);
          if (seen !== undefined) { hits.push({ table: 'countries', row, column: 'second_from', detail: `${key} is also at line ${seen}` }); break; }
          owner.set(key, row.line);
        }
      }
      return hits;
    },
  },
  {
    name: 'overlapping year ranges for the same WMI, plant code and pattern',
    check: (rows) => {
      const open = 9999;
      const groups = new Map<string, SourceRow[]>();
      for (const row of rows.plants) {
        const key = `${row.values.wmi}|${row.values.plant_code}|${row.values.vin_pattern}`;
        (groups.get(key) ?? groups.set(key, []).get(key)!).push(row);
      }
      const hits: RuleHit[] = [];
      for (const group of groups.values()) {
        if (group.length < 2) continue;
        const sorted = [...group].sort((x, y) => yearOf(x.values.year_from, 0) - yearOf(y.values.year_from, 0));
        for (let i = 1; i < sorted.length; i++) {
          const prev = sorted[i - 1]!, cur = sorted[i]!;
          if (yearOf(cur.values.year_from, 0) <= yearOf(prev.values.year_to, open)) {
            hits.push({ table: 'plants', row: cur, column: 'year_from', detail: `overlaps line ${prev.line}` });
          }
        }
      }
      return hits;
    },
  },
  ...VEHICLE_RULES,
];

/**
 * Rules `vino registry check` adds for the steward, which codegen does not need: its output does
 * not depend on row order. A file in the importer's order re-imports as a diff of what vPIC changed.
 */
export const STEWARD_RULES: CrossRowRule[] = [
  {
    name: 'out of the order registry import-vpic writes',
    check: (rows) => [...outOfOrder('wmi', rows.wmi), ...outOfOrder('plants', rows.plants)],
  },
];
