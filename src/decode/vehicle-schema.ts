// One vPIC VIN schema compiled for matching. Each pattern key becomes, per position it
// constrains, the set of characters it admits as a bit mask, so testing a VIN is one shift and
// AND per constrained position. Patterns are grouped by element and kept in rank order, so the
// first match within an element is the schema's answer for it.
import { expandClass } from './pattern.js';
import { VEHICLE_ELEMENTS } from './vehicle-elements.js';
import type { VehicleSchemaData } from './vehicle-data.js';

const ELEMENTS = VEHICLE_ELEMENTS.length;
/** VIN characters are '0'-'Z' (codes 48-90): bit (code - 48) of a 43-bit set, split 32 + 11. */
const FIRST_CHAR = 48;
const LOW_BITS = 32;
const ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const DIGITS = '0123456789';
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
  readonly keys: readonly string[];
  readonly values: readonly string[];
  readonly makes: readonly (string | undefined)[];
  /** Formula patterns (`#` keys) of each element: they fill only what no ordinary pattern decided. */
  readonly formulaStart: Int32Array;
  /** VIN indexes that a formula pattern reads its value from, per formula pattern (indexes relative to formulaStart). */
  readonly formulaPositions: readonly (readonly number[])[];
  /** The VIN indexes any ordinary pattern constrains. */
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

/** Character code → index in the VIN alphabet (33 characters), -1 for anything else. */
const CHAR_INDEX = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) CHAR_INDEX[ALPHABET.charCodeAt(i)] = i;

/** A character code's index in the VIN alphabet (0-32), -1 for anything else. */
export function vinCharIndex(code: number): number {
  return code < 128 ? CHAR_INDEX[code]! : -1;
}

/** A key's positions: the VIN index of each token, and the characters it admits ('' for `*`). */
function tokens(key: string): { index: number; chars: string; formula: boolean }[] {
  const out: { index: number; chars: string; formula: boolean }[] = [];
  const [vds = '', vis = ''] = key.split('|');
  const walk = (part: string, first: number): void => {
    let index = first;
    for (let i = 0; i < part.length; i++, index++) {
      const c = part[i]!;
      if (c === '*') continue;
      if (c === '#') { out.push({ index, chars: DIGITS, formula: true }); continue; }
      if (c !== '[') { out.push({ index, chars: c, formula: false }); continue; }
      const end = part.indexOf(']', i);
      out.push({ index, chars: expandClass(part.slice(i + 1, end < 0 ? part.length : end)), formula: false });
      i = end < 0 ? part.length : end;
    }
  };
  walk(vds, 3);
  walk(vis, 9);
  return out;
}

function masks(chars: string): [low: number, high: number] {
  let low = 0, high = 0;
  for (const c of chars) {
    if (!ALPHABET.includes(c)) continue; // vPIC's keys hold a few non-VIN characters: they match nothing
    const bit = c.charCodeAt(0) - FIRST_CHAR;
    if (bit < LOW_BITS) low |= 1 << bit;
    else high |= 1 << (bit - LOW_BITS);
  }
  return [low, high];
}

export function compileSchema(data: VehicleSchemaData): CompiledSchema {
  const ordinary: number[][] = Array.from({ length: ELEMENTS }, () => []);
  const formulas: number[][] = Array.from({ length: ELEMENTS }, () => []);
  data.patterns.forEach(([key, element], i) => (key.includes('#') ? formulas : ordinary)[element]!.push(i));
  const order = ordinary.flat();
  const formulaOrder = formulas.flat();
  const elementStart = new Int32Array(ELEMENTS + 1);
  const formulaStart = new Int32Array(ELEMENTS + 1);
  for (let e = 0, n = 0, f = 0; e < ELEMENTS; e++) {
    elementStart[e] = n; n += ordinary[e]!.length;
    formulaStart[e] = f; f += formulas[e]!.length;
  }
  elementStart[ELEMENTS] = order.length;
  formulaStart[ELEMENTS] = formulaOrder.length;
  const all = [...order, ...formulaOrder];
  const testStart = new Int32Array(all.length + 1);
  const code: number[] = [];
  const rank = new Int32Array(all.length);
  const formulaPositions: number[][] = [];
  all.forEach((source, p) => {
    const [key, , , r] = data.patterns[source]!;
    testStart[p] = code.length;
    rank[p] = r;
    const ts = tokens(key);
    for (const t of ts) code.push(t.index, ...masks(t.chars));
    if (p >= order.length) formulaPositions.push(ts.filter((t) => t.formula).map((t) => t.index));
  });
  testStart[all.length] = code.length;
  const compiled = Int32Array.from(code);
  const { positions, words, admitted } = admissionTable(compiled, testStart, order.length);
  return {
    id: data.id, name: data.name, elementStart, testStart, code: compiled, rank,
    keys: all.map((i) => data.patterns[i]![0]), values: all.map((i) => data.patterns[i]![2]), makes: all.map((i) => data.patterns[i]![4]),
    formulaStart, formulaPositions, positions, words, admitted,
    readPositions: Int8Array.from(new Set(Array.from({ length: compiled.length / 3 }, (_, i) => compiled[i * 3]!))).sort(),
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
  for (let p = 0; p < patterns; p++) {
    const word = p >>> 5, bit = 1 << (p & 31);
    for (let row = 0; row < positions.length * ALPHABET.length; row++) admitted[row * words + word]! |= bit;
    for (let t = testStart[p]!; t < testStart[p + 1]!; t += 3) {
      const k = slot[code[t]!]!;
      for (let c = 0; c < ALPHABET.length; c++) {
        const b = ALPHABET.charCodeAt(c) - FIRST_CHAR;
        const allowed = b < LOW_BITS ? (code[t + 1]! >>> b) & 1 : (code[t + 2]! >>> (b - LOW_BITS)) & 1;
        if (allowed === 0) admitted[(k * ALPHABET.length + c) * words + word]! &= ~bit;
      }
    }
  }
  return { positions, words, admitted };
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
    for (let w = 0; w < words; w++) into[w]! &= admitted[row + w]!;
  }
}

/** The first pattern of element e in a bit set from matchingPatterns, or -1. */
export function firstOf(s: CompiledSchema, e: number, matching: Int32Array): number {
  const from = s.elementStart[e]!, to = s.elementStart[e + 1]!;
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
