// Phase 3: turn validated CSV rows into sorted tuples. Sorting makes the output independent of
// the order rows were written in, so reordering a CSV never changes the generated tables.
import { VIN_ORDER } from '../src/decode/alphabet.js';
import {
  correctedCitySource, type CountryCodeTuple, type Iso3780Tuple, type JdmTuple, type ModelYearTuple, type PlantTuple, type RegistryData,
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
 * takes the holder's name, make(s), country and source from the correction.
 */
function corrected(rows: RegistryRows): SourceRow[] {
  const corrections = new Map(rows['wmi-corrections'].map((r) => [r.values.wmi!, r.values]));
  return rows.wmi.map((row) => {
    const fix = corrections.get(row.values.wmi!);
    return fix ? { line: row.line, values: { ...row.values, manufacturer: fix.manufacturer!, make: fix.make!, country_code: fix.country_code!, source: fix.source! } } : row;
  });
}

/**
 * plants.csv with registry/plant-city-corrections.csv applied: a vPIC row of the correction's
 * country whose city is exactly `vpic_city` takes the correction's city, its state where it gives
 * one, and a source that names both vPIC and the city's source. Curated rows are never touched.
 */
function cityCorrected(rows: RegistryRows): SourceRow[] {
  const corrections = new Map(rows['plant-city-corrections'].map((r) => [plantCityKey(r.values.country_code!, r.values.vpic_city!), r.values]));
  return rows.plants.map((row) => {
    const fix = row.values.source === VPIC_SOURCE ? corrections.get(plantCityKey(row.values.country_code!, row.values.city!)) : undefined;
    return fix ? { line: row.line, values: { ...row.values, city: fix.city!, state: fix.state || row.values.state!, source: correctedCitySource(fix.source!) } } : row;
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
    plants: sourced(cityCorrected(rows), (v, s): PlantTuple => [
      v.wmi!, v.plant_code!, num(v.year_from), num(v.year_to), v.vin_pattern!, v.country_code!, v.city!, v.state!, v.company!, s,
    ]),
    modelYears: sourced(rows['model-years'], (v, s): ModelYearTuple => [v.code!, v.years!.split(';').map(Number), s]),
    jdm: sourced(rows['jdm-chassis'], (v, s): JdmTuple => [
      v.model_code!, num(v.serial_digits), v.manufacturer!, v.make!, v.model!, num(v.year_from), num(v.year_to), v.plant!, v.plant_city!, v.plant_prefecture!, s,
    ]),
  };
}
