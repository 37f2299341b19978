// Phase 3: turn validated CSV rows into sorted tuples. Sorting makes the output independent of
// the order rows were written in, so reordering a CSV never changes the generated tables.
import { VIN_ORDER } from '../src/decode/alphabet.js';
import {
  correctedPlantSource, correctedWmiSource, type CountryCodeTuple, type Iso3780Tuple, type JdmTuple, type ModelYearTuple, type PlantTuple, type RegistryData,
  type SourcedTable, type WmiTuple,
} from '../src/decode/registry-data.js';
import { plantCityKey, VPIC_SOURCE, type RegistryRows, type SourceRow } from './tables.js';

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const num = (text: string | undefined): number => (text ? Number(text) : 0);

function compareTuples(a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i], y = b[i];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return byText(String(x), String(y));
  }
  return 0;
}

/** Builds a table whose rows refer to a sorted list of their distinct sources by index. */
function sourced<T extends readonly unknown[]>(rows: SourceRow[], toTuple: (v: Record<string, string>, source: number) => T, order: (a: T, b: T) => number = compareTuples): SourcedTable<T> {
  const sources = [...new Set(rows.map((r) => r.values.source!))].sort(byText);
  const index = new Map(sources.map((s, i) => [s, i]));
  const tuples = rows.map((r) => toTuple(r.values, index.get(r.values.source!)!));
  return { sources, rows: tuples.sort(order) };
}

const vinOrder = (a: Iso3780Tuple, b: Iso3780Tuple): number =>
  VIN_ORDER.indexOf(a[0]) - VIN_ORDER.indexOf(b[0]) || VIN_ORDER.indexOf(a[1]) - VIN_ORDER.indexOf(b[1]);

/**
 * wmi.csv with registry/wmi-corrections.csv applied: a corrected WMI keeps vPIC's vehicle type and
 * registration (its source reads `NHTSA vPIC; holder: <the correction's source>`, so the
 * position-7 model-year rule still applies where vPIC's type takes it) and takes the holder's name,
 * make(s) and country from the correction.
 */
function corrected(rows: RegistryRows): SourceRow[] {
  const corrections = new Map(rows['wmi-corrections'].map((r) => [r.values.wmi!, r.values]));
  return rows.wmi.map((row) => {
    const fix = corrections.get(row.values.wmi!);
    return fix ? { line: row.line, values: { ...row.values, manufacturer: fix.manufacturer!, make: fix.make!, country_code: fix.country_code!, source: correctedWmiSource(fix.source!) } } : row;
  });
}

/**
 * plants.csv with registry/plant-country-corrections.csv and plant-city-corrections.csv applied.
 * Both are keyed on the NHTSA vPIC row as the import wrote it (its country and city), so neither
 * depends on the other having been applied: a vPIC row whose country and city a country correction
 * names takes its country; one whose country and city a city correction names takes its city and
 * the state where it gives one; a row both name takes both. The source then names vPIC and each
 * correction's source (correctedPlantSource). Curated rows are never touched.
 */
function plantsCorrected(rows: RegistryRows): SourceRow[] {
  const countries = new Map(rows['plant-country-corrections'].map((r) => [plantCityKey(r.values.vpic_country_code!, r.values.vpic_city!), r.values]));
  const cities = new Map(rows['plant-city-corrections'].map((r) => [plantCityKey(r.values.country_code!, r.values.vpic_city!), r.values]));
  return rows.plants.map((row) => {
    if (row.values.source !== VPIC_SOURCE) return row;
    const key = plantCityKey(row.values.country_code!, row.values.city!);
    const country = countries.get(key), city = cities.get(key);
    const source = correctedPlantSource(country?.source, city?.source);
    if (source === undefined) return row;
    return {
      line: row.line,
      values: {
        ...row.values,
        country_code: country?.country_code ?? row.values.country_code!,
        city: city?.city ?? row.values.city!,
        state: city?.state || row.values.state!,
        source,
      },
    };
  });
}

export function normalise(rows: RegistryRows, buildYear: number): RegistryData {
  const countryCodes: CountryCodeTuple[] = rows['country-codes']
    .map((r): CountryCodeTuple => [r.values.code!, r.values.name!])
    .sort(compareTuples);
  return {
    buildYear,
    countryCodes,
    iso3780: sourced(rows.countries, (v, s): Iso3780Tuple => [v.first_char!, v.second_from!, v.second_to!, v.country_code!, v.region!, s], vinOrder),
    wmi: sourced(corrected(rows), (v, s): WmiTuple => [v.wmi!, v.manufacturer!, v.make!, v.country_code!, v.vehicle_type!, s]),
    plants: sourced(plantsCorrected(rows), (v, s): PlantTuple => [
      v.wmi!, v.plant_code!, num(v.year_from), num(v.year_to), v.vin_pattern!, v.country_code!, v.city!, v.state!, v.company!, s,
    ]),
    modelYears: sourced(rows['model-years'], (v, s): ModelYearTuple => [v.code!, v.years!.split(';').map(Number), s]),
    jdm: sourced(rows['jdm-chassis'], (v, s): JdmTuple => [
      v.model_code!, num(v.serial_digits), v.manufacturer!, v.make!, v.model!, num(v.year_from), num(v.year_to), v.plant!, v.plant_city!, v.plant_prefecture!, s,
    ]),
  };
}
