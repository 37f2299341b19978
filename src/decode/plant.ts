// Layer 2: where the vehicle was assembled. The plant code (position 11) is the manufacturer's
// own, so it is read per WMI and model year, and some registry rows also need other positions
// (a vPIC pattern) to pin the plant.
import type { DecodeResult } from '../generated/contract.js';
import { matchesPattern } from './pattern.js';
import type { PlantEntry, PlantsByCode, Tables } from './tables.js';

export const GOVERNMENT_SOURCE = 'NHTSA vPIC';

export interface PlantMatch {
  entry: PlantEntry;
  /** True when no row covers the model year and the plant comes from the code's other years. */
  otherYears: boolean;
}

function firstMatch(rows: readonly PlantEntry[] | undefined, vin: string, year: number, out: PlantEntry[]): PlantEntry | null {
  if (!rows) return null;
  for (const row of rows) {
    if (row.pattern && !matchesPattern(row.pattern, vin)) continue;
    if (year >= row.yearFrom && year <= row.yearTo) return row;
    out.push(row);
  }
  return null;
}

/**
 * The plant for a VIN, trying its model year candidates from the most recent. When no row covers
 * any candidate year, the rows of other years are used only if they all name the same place.
 */
export function resolvePlant(byCode: PlantsByCode, vin: string, years: readonly number[]): PlantMatch | null {
  const exact = byCode.get(vin[10]!);
  const wildcard = byCode.get('*');
  if (!exact && !wildcard) return null;
  const elsewhere: PlantEntry[] = [];
  for (let i = years.length - 1; i >= 0; i--) {
    const year = years[i]!;
    const hit = firstMatch(exact, vin, year, elsewhere) ?? firstMatch(wildcard, vin, year, elsewhere);
    if (hit) return { entry: hit, otherYears: false };
  }
  if (years.length === 0) {
    for (const row of [...(exact ?? []), ...(wildcard ?? [])]) if (!row.pattern || matchesPattern(row.pattern, vin)) elsewhere.push(row);
  }
  const first = elsewhere[0];
  if (!first) return null;
  const samePlace = elsewhere.every((r) => r.countryCode === first.countryCode && r.city === first.city);
  return samePlace ? { entry: first, otherYears: true } : null;
}

const layerCache = new WeakMap<PlantEntry, Readonly<DecodeResult['assembly']>>();

/** The assembly layer for a plant row: frozen and shared between decodes. */
export function assemblyLayer(tables: Tables, entry: PlantEntry, plantCode: string): Readonly<DecodeResult['assembly']> {
  const cached = layerCache.get(entry);
  if (cached && cached.plantCode === plantCode) return cached;
  const { city, state } = entry;
  const layer = Object.freeze({
    plantCode,
    country: tables.countryName.get(entry.countryCode) ?? null,
    countryCode: entry.countryCode,
    city,
    state,
    cityState: city && state ? `${city}, ${state}` : (city ?? state),
    details: entry.company,
    source: entry.source === GOVERNMENT_SOURCE ? 'Government Registry' : 'Curated Registry',
  });
  layerCache.set(entry, layer);
  return layer;
}
