// The registry tables codegen knows: the CSV file, its row schema, and the columns that form its key.

/** The `source` of every row `vino registry import-vpic` writes; any other source is a curated row. */
export { VPIC_SOURCE } from '../src/decode/registry-data.js';

export const TABLES = [
  { name: 'country-codes', file: 'registry/country-codes.csv' },
  { name: 'countries', file: 'registry/countries.csv' },
  { name: 'wmi', file: 'registry/wmi.csv' },
  { name: 'wmi-corrections', file: 'registry/wmi-corrections.csv' },
  { name: 'plants', file: 'registry/plants.csv' },
  { name: 'plant-city-corrections', file: 'registry/plant-city-corrections.csv' },
  { name: 'plant-country-corrections', file: 'registry/plant-country-corrections.csv' },
  { name: 'model-years', file: 'registry/model-years.csv' },
  { name: 'jdm-chassis', file: 'registry/jdm-chassis.csv' },
  { name: 'vin-schemas', file: 'registry/vin-schemas.csv' },
  { name: 'wmi-schemas', file: 'registry/wmi-schemas.csv' },
  { name: 'vehicle-patterns', file: 'registry/vehicle-patterns.csv' },
  { name: 'vehicle-values', file: 'registry/vehicle-values.csv' },
  { name: 'vehicle-models', file: 'registry/vehicle-models.csv' },
  { name: 'engine-models', file: 'registry/engine-models.csv' },
] as const;

/** What a plant-city or plant-country correction and the vPIC plant rows it corrects have in common: vPIC's country and city. */
export const plantCityKey = (countryCode: string, city: string): string => `${countryCode}\t${city}`;

export type TableName = (typeof TABLES)[number]['name'];

/**
 * The row order `registry import-vpic` writes, for the tables that mix imported and curated rows:
 * rows compare column by column as strings. `registry check` holds the files to it, so a re-import
 * reorders nothing and its diff shows only what vPIC changed.
 */
export const ROW_ORDER = {
  wmi: ['wmi'],
  plants: ['wmi', 'plant_code', 'vin_pattern', 'year_from', 'source'],
} as const satisfies Partial<Record<TableName, readonly string[]>>;

/** Compares two rows by `columns`, in order, as strings (an absent cell is empty). */
export const compareRows = (columns: readonly string[]) => (a: Readonly<Record<string, string | undefined>>, b: Readonly<Record<string, string | undefined>>): number => {
  for (const k of columns) {
    const x = a[k] ?? '', y = b[k] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
};

/** One CSV row as read: column → text, plus where it stands in its file (1-based, header is line 1). */
export interface SourceRow {
  line: number;
  values: Record<string, string>;
}

export type RegistryRows = Record<TableName, SourceRow[]>;

/** A problem with the registry, reported as `file:line: column: what is wrong`. */
export interface RegistryProblem {
  file: string;
  line: number;
  column: string;
  message: string;
}

export function formatProblem(p: RegistryProblem): string {
  return `${p.file}:${p.line}: ${p.column}: ${p.message}`;
}
