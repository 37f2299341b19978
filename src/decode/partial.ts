// Partial VINs (DESIGN.md, "Identifiers that are not clean VINs"): 17 positions with '*' for each
// unknown one (an 11-16 character prefix is padded with '*'). The VIN decoder reads them with these
// helpers: what the known positions decide is reported, what an unknown position could change is
// not guessed. The check digit cannot be verified while any position is unknown (every position
// but 9 carries a weight, and 9 is the digit itself).
import type { DecodeResult, Evidence, Warning } from '../generated/contract.js';
import { charSlot, CHECK_WEIGHTS, hasSlot, TRANSLITERATION, VIN_ORDER } from './alphabet.js';
import { CHECK_DIGIT_CHARS } from './check-digit.js';
import { NO_PLANTS, type CorporateOrigin } from './corporate-origin.js';
import { readModelYear, type ModelYearReading } from './model-year.js';
import type { VinPattern } from './pattern.js';
import { withinReach, type PlantMatch } from './plant.js';
import { FIRST_MODEL_YEAR, type PlantCode, type PlantEntry, type PlantsByCode, type Tables } from './tables.js';
import { positionRanges } from '../identifier-text.js';

/** The check-digit remainder the VIN decoder is handed for a partial VIN (a real one is 0-10). */
export const PARTIAL = -1;

const STAR = 42; // '*'

/** The shortest prefix read as a partial VIN: positions 1-11 hold the WMI, model year and plant code. */
export const MIN_PARTIAL_LENGTH = 11;

const isUnknown = (vin: string, index: number): boolean => vin.charCodeAt(index) === STAR;

/** Whether the WMI (positions 1-3, and 12-14 for a low-volume maker's '9') is fully known. */
export function wmiKnown(vin: string): boolean {
  if (isUnknown(vin, 0) || isUnknown(vin, 1) || isUnknown(vin, 2)) return false;
  return vin.charCodeAt(2) !== 57 || !(isUnknown(vin, 11) || isUnknown(vin, 12) || isUnknown(vin, 13));
}

/**
 * Layer 1 when part of the WMI is unknown: only the ISO 3780 country of positions 1-2, when both
 * are known. (With the WMI known, the VIN decoder's own origin cache answers.)
 */
export function originWithoutWmi(tables: Tables, vin: string): CorporateOrigin {
  const range = isUnknown(vin, 0) || isUnknown(vin, 1) ? null : tables.iso3780.get(vin.slice(0, 2)) ?? null;
  const countryCode = range?.countryCode ?? null;
  const evidence: Evidence[] = countryCode ? [Object.freeze({ layer: 'corporateOrigin', table: 'countries', key: vin.slice(0, 2), source: range!.source })] : [];
  return {
    wmi: vin.slice(0, 3), lowVolume: false, range, entry: null,
    checkDigitRequired: range?.region === 'North America' || countryCode === 'CN',
    plants: NO_PLANTS, position7Rule: false, firstYear: 0,
    layer: Object.freeze({ wmi: null, country: range?.country ?? null, countryCode, region: range?.region ?? null, manufacturer: null, productionVolume: null }),
    evidence, warnings: [],
  };
}

const UNKNOWN_YEAR: ModelYearReading = Object.freeze({ modelYear: null, candidates: Object.freeze([]), byPosition7: false, evidence: null, key: -1, code: '*' });

/**
 * Position 10 read as for any VIN. The position-7 rule stands in for a check digit that holds: where
 * the check digit is mandatory (North America, China) the VIN was written to Part 565, so a known
 * position 7 tells the 30-year cycle.
 */
export function partialModelYear(tables: Tables, vin: string, origin: CorporateOrigin): ModelYearReading {
  const rule = origin.position7Rule && origin.checkDigitRequired && !isUnknown(vin, 6);
  if (!isUnknown(vin, 9)) return readModelYear(tables, vin, rule, true);
  // Position 10 alone unknown where the check digit is mandatory: the codes it allows give the few years possible.
  const allowed = origin.checkDigitRequired && onlyUnknown(vin, 9) ? charactersTheCheckDigitAllows(vin, 9) : null;
  if (!allowed) return UNKNOWN_YEAR;
  const years = new Set<number>();
  for (const ch of allowed) for (const y of readModelYear(tables, vin.slice(0, 9) + ch + vin.slice(10), rule, true).candidates) years.add(y);
  const candidates = Object.freeze([...years].sort((a, b) => a - b));
  return Object.freeze({ ...UNKNOWN_YEAR, candidates, modelYear: candidates.length === 1 ? candidates[0]! : null });
}

function onlyUnknown(vin: string, index: number): boolean {
  for (let i = 0; i < 17; i++) if (isUnknown(vin, i) !== (i === index)) return false;
  return true;
}

/**
 * The characters that make the check digit hold at the one unknown position `index` (not 9), by
 * 49 CFR 565.15(c): weight x value = check - sum (mod 11); null when position 9 is no check digit.
 */
function charactersTheCheckDigitAllows(vin: string, index: number): string[] | null {
  const check = CHECK_DIGIT_CHARS.indexOf(vin[8]!);
  if (check < 0) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) if (i !== index) sum += TRANSLITERATION[vin.charCodeAt(i)]! * CHECK_WEIGHTS[i]!;
  let value = -1;
  for (let v = 0; v <= 9; v++) if ((sum + v * CHECK_WEIGHTS[index]!) % 11 === check) value = v;
  return [...VIN_ORDER].filter((ch) => TRANSLITERATION[ch.charCodeAt(0)] === value);
}

export function partialCheckDigit(vin: string, required: boolean): Readonly<DecodeResult['validation']['checkDigit']> {
  return Object.freeze({ status: 'NOT_APPLICABLE', calculated: null, actual: isUnknown(vin, 8) ? null : vin[8]!, required });
}

const NO = 0, YES = 1, MAYBE = 2;

/** Whether a pattern matches: YES, NO, or MAYBE when it holds on every known position it constrains but also constrains an unknown one. */
function partialMatch(pattern: VinPattern, vin: string, touched: Set<number>): number {
  const { positions, low, high } = pattern;
  let maybe = false;
  for (let i = 0; i < positions.length; i++) {
    const code = vin.charCodeAt(positions[i]!);
    if (code === STAR) {
      maybe = true;
      continue;
    }
    if (!hasSlot(low[i]!, high[i]!, charSlot(code))) return NO;
  }
  if (!maybe) return YES;
  for (const p of positions) if (isUnknown(vin, p)) touched.add(p + 1);
  return MAYBE;
}

/**
 * The rows of one code that may decide a year, in the order the clean decoder tries them (plant.ts):
 * patterned rows, most specific first, then the row without a pattern. True when one surely matches.
 */
function possibleInYear(code: PlantCode | undefined, vin: string, year: number, out: PlantEntry[], touched: Set<number>): boolean {
  if (!code) return false;
  const index = year - FIRST_MODEL_YEAR;
  for (const row of code.patternedByYear[index] ?? []) {
    const m = partialMatch(row.pattern!, vin, touched);
    if (m === NO) continue;
    out.push(row);
    if (m === YES) return true;
  }
  const fallback = code.byYear.at(index);
  if (fallback) out.push(fallback);
  return fallback !== undefined;
}

/** The place every possible row names: all of it, only the country, or nothing. */
function agreement(rows: readonly PlantEntry[]): { entry: PlantEntry; cityKnown: boolean } | null {
  const first = rows[0];
  if (!first) return null;
  let cityKnown = true;
  for (const row of rows) {
    if (row.countryCode !== first.countryCode) return null;
    if (row.city !== first.city || row.state !== first.state) cityKnown = false;
  }
  return { entry: first, cityKnown };
}

export interface PartialPlant {
  match: PlantMatch | null;
  /** 1-based unknown positions that kept the plant from being decided (11 when the plant code is unknown); empty when it was. */
  undecidedBy: readonly number[];
  /** The places the rows that may match name, when the plant is undecided between them. */
  possiblePlaces: readonly string[];
}

const placeOf = (row: PlantEntry): string => [row.city, row.state, row.countryCode].filter(Boolean).join(', ');

/**
 * The plant of a partial VIN: as plant.ts decides it for a clean VIN, except that a row whose
 * pattern constrains an unknown position may or may not match. The plant is reported only when
 * every row that may match names the same place (the same country, at least).
 */
export function resolvePartialPlant(plants: PlantsByCode, vin: string, reading: ModelYearReading, reachYears: readonly number[]): PartialPlant {
  const years = reading.candidates;
  if (isUnknown(vin, 10)) return { match: null, undecidedBy: [11], possiblePlaces: [] };
  const exact = plants.codes[charSlot(vin.charCodeAt(10))];
  const wildcard = plants.wildcard;
  const touched = new Set<number>();
  const rows: PlantEntry[] = [];
  // With the model year undecided, every candidate year's rows must agree; otherwise the most recent year that has rows decides, as for a clean VIN.
  const everyYear = reading.modelYear === null;
  for (let i = years.length - 1; i >= 0 && (rows.length === 0 || everyYear); i--) {
    if (!possibleInYear(exact, vin, years[i]!, rows, touched)) possibleInYear(wildcard, vin, years[i]!, rows, touched);
  }
  let otherYears = false;
  if (rows.length === 0) {
    // No row covers the model year (or it is unknown): the code's rows of other years within reach, if they agree.
    otherYears = true;
    for (const code of [exact, wildcard]) {
      for (const row of code?.all ?? []) if (withinReach(row, reachYears) && (!row.pattern || partialMatch(row.pattern, vin, touched) !== NO)) rows.push(row);
    }
  }
  const agreed = agreement(rows);
  if (agreed) return { match: { entry: agreed.entry, otherYears, cityKnown: agreed.cityKnown }, undecidedBy: [], possiblePlaces: [] };
  return { match: null, undecidedBy: [...touched].sort((a, b) => a - b), possiblePlaces: [...new Set(rows.map(placeOf))] };
}

/** Few enough possibilities to list in a sentence. */
const FEW = 4;

const orList = (items: readonly string[]): string => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`);

/**
 * What the check digit says about the one unknown position of a VIN whose check digit is mandatory
 * (49 CFR 565.15(c): the weighted sum modulo 11): the characters that would make it hold there, or
 * the digit itself when it is the unknown one. Null when it says nothing (more than one unknown).
 */
function checkDigitNarrows(vin: string, unknown: readonly number[]): string | null {
  if (unknown.length !== 1) return null;
  const index = unknown[0]! - 1;
  let sum = 0;
  for (let i = 0; i < 17; i++) if (i !== index) sum += TRANSLITERATION[vin.charCodeAt(i)]! * CHECK_WEIGHTS[i]!;
  if (index === 8) return `the other positions give check digit ${CHECK_DIGIT_CHARS[sum % 11]}`;
  const fits = charactersTheCheckDigitAllows(vin, index);
  if (!fits) return null;
  return fits.length === 0 ? `no character at position ${index + 1} makes the check digit hold, so another position is mistyped`
    : `the check digit allows only ${orList(fits)} at position ${index + 1}`;
}

/** The warning every partial VIN carries: which positions are unknown, and what they leave undecided. */
export function partialWarning(vin: string, origin: CorporateOrigin, reading: ModelYearReading, plant: PartialPlant): Warning {
  const unknown: number[] = [];
  for (let i = 0; i < 17; i++) if (isUnknown(vin, i)) unknown.push(i + 1);
  const undecided: string[] = [];
  if (!wmiKnown(vin)) undecided.push(origin.range ? 'the manufacturer (WMI)' : 'the country and manufacturer (WMI)');
  if (reading.code === '*' && reading.modelYear === null) {
    undecided.push(reading.candidates.length > 0 ? `the model year (${orList(reading.candidates.map(String))})` : 'the model year (position 10)');
  }
  if (plant.undecidedBy.length > 0) {
    const places = plant.possiblePlaces.length > 1 && plant.possiblePlaces.length <= FEW ? `: ${orList(plant.possiblePlaces)}` : '';
    undecided.push(plant.undecidedBy.length === 1 && plant.undecidedBy[0] === 11 ? 'the plant (position 11)'
      : `the plant${places} (the registry's plant rows for this code also read position${plant.undecidedBy.length > 1 ? 's' : ''} ${positionRanges(plant.undecidedBy)})`);
  }
  const many = unknown.length > 1;
  const narrowed = origin.checkDigitRequired ? checkDigitNarrows(vin, unknown) : null;
  return {
    code: 'PARTIAL_VIN',
    message: `Position${many ? 's' : ''} ${positionRanges(unknown)} ${many ? 'are' : 'is'} unknown, so the check digit cannot be verified`
      + (narrowed ? ` (${narrowed})` : '')
      + (undecided.length > 0 ? `; not decided: ${undecided.join('; ')}.` : '.'),
  };
}
