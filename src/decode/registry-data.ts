// The compiled registry as codegen emits it (src/generated/*.ts): plain tuples, so the generated
// files stay small and load with one JSON.parse each. Column meanings: registry/README.md.
import { checkRow, PLANT_COLUMNS } from './table-shape.js';
import type { VehicleData } from './vehicle-data.js';

/** [ISO 3166-1 alpha-2, English short name] */
export type CountryCodeTuple = readonly [code: string, name: string];
/** ISO 3780: first VIN character, range of the second (inclusive, VIN order), country ('' unassigned), region. */
export type Iso3780Tuple = readonly [first: string, from: string, to: string, countryCode: string, region: string, source: number];
export type WmiTuple = readonly [wmi: string, manufacturer: string, make: string, countryCode: string, vehicleType: string, source: number];
/** yearFrom/yearTo 0 = open; pattern '' = position 11 alone decides. */
export type PlantTuple = readonly [
  wmi: string, plantCode: string, yearFrom: number, yearTo: number, pattern: string,
  countryCode: string, city: string, state: string, company: string, source: number,
];
export type ModelYearTuple = readonly [code: string, years: readonly number[], source: number];
/** serialDigits 0 = the row holds for any serial; yearTo 0 = still in production. */
export type JdmTuple = readonly [
  modelCode: string, serialDigits: number, manufacturer: string, make: string, model: string, yearFrom: number, yearTo: number,
  plant: string, city: string, prefecture: string, source: number,
];

/** The `source` of every row `vino registry import-vpic` writes; any other source is a curated row. */
export const VPIC_SOURCE = 'NHTSA vPIC';

/** What starts the source of a vPIC row that a correction changed (correctedPlantSource). */
const CORRECTED = `${VPIC_SOURCE}; `;

/**
 * The source of a vPIC plant row that registry/plant-country-corrections.csv, plant-city-corrections.csv
 * or both correct: still vPIC's row, with each correction's own source beside it:
 * `NHTSA vPIC; country: <source>`, `NHTSA vPIC; city: <source>`, or, when both apply,
 * `NHTSA vPIC; country: <source>; city: <source>`. Undefined for none.
 */
export function correctedPlantSource(countrySource: string | undefined, citySource: string | undefined): string | undefined {
  if (countrySource === undefined && citySource === undefined) return undefined;
  const parts = [countrySource === undefined ? null : `country: ${countrySource}`, citySource === undefined ? null : `city: ${citySource}`];
  return CORRECTED + parts.filter((p) => p !== null).join('; ');
}

/**
 * The source of a vPIC WMI row whose holder registry/wmi-corrections.csv corrects: still vPIC's
 * registration (its vehicle type, and so its model-year rule), with the holder from the correction:
 * `NHTSA vPIC; holder: <source>`.
 */
export const correctedWmiSource = (holderSource: string): string => `${CORRECTED}holder: ${holderSource}`;

/** Whether a compiled plant or WMI row is vPIC's, as vPIC gives it or with a correction applied. */
export const isVpicSource = (source: string): boolean => source === VPIC_SOURCE || source.startsWith(CORRECTED);

/** One table: its rows and the distinct source strings the rows point into. */
export interface SourcedTable<T> {
  sources: readonly string[];
  rows: readonly T[];
}

/**
 * A table stored per key (the WMI) as one text of that key's rows, parsed only when the key is
 * first looked up: a one-shot `vino decode` then parses one WMI's plants, not forty thousand rows.
 * A group's text is its rows joined by '\n', each row's fields joined by '\t' (registry fields
 * never hold tabs or line breaks: codegen refuses them).
 */
export interface GroupedTable<T> {
  sources: readonly string[];
  groups: Readonly<Record<string, string>>;
}

export function encodePlantGroup(rows: readonly PlantTuple[]): string {
  return rows.map((r) => r.join('\t')).join('\n');
}

/**
 * A group's rows, each checked against PLANT_COLUMNS and the number of sources. A group that is
 * not what codegen writes means a damaged build, not a bad VIN: it throws, naming the WMI.
 */
export function decodePlantGroup(wmi: string, text: string, sourceCount: number): PlantTuple[] {
  return text.split('\n').map((line, i) => {
    const f = line.split('\t');
    const row = [f[0], f[1], Number(f[2]), Number(f[3]), f[4], f[5], f[6], f[7], f[8], Number(f[9])];
    try {
      checkRow(row, PLANT_COLUMNS, sourceCount, i + 1);
    } catch (err) {
      throw new Error(`the compiled plants of ${wmi} are not what codegen writes (${(err as Error).message}): run npm run build`);
    }
    return row;
  });
}

export interface RegistryData {
  /** The year the registry was built; model years run at most one ahead of it. */
  buildYear: number;
  countryCodes: readonly CountryCodeTuple[];
  iso3780: SourcedTable<Iso3780Tuple>;
  wmi: SourcedTable<WmiTuple>;
  /** Plain rows (small registries, tests) or grouped by WMI (the generated registry). */
  plants: SourcedTable<PlantTuple> | GroupedTable<PlantTuple>;
  modelYears: SourcedTable<ModelYearTuple>;
  jdm: SourcedTable<JdmTuple>;
  /** The vehicle tables; none: every vehicle attribute decodes as null. */
  vehicle?: VehicleData;
}
