// Layer 2: where the vehicle was assembled. The plant code (position 11) is the manufacturer's
// own, so it is read per WMI and model year, and some registry rows also need other positions
// (a vPIC pattern) to pin the plant.
import { CHAR_SLOTS, charSlot } from './alphabet.js';
import { matchesPattern } from './pattern.js';
import { FIRST_MODEL_YEAR, LAST_MODEL_YEAR, type PlantCode, type PlantEntry, type PlantsByCode, type Tables } from './tables.js';

export interface PlantMatch {
  entry: PlantEntry;
  /** True when no row covers the model year and the plant comes from the code's other years. */
  otherYears: boolean;
  /** False when those other years agree on the country but name the city differently. */
  cityKnown: boolean;
}

function inYear(code: PlantCode | undefined, vin: string, year: number): PlantEntry | undefined {
  if (!code) return undefined;
  const index = year - FIRST_MODEL_YEAR;
  const patterned = code.patternedByYear[index];
  if (patterned) {
    for (let i = 0; i < patterned.length; i++) if (matchesPattern(patterned[i]!.pattern!, vin)) return patterned[i];
  }
  return code.byYear.at(index);
}

/**
 * How many model years past its own a plant row may answer for, when no row covers the VIN's year.
 * Makers reuse plant codes: a code's 1980s rows stretched to a 2006 VIN named Renault's plant 1
 * Sandouville, from vPIC's rows for the last Renaults sold in the US (1983-1986).
 */
const OTHER_YEARS_REACH = 10;

/**
 * Whether a row's years come within OTHER_YEARS_REACH of one of `years` (any row, when there are
 * none). `years` are what position 10 can stand for in either 30-year cycle, not only the cycle the
 * position-7 rule picks: European VINs often ignore that rule (a 2016 BMW with a digit at 7 reads 1986).
 */
export function withinReach(row: PlantEntry, years: readonly number[]): boolean {
  if (years.length === 0) return true;
  for (let i = 0; i < years.length; i++) if (years[i]! >= row.yearFrom - OTHER_YEARS_REACH && years[i]! <= row.yearTo + OTHER_YEARS_REACH) return true;
  return false;
}

/**
 * What every matching row of other years within reach agrees on: the place, or only the country (vPIC names BMW's
 * plant L "Spartanburg" one year and "Greer" the others), or nothing. Where rows tied to other VIN
 * positions by a pattern match, the most specific of them speak alone, as they do for a known
 * model year: a curator's row pinned to the VIN is not outvoted by the years it was written to settle.
 */
function agreedPlace(codes: readonly (PlantCode | undefined)[], vin: string, years: readonly number[]): { entry: PlantEntry; cityKnown: boolean; everyYear: boolean } | null {
  let specificity = 0;
  for (const code of codes) {
    for (const row of code?.all ?? []) {
      if (row.specificity > specificity && withinReach(row, years) && matchesPattern(row.pattern!, vin)) specificity = row.specificity;
    }
  }
  let first: PlantEntry | null = null;
  let cityKnown = true;
  // Rows without a year range hold for every year: then the plant is no other years' answer.
  let everyYear = true;
  for (const code of codes) {
    for (const row of code?.all ?? []) {
      if (row.specificity !== specificity || !withinReach(row, years) || (row.pattern && !matchesPattern(row.pattern, vin))) continue;
      if (!first) first = row;
      else if (row.countryCode !== first.countryCode) return null;
      else if (row.city !== first.city) {
        // One place spelled two ways across the years ("Hamura" and "Hamura City", "Gwangmyeong" and
        // "Gwangmyeong (Sohari)"): the name of more words stands; other names leave the city unknown.
        const within = sameWords(first.city, row.city);
        if (within === 0) cityKnown = false;
        else if (within < 0) first = row;
      }
      if (row.yearFrom > FIRST_MODEL_YEAR || row.yearTo < LAST_MODEL_YEAR) everyYear = false;
    }
  }
  return first ? { entry: first, cityKnown, everyYear } : null;
}

/** A city's words, lower-cased: letters only (accents kept). */
function cityWords(city: string): string[] {
  return city.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w !== '');
}

/**
 * Whether two city names are one place written with more or fewer words: 1 when every word of `b`
 * is in `a`, -1 when every word of `a` is in `b` (and `b` has more), 0 otherwise or when either is null.
 */
function sameWords(a: string | null, b: string | null): -1 | 0 | 1 {
  if (a === null || b === null) return 0;
  const wa = cityWords(a), wb = cityWords(b);
  if (wb.every((w) => wa.includes(w))) return 1;
  if (wa.every((w) => wb.includes(w))) return -1;
  return 0;
}

/** Plant codes by character slot (alphabet.ts). */
const PLANT_CODES = CHAR_SLOTS;
const MODEL_YEARS = LAST_MODEL_YEAR - FIRST_MODEL_YEAR + 1;

/**
 * A WMI's plant answers that hold whatever the VIN's other positions say: for each plant code and
 * model year the registry covers without a pattern in the way, the match resolvePlant gives.
 * Made once per WMI (decode-vin.ts keeps it in WmiDecoding), so bounded by the registry.
 *
 * Why: a VIN's plant otherwise takes a chain of about seven dependent loads (code, its rows per
 * year, their index, its byte array, the rows, the row, then the wildcard code's the same way),
 * each likely a cache miss when a fleet spans hundreds of WMIs. Here it is two loads into one
 * typed array and one into an array of shared, frozen matches. `table[c]` is the row of plant
 * code c (0: none), and `table[PLANT_CODES + (row - 1) * MODEL_YEARS + year - FIRST_MODEL_YEAR]`
 * the index + 1 of its match in `matches` (0: none that holds for every VIN; resolvePlant decides).
 */
export class SettledPlants {
  private constructor(private readonly table: Uint16Array, private readonly matches: readonly Readonly<PlantMatch>[]) {}

  /** For a WMI without plant rows. */
  static readonly NONE = new SettledPlants(new Uint16Array(PLANT_CODES), []);

  static of(plants: PlantsByCode): SettledPlants {
    const wildcard = plants.wildcard;
    const codes: number[] = [];
    for (let c = 0; c < PLANT_CODES; c++) if (plants.codes[c]) codes.push(c);
    const table = new Uint16Array(PLANT_CODES + codes.length * MODEL_YEARS);
    const matches: Readonly<PlantMatch>[] = [];
    const index = new Map<PlantEntry, number>();
    codes.forEach((c, row) => {
      table[c] = row + 1;
      const code = plants.codes[c]!;
      for (let y = 0; y < MODEL_YEARS; y++) {
        // What inYear(code) ?? inYear(wildcard) gives, where no patterned row makes it depend on the VIN.
        if (code.patternedByYear[y]!.length > 0) continue;
        let entry = code.byYear.at(y);
        if (!entry && wildcard) {
          if (wildcard.patternedByYear[y]!.length > 0) continue;
          entry = wildcard.byYear.at(y);
        }
        if (!entry) continue;
        let at = index.get(entry);
        if (at === undefined) {
          index.set(entry, at = matches.length);
          matches.push(Object.freeze({ entry, otherYears: false, cityKnown: true }));
        }
        table[PLANT_CODES + row * MODEL_YEARS + y] = at + 1;
      }
    });
    return new SettledPlants(table, matches);
  }

  /** The match for the VIN's plant code in a year, when it holds for every VIN; undefined: ask resolvePlant. */
  at(vin: string, year: number): Readonly<PlantMatch> | undefined {
    const row = this.table[charSlot(vin.charCodeAt(10))]!;
    const y = year - FIRST_MODEL_YEAR;
    if (row === 0 || y < 0 || y >= MODEL_YEARS) return undefined;
    const m = this.table[PLANT_CODES + (row - 1) * MODEL_YEARS + y]!;
    return m === 0 ? undefined : this.matches[m - 1];
  }
}

/**
 * The plant for a VIN, trying its model year candidates from the most recent (`plantAt11` false:
 * from the `*` rows only). When no row covers
 * any candidate year, the rows of other years within reach of `reachYears` (withinReach) are used
 * only if they all name the same place.
 */
export function resolvePlant(plants: PlantsByCode, vin: string, years: readonly number[], reachYears: readonly number[], plantAt11 = true): PlantMatch | null {
  // Where position 11 is no plant code (maker-layouts.ts), only the `*` rows speak.
  const exact = plantAt11 ? plants.codes[charSlot(vin.charCodeAt(10))] : undefined;
  const wildcard = plants.wildcard;
  if (!exact && !wildcard) return null;
  for (let i = years.length - 1; i >= 0; i--) {
    const hit = inYear(exact, vin, years[i]!) ?? inYear(wildcard, vin, years[i]!);
    if (hit) return { entry: hit, otherYears: false, cityKnown: true };
  }
  const agreed = agreedPlace([exact, wildcard], vin, reachYears);
  return agreed ? { entry: agreed.entry, otherYears: !agreed.everyYear, cityKnown: agreed.cityKnown } : null;
}
