// One vPIC VIN schema compiled for matching. Each pattern key becomes, per position it
// constrains, the set of characters it admits as a bit mask, so testing a VIN is one shift and
// AND per constrained position. Patterns are grouped by element and kept in rank order, so the
// first match within an element is the schema's answer for it. Compiling reads the schema's
// columns straight into typed arrays: no object per pattern or per key token.
import { VEHICLE_ELEMENTS } from './vehicle-elements.js';
import { keyIndexes, type VehicleSchemaData } from './vehicle-data.js';

const ELEMENTS = VEHICLE_ELEMENTS.length;
/** VIN characters are '0'-'Z' (codes 48-90): bit (code - 48) of a 43-bit set, split 32 + 11. */
const FIRST_CHAR = 48;
const LOW_BITS = 32;
const ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/** '0'-'9' as a low mask: what a formula position (`#`) admits. */
const DIGIT_MASK = 0x3ff;
/** A position the VIN does not know (a partial VIN's `*`). */
const UNKNOWN = 42;

export interface CompiledSchema {
  readonly id: number;
  readonly name: string;
  /** Patterns of element e are indexes elementStart[e] .. elementStart[e + 1] - 1, in rank order. */
  readonly elementStart: Int32Array;
  /** Pattern p's tests are code[testStart[p] .. testStart[p + 1] - 1], three numbers each: VIN index, low mask, high mask. */
  readonly testStart: Int32Array;
  readonly code: Int32Array;
  readonly rank: Int32Array;
  /** Pattern p's key is keyText.slice(keyStart[p], keyEnd[p]). */
  readonly keyText: string;
  readonly keyStart: Int32Array;
  readonly keyEnd: Int32Array;
  /** Pattern p's value is valueNames[valueOf[p]]. */
  readonly valueNames: readonly string[];
  readonly valueOf: Int32Array;
  /** A model pattern's make is makeNames[makeOf[p]]; -1 for none. */
  readonly makeNames: readonly string[];
  readonly makeOf: Int32Array;
  /** Formula patterns (`#` keys) of each element: they fill only what no ordinary pattern decided. */
  readonly formulaStart: Int32Array;
  /** VIN indexes that a formula pattern reads its value from, per formula pattern (indexes relative to formulaStart). */
  readonly formulaPositions: readonly (readonly number[])[];
  /** The VIN indexes any ordinary pattern constrains, the most selective first (the order of `admitted`'s blocks). */
  readonly positions: Int8Array;
  /** The VIN indexes any pattern reads, formula patterns included: nothing else can change what the schema decides. */
  readonly readPositions: Int8Array;
  /** Evidence items per pattern and attribute group (index pattern * groups + group), made on first use. */
  readonly evidence: unknown[];
  /** Words of 32 bits that hold one bit per ordinary pattern. */
  readonly words: number;
  /**
   * For constrained position k and VIN character c (its index in the VIN alphabet), the patterns
   * that admit c there, as a bit set: admitted[(k * 33 + c) * words + w]. A VIN's matching
   * patterns are the AND of one row per position, so a schema of thousands of patterns is
   * matched in a few hundred word operations instead of a scan.
   */
  readonly admitted: Int32Array;
}

export const valueAt = (s: CompiledSchema, p: number): string => s.valueNames[s.valueOf[p]!]!;
export const makeAt = (s: CompiledSchema, p: number): string | null => (s.makeOf[p]! < 0 ? null : s.makeNames[s.makeOf[p]!]!);
export const keyAt = (s: CompiledSchema, p: number): string => s.keyText.slice(s.keyStart[p], s.keyEnd[p]);

/** Character code → index in the VIN alphabet (33 characters), -1 for anything else. */
const CHAR_INDEX = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) CHAR_INDEX[ALPHABET.charCodeAt(i)] = i;

/** A character code's index in the VIN alphabet (0-32), -1 for anything else. */
export function vinCharIndex(code: number): number {
  return code < 128 ? CHAR_INDEX[code]! : -1;
}

/** The bit of a character code in a [low, high] mask pair; vPIC's keys hold a few non-VIN characters, which match nothing. */
function addChar(masks: Int32Array, at: number, code: number): void {
  if (code >= 128 || CHAR_INDEX[code]! < 0) return;
  const bit = code - FIRST_CHAR;
  if (bit < LOW_BITS) masks[at]! |= 1 << bit;
  else masks[at + 1]! |= 1 << (bit - LOW_BITS);
}

/**
 * The tests of the key text[from, to) written at code[at..]: three numbers per position it
 * constrains (VIN index, low mask, high mask); returns where they end. With `code` null, only counts.
 */
function keyTests(text: string, from: number, to: number, code: Int32Array | null, at: number): number {
  let index = 3; // position 4, the first of the VDS
  for (let i = from; i < to; i++, index++) {
    const c = text.charCodeAt(i);
    if (c === 124) { index = 8; continue; } // '|': the VIS part starts at position 10 (index 9)
    if (c === 42) continue; // '*'
    if (code !== null) { code[at] = index; code[at + 1] = 0; code[at + 2] = 0; }
    if (c === 35) { if (code !== null) code[at + 1] = DIGIT_MASK; } // '#'
    else if (c !== 91) { if (code !== null) addChar(code, at + 1, c); } // a character
    else { // '[...]': characters and ranges
      let end = text.indexOf(']', i);
      if (end < 0 || end > to) end = to;
      for (let k = i + 1; k < end; k++) {
        if (code === null) continue;
        if (text.charCodeAt(k + 1) === 45 && k + 2 < end) { // 'A-D'
          for (let r = text.charCodeAt(k); r <= text.charCodeAt(k + 2); r++) addChar(code, at + 1, r);
          k += 2;
        } else addChar(code, at + 1, text.charCodeAt(k));
      }
      i = end;
    }
    at += 3;
  }
  return at;
}

export function compileSchema(data: VehicleSchemaData): CompiledSchema {
  const { keys, elements } = data;
  const n = elements.length;
  // Where each key starts and ends in the joined text, and whether it is a formula key.
  const sourceStart = new Int32Array(n), sourceEnd = new Int32Array(n);
  const formula = new Uint8Array(n);
  // The next '#' at or after the key being read, found once per '#' rather than searched for per
  // key (a search from each key would read the rest of the text for every key that has none).
  let nextHash = -1;
  for (let i = 0, at = 0; i < n; i++) {
    let end = keys.indexOf(' ', at);
    if (end < 0) end = keys.length;
    sourceStart[i] = at; sourceEnd[i] = end;
    if (nextHash !== keys.length && nextHash < at) { nextHash = keys.indexOf('#', at); if (nextHash < 0) nextHash = keys.length; }
    formula[i] = nextHash < end ? 1 : 0;
    at = end + 1;
  }
  // Ordinary patterns by element, then formula patterns by element, each in rank order.
  const elementStart = new Int32Array(ELEMENTS + 1);
  const formulaStart = new Int32Array(ELEMENTS + 1);
  for (let i = 0; i < n; i++) (formula[i] ? formulaStart : elementStart)[elements[i]! + 1]!++;
  for (let e = 0; e < ELEMENTS; e++) { elementStart[e + 1]! += elementStart[e]!; formulaStart[e + 1]! += formulaStart[e]!; }
  const ordinary = elementStart[ELEMENTS]!;
  const order = new Int32Array(n);
  const nextOrdinary = elementStart.slice(), nextFormula = formulaStart.slice();
  for (let i = 0; i < n; i++) order[formula[i] ? ordinary + nextFormula[elements[i]!]!++ : nextOrdinary[elements[i]!]!++] = i;

  const testStart = new Int32Array(n + 1);
  for (let p = 0, at = 0; p < n; p++) {
    testStart[p] = at;
    at = keyTests(keys, sourceStart[order[p]!]!, sourceEnd[order[p]!]!, null, at);
    testStart[p + 1] = at;
  }
  const code = new Int32Array(testStart[n]!);
  const rank = new Int32Array(n), valueOf = new Int32Array(n), makeOf = new Int32Array(n);
  const keyStart = new Int32Array(n), keyEnd = new Int32Array(n);
  const formulaPositions: number[][] = [];
  const read = new Set<number>();
  for (let p = 0; p < n; p++) {
    const i = order[p]!;
    keyTests(keys, sourceStart[i]!, sourceEnd[i]!, code, testStart[p]!);
    rank[p] = data.ranks[i]!; valueOf[p] = data.valueOf[i]!; makeOf[p] = data.makeOf[i]!;
    keyStart[p] = sourceStart[i]!; keyEnd[p] = sourceEnd[i]!;
    if (p >= ordinary) formulaPositions.push(keyIndexes(keys, sourceStart[i]!, sourceEnd[i]!, true));
  }
  for (let t = 0; t < code.length; t += 3) read.add(code[t]!);
  const { positions, words, admitted } = admissionTable(code, testStart, ordinary);
  return {
    id: data.id, name: data.name, elementStart, testStart, code, rank, keyText: keys, keyStart, keyEnd,
    valueNames: data.values, valueOf, makeNames: data.makes, makeOf,
    formulaStart, formulaPositions, positions, words, admitted,
    readPositions: Int8Array.from(read).sort(),
    evidence: [],
  };
}

function admissionTable(code: Int32Array, testStart: Int32Array, patterns: number): { positions: Int8Array; words: number; admitted: Int32Array } {
  const constrained = new Set<number>();
  for (let t = 0; t < testStart[patterns]!; t += 3) constrained.add(code[t]!);
  const positions = Int8Array.from([...constrained].sort((a, b) => a - b));
  const slot = new Int8Array(17).fill(-1);
  positions.forEach((index, k) => (slot[index] = k));
  const words = (patterns + 31) >>> 5;
  const admitted = new Int32Array(positions.length * ALPHABET.length * words);
  // Every pattern admits every character until one of its tests says otherwise.
  const lastWord = (patterns & 31) === 0 ? -1 : (1 << (patterns & 31)) - 1;
  for (let row = 0; row < positions.length * ALPHABET.length; row++) {
    admitted.fill(-1, row * words, (row + 1) * words - 1);
    admitted[(row + 1) * words - 1] = lastWord;
  }
  for (let p = 0; p < patterns; p++) {
    const word = p >>> 5, bit = 1 << (p & 31);
    for (let t = testStart[p]!; t < testStart[p + 1]!; t += 3) {
      const k = slot[code[t]!]!;
      for (let c = 0; c < ALPHABET.length; c++) {
        const b = ALPHABET.charCodeAt(c) - FIRST_CHAR;
        const allowed = b < LOW_BITS ? (code[t + 1]! >>> b) & 1 : (code[t + 2]! >>> (b - LOW_BITS)) & 1;
        if (allowed === 0) admitted[(k * ALPHABET.length + c) * words + word]! &= ~bit;
      }
    }
  }
  // The most selective position first (fewest patterns admitted per character), so a VIN that
  // fits no pattern is usually told after one or two rows (matchingPatterns stops at an empty set).
  const block = ALPHABET.length * words;
  const admittedPer = Array.from(positions, (_, k) => {
    let bits = 0;
    for (let i = k * block; i < (k + 1) * block; i++) bits += popcount(admitted[i]!);
    return bits;
  });
  const order = Array.from(positions, (_, k) => k).sort((a, b) => admittedPer[a]! - admittedPer[b]! || positions[a]! - positions[b]!);
  const ordered = new Int32Array(admitted.length);
  order.forEach((k, i) => ordered.set(admitted.subarray(k * block, (k + 1) * block), i * block));
  return { positions: Int8Array.from(order, (k) => positions[k]!), words, admitted: ordered };
}

function popcount(n: number): number {
  n -= (n >>> 1) & 0x55555555;
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (Math.imul((n + (n >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/**
 * The ordinary patterns that admit a clean VIN, as a bit set written into `into` (at least
 * `words` long): one AND of a table row per constrained position.
 */
export function matchingPatterns(s: CompiledSchema, vin: string, into: Int32Array): void {
  const { positions, words, admitted } = s;
  into.fill(-1, 0, words);
  for (let k = 0; k < positions.length; k++) {
    const row = (k * 33 + CHAR_INDEX[vin.charCodeAt(positions[k]!)]!) * words;
    let any = 0;
    for (let w = 0; w < words; w++) any |= into[w]! &= admitted[row + w]!;
    if (any === 0) return; // no pattern left: the rest cannot add one
  }
}

/** The first pattern of element e in a bit set from matchingPatterns, or -1. */
export function firstOf(s: CompiledSchema, e: number, matching: Int32Array): number {
  return firstInRange(matching, s.elementStart[e]!, s.elementStart[e + 1]!);
}

/** The first pattern of from..to-1 in a bit set from matchingPatterns, or -1. */
export function firstInRange(matching: Int32Array, from: number, to: number): number {
  if (from === to) return -1;
  const last = (to - 1) >>> 5;
  for (let w = from >>> 5; w <= last; w++) {
    let bits = matching[w]!;
    if (w === from >>> 5) bits &= -1 << (from & 31);
    if (w === last && (to & 31) !== 0) bits &= (1 << (to & 31)) - 1;
    if (bits !== 0) return (w << 5) + (31 - Math.clz32(bits & -bits));
  }
  return -1;
}

/** Whether pattern p admits the VIN (17 characters of the VIN alphabet). */
export function admits(s: CompiledSchema, p: number, vin: string): boolean {
  const { code } = s;
  for (let t = s.testStart[p]!, end = s.testStart[p + 1]!; t < end; t += 3) {
    const bit = vin.charCodeAt(code[t]!) - FIRST_CHAR;
    if (bit < LOW_BITS ? ((code[t + 1]! >>> bit) & 1) === 0 : ((code[t + 2]! >>> (bit - LOW_BITS)) & 1) === 0) return false;
  }
  return true;
}

/** For a VIN with unknown positions (`*`): 0 no, 1 yes, 2 only if an unknown position is one it admits. */
export function admitsPartial(s: CompiledSchema, p: number, vin: string): 0 | 1 | 2 {
  const { code } = s;
  let result: 0 | 1 | 2 = 1;
  for (let t = s.testStart[p]!, end = s.testStart[p + 1]!; t < end; t += 3) {
    const c = vin.charCodeAt(code[t]!);
    if (c === UNKNOWN) { result = 2; continue; }
    const bit = c - FIRST_CHAR;
    if (bit < LOW_BITS ? ((code[t + 1]! >>> bit) & 1) === 0 : ((code[t + 2]! >>> (bit - LOW_BITS)) & 1) === 0) return 0;
  }
  return result;
}

/** The first pattern of element e that admits the VIN, or -1; for a partial VIN, -2 when an unknown position leaves the answer open. */
export function firstMatch(s: CompiledSchema, e: number, vin: string, partial: boolean): number {
  const end = s.elementStart[e + 1]!;
  if (!partial) {
    for (let p = s.elementStart[e]!; p < end; p++) if (admits(s, p, vin)) return p;
    return -1;
  }
  for (let p = s.elementStart[e]!; p < end; p++) {
    const state = admitsPartial(s, p, vin);
    if (state === 1) return p;
    if (state === 2) return -2;
  }
  return -1;
}

/** The first formula pattern of element e that admits the VIN, as [pattern, value read from the VIN], or null. */
export function formulaMatch(s: CompiledSchema, e: number, vin: string): [number, string] | null {
  const base = s.elementStart[ELEMENTS]!;
  for (let f = s.formulaStart[e]!; f < s.formulaStart[e + 1]!; f++) {
    if (!admits(s, base + f, vin)) continue;
    return [base + f, s.formulaPositions[f]!.map((i) => vin[i]).join('')];
  }
  return null;
}
