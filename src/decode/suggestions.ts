// Corrected VINs for a VIN that holds I, O or Q, or whose check digit does not hold (DESIGN.md,
// "Identifiers that are not clean VINs"). One mistake is looked for: a character read or typed as
// another (confusables.ts), two neighbours swapped, or the check digit itself mistyped; I, O and Q
// must go in any case. Each suggestion passes the check digit (49 CFR 565.15(c)), has a registered
// WMI and a model-year code at position 10; those whose plant resolves are preferred. Deterministic:
// ranked by cost, equal costs by the kind of mistake, then its position and character.
//
// Cheap enough for batches: the check digit is a weighted sum modulo 11, so for each position the
// characters that would make it hold are found by arithmetic (a few per position), not by trying
// all 33; only those few candidates are built and looked up.
import { CHAR_SLOT_BASE, charSlot } from './alphabet.js';
import type { Suggestion, SuggestionChange } from '../generated/contract.js';
import { CHECK_WEIGHTS, TRANSLITERATION } from './alphabet.js';
import { CHECK_DIGIT_CHARS } from './check-digit.js';
import { COST, mistakeKind, substitutionCost } from './confusables.js';
import { effectiveWmi, NO_PLANTS } from './corporate-origin.js';
import { followsPosition7Rule, position10Years, readModelYear } from './model-year.js';
import { resolvePlant } from './plant.js';
import type { PlantsByCode, Tables, WmiEntry } from './tables.js';

export const MAX_SUGGESTIONS = 5;

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const IOQ = 'IOQ';
const isExcluded = (c: number): boolean => c === 73 || c === 79 || c === 81;

/** VIN characters by transliteration value 0-9 (49 CFR 565.15(c)). */
const CHARS_BY_VALUE: readonly string[] = Array.from({ length: 10 }, (_, v) => [...VIN_CHARS].filter((ch) => TRANSLITERATION[ch.charCodeAt(0)] === v).join(''));

/** Multiplicative inverses modulo 11 of 1-10. */
const INVERSE_MOD_11 = [0, 1, 6, 4, 3, 9, 2, 8, 7, 5, 10];

/** The value position 9 stands for (0-9, X = 10), or -1 when it cannot be a check digit. */
function checkValue(c: number): number {
  return c >= 48 && c <= 57 ? c - 48 : c === 88 ? 10 : -1;
}

interface Candidate {
  vin: string;
  cost: number;
  /** The index of the first of two swapped neighbours, or -1. */
  swapAt: number;
}

/** The ways to replace the I, O and Q of a VIN, cheapest first; at most a few dozen combinations. */
function replacementsForExcluded(text: string, excluded: readonly number[]): { vin: string; cost: number }[] {
  // Few positions: every replacement of each; more: only the likeliest few, so the product stays small.
  const perPosition = excluded.length === 1 ? VIN_CHARS.length : excluded.length === 2 ? 6 : excluded.length === 3 ? 3 : 1;
  let combos = [{ vin: text, cost: 0 }];
  for (const index of excluded) {
    const given = text.charCodeAt(index);
    const options = [...VIN_CHARS].map((ch) => ({ ch, cost: substitutionCost(given, ch.charCodeAt(0)) }))
      .sort((a, b) => a.cost - b.cost || (a.ch < b.ch ? -1 : 1)).slice(0, perPosition);
    combos = combos.flatMap((c) => options.map((o) => ({ vin: c.vin.slice(0, index) + o.ch + c.vin.slice(index + 1), cost: c.cost + o.cost })));
  }
  return combos.sort((a, b) => a.cost - b.cost);
}

function describeSubstitution(given: string, meant: string, position: number, cost: number): string {
  if (IOQ.includes(given)) return `${given} at position ${position} is probably ${meant} (VINs never use ${given})`;
  if (position === 9) return `the check digit (position 9) is probably ${meant}, not ${given}`;
  const kind = mistakeKind(cost);
  return `${given} at position ${position} is probably ${meant}`
    + (kind === 'lookAlike' ? ' (they look alike)' : kind === 'neighbouringKeys' ? ' (neighbouring keys)' : '');
}

/**
 * Whether a corrected VIN is one to offer, and whether its plant resolves (a cost when not). Most
 * candidates of one decode share the WMI, so its registry lookups are kept for the next.
 */
class Checker {
  private wmi = '';
  private entry: WmiEntry | undefined;
  private plants: PlantsByCode = NO_PLANTS;
  private position7Rule = false;

  constructor(private readonly tables: Tables) {}

  penalty(vin: string): number | null {
    if (!this.tables.modelYearByChar[charSlot(vin.charCodeAt(9))]) return null;
    const wmi = effectiveWmi(vin);
    if (wmi !== this.wmi) {
      this.wmi = wmi;
      this.entry = this.tables.wmi.get(wmi);
      this.plants = this.entry ? this.tables.plants.get(wmi) ?? NO_PLANTS : NO_PLANTS;
      this.position7Rule = followsPosition7Rule(this.entry, this.tables.iso3780.get(vin.slice(0, 2))?.region);
    }
    if (!this.entry) return null;
    const reading = readModelYear(this.tables, vin, this.position7Rule, true);
    return resolvePlant(this.plants, vin, reading.candidates, position10Years(this.tables, vin)) ? 0 : COST.plantUnresolved;
  }
}

function remainderOf(vin: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += TRANSLITERATION[vin.charCodeAt(i)]! * CHECK_WEIGHTS[i]!;
  return sum % 11;
}

/** How many ways of replacing I, O and Q also get a second mistake looked for. */
const COMBOS_WITH_A_SECOND_MISTAKE = 3;

/**
 * Up to five corrected VINs for a 17-character text of VIN characters and I, O, Q, most likely
 * first; [] for any other text.
 */
export function suggestCorrections(tables: Tables, text: string): Suggestion[] {
  if (text.length !== 17) return [];
  const excluded: number[] = [];
  for (let i = 0; i < 17; i++) {
    const c = text.charCodeAt(i);
    if (isExcluded(c)) excluded.push(i);
    else if (c >= 128 || TRANSLITERATION[c]! < 0) return [];
  }
  // Each candidate is first a number: cost, then which replacement of I, O and Q, which kind of
  // mistake, where and to what. Sorting numbers is cheap; only the cheapest few become VINs.
  const candidates: number[] = [];
  // Characters that neither look alike nor sit on a neighbouring key: kept apart, and ranked only
  // when the likelier mistakes do not give five suggestions (they are most of the candidates).
  const unlikely: number[] = [];
  const combos = excluded.length === 0 ? [{ vin: text, cost: 0 }] : replacementsForExcluded(text, excluded);
  // When reading each I, O and Q as its look-alike already gives a VIN that holds, that is the answer: no second mistake is looked for.
  let plainReadingHolds = false;
  for (let n = 0; n < combos.length; n++) {
    const { vin, cost } = combos[n]!;
    if (excluded.length === 0 || remainderOf(vin) !== checkValue(vin.charCodeAt(8))) continue;
    candidates.push(packed(cost, n, ALONE, 0, 48));
    if (cost <= COST.lookAlike * excluded.length) plainReadingHolds = true;
  }
  for (let n = 0; n < combos.length && n < COMBOS_WITH_A_SECOND_MISTAKE && !plainReadingHolds; n++) {
    const { vin, cost: base } = combos[n]!;
    const remainder = remainderOf(vin);
    const check = checkValue(vin.charCodeAt(8));
    const fixed = (i: number): boolean => excluded.includes(i);

    // One character wrong (not the check digit): the value it must have for the sum to match.
    const need = (check - remainder + 11) % 11;
    if (check >= 0 && need !== 0) {
      for (let i = 0; i < 17; i++) {
        if (i === 8 || fixed(i)) continue;
        const given = vin.charCodeAt(i);
        const wanted = CHARS_BY_VALUE[(TRANSLITERATION[given]! + need * INVERSE_MOD_11[CHECK_WEIGHTS[i]!]!) % 11] ?? '';
        for (let k = 0; k < wanted.length; k++) {
          const to = wanted.charCodeAt(k);
          const cost = substitutionCost(given, to);
          (cost >= COST.other ? unlikely : candidates).push(packed(base + cost, n, SUBSTITUTION, i, to));
        }
      }
    }
    // The check digit itself mistyped.
    if (check !== remainder && !fixed(8)) {
      const to = CHECK_DIGIT_CHARS.charCodeAt(remainder);
      candidates.push(packed(base + Math.min(substitutionCost(vin.charCodeAt(8), to), COST.checkDigitTypo), n, SUBSTITUTION, 8, to));
    }
    // Two neighbours swapped.
    for (let i = 0; i < 16; i++) {
      if (vin.charCodeAt(i) === vin.charCodeAt(i + 1) || fixed(i) || fixed(i + 1)) continue;
      // Away from the check digit a swap moves the sum by (b - a)(w_i - w_i+1); next to it, the digit moves too.
      const holds = i === 7 || i === 8 ? remainderOf(swap(vin, i)) === checkValue(vin.charCodeAt(i === 7 ? 7 : 9))
        : (remainder + (TRANSLITERATION[vin.charCodeAt(i + 1)]! - TRANSLITERATION[vin.charCodeAt(i)]!) * (CHECK_WEIGHTS[i]! - CHECK_WEIGHTS[i + 1]!) + 121) % 11 === check;
      if (holds) candidates.push(packed(base + COST.adjacentSwap, n, SWAP, i, 48));
    }
  }
  const vins = combos.map((c) => c.vin);
  let best = rank(tables, vins, candidates);
  if (unlikely.length > 0 && (best.length < MAX_SUGGESTIONS || best[MAX_SUGGESTIONS - 1]!.cost >= COST.other)) best = rank(tables, vins, candidates.concat(unlikely));
  return best.map((c) => explain(text, c));
}

const ALONE = 0, SUBSTITUTION = 1, SWAP = 2;

/** cost, combination, kind, index (0-16), character slot (alphabet.ts): one number, ordered by cost first. */
function packed(cost: number, combo: number, kind: number, index: number, to: number): number {
  return cost * 2 ** 20 + combo * 2 ** 14 + kind * 2 ** 12 + index * 2 ** 7 + charSlot(to);
}

function swap(vin: string, i: number): string {
  return vin.slice(0, i) + vin[i + 1] + vin[i] + vin.slice(i + 2);
}

function unpack(combos: readonly string[], key: number): Candidate {
  const cost = Math.floor(key / 2 ** 20);
  const vin = combos[Math.floor(key / 2 ** 14) % 64]!;
  const kind = Math.floor(key / 2 ** 12) % 4;
  const index = Math.floor(key / 2 ** 7) % 32;
  const to = String.fromCharCode(CHAR_SLOT_BASE + (key % 128));
  if (kind === SWAP) return { vin: swap(vin, index), cost, swapAt: index };
  return { vin: kind === SUBSTITUTION ? vin.slice(0, index) + to + vin.slice(index + 1) : vin, cost, swapAt: -1 };
}

/** The changes a candidate makes to the text, and why each is likely, in a sentence. */
function explain(text: string, { vin, swapAt }: Candidate): Suggestion {
  const changes: SuggestionChange[] = [];
  const reasons: string[] = [];
  for (let i = 0; i < 17; i++) {
    if (text[i] === vin[i]) continue;
    changes.push({ position: i + 1, from: text[i]!, to: vin[i]! });
    if (i === swapAt) reasons.push(`positions ${i + 1} and ${i + 2} swapped (${text.slice(i, i + 2)} for ${vin.slice(i, i + 2)})`);
    else if (i !== swapAt + 1 || swapAt < 0) reasons.push(describeSubstitution(text[i]!, vin[i]!, i + 1, substitutionCost(text.charCodeAt(i), vin.charCodeAt(i))));
  }
  const [first, ...rest] = changes;
  return { vin, changes: [first!, ...rest], reason: sentence(reasons) };
}

/**
 * The best five after the registry has had its say: candidates are looked up cheapest first, and
 * the look-ups stop once no candidate left could rank among the five (a penalty only adds).
 * Equal costs keep the order of their numbers, so the answer is deterministic.
 */
function rank(tables: Tables, combos: readonly string[], keys: number[]): Candidate[] {
  keys.sort((a, b) => a - b);
  const checker = new Checker(tables);
  const kept: Candidate[] = [];
  for (const key of keys) {
    if (kept.length >= MAX_SUGGESTIONS && Math.floor(key / 2 ** 20) > kept[MAX_SUGGESTIONS - 1]!.cost) break;
    const candidate = unpack(combos, key);
    const penalty = checker.penalty(candidate.vin);
    if (penalty === null) continue;
    candidate.cost += penalty;
    // Insert after every kept candidate of the same or lower cost.
    let at = kept.length;
    while (at > 0 && kept[at - 1]!.cost > candidate.cost) at--;
    kept.splice(at, 0, candidate);
  }
  return kept.slice(0, MAX_SUGGESTIONS);
}

function sentence(reasons: readonly string[]): string {
  const text = reasons.join('; ');
  return text[0]!.toUpperCase() + text.slice(1) + '.';
}
