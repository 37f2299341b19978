// One vPIC VIN schema compiled for matching. Each pattern key becomes, per position it
// constrains, the set of characters it admits; the schema keeps, per constrained position and VIN
// character, the bit set of the patterns that admit it (the admission table), so a VIN's matching
// patterns are one AND of a row per position. Patterns are grouped by element and kept in rank
// order, so the first match within an element is the schema's answer for it. Formula keys (`#`)
// also keep their per-position tests. Compiling reads the schema's columns straight into one typed
// array: no object per pattern or per key token.
import { charSlot, hasSlot, LOW_SLOTS, VIN_ALPHABET, VIN_CHARACTERS, vinCharIndex } from './alphabet.js';
import { VEHICLE_ELEMENTS } from './vehicle-elements.js';
import { keyIndexes, type VehicleSchemaData } from './vehicle-data.js';

const ELEMENTS = VEHICLE_ELEMENTS.length;
/** '0'-'9' as a low mask: what a formula position (`#`) admits. */
const DIGIT_MASK = 0x3ff;
/** A position the VIN does not know (a partial VIN's `*`). */
const UNKNOWN = 42;

/**
 * A compiled schema. Its numbers live in one Int32Array (`data`), in sections that start at the
 * offsets below: a fleet compiles thousands of schemas, and one array each instead of a dozen
 * saves the typed-array objects (about 180 bytes apiece) and the loads that reach them.
 */
export interface CompiledSchema {
  readonly id: number;
  readonly name: string;
  readonly data: Int32Array;
  /** Patterns: ordinary ones (0 .. ordinary - 1), then formula ones. */
  readonly patterns: number;
  readonly ordinary: number;
  /** Ordinary patterns of element e are elementStart[e] .. elementStart[e + 1] - 1 (ELEMENTS + 1 numbers), in rank order. */
  readonly elementStart: number;
  /** Formula patterns (`#` keys) of element e, relative to `ordinary`, likewise; they fill only what no ordinary pattern decided. */
  readonly formulaStart: number;
  /**
   * Formula pattern f's tests (f relative to `ordinary`) are the numbers testStart[f] ..
   * testStart[f + 1] - 1 of `data` (absolute offsets), three each: VIN index, low mask, high mask.
   * Ordinary patterns keep no tests: the admission table answers for them.
   */
  readonly testStart: number;
  /** Per pattern: its rank, its key (keyText.slice(keyStart, keyEnd)), its value (valueNames index), its make (makeNames index, -1 none). */
  readonly rank: number;
  readonly keyStart: number;
  readonly keyEnd: number;
  readonly valueOf: number;
  readonly makeOf: number;
  /** Per formula pattern f: the VIN indexes its value is read from are data[formulaRead[f] .. formulaRead[f + 1] - 1] (absolute offsets). */
  readonly formulaRead: number;
  /** The VIN indexes any ordinary pattern constrains, the most selective first (the order of `admitted`'s blocks): `positionCount` numbers. */
  readonly positions: number;
  readonly positionCount: number;
  /** The VIN indexes any pattern reads, formula patterns included, ascending: nothing else can change what the schema decides. */
  readonly readPositions: number;
  readonly readCount: number;
  /** Words of 32 bits that hold one bit per ordinary pattern. */
  readonly words: number;
  /**
   * For constrained position k and VIN character c (its index in the VIN alphabet), the patterns
   * that admit c there (its VIN character index, alphabet.ts), as a bit set: data[admitted + (k * VIN_CHARACTERS + c) * words + w]. A VIN's matching
   * patterns are the AND of one row per position, so a schema of thousands of patterns is
   * matched in a few hundred word operations instead of a scan.
   */
  readonly admitted: number;
  readonly keyText: string;
  readonly valueNames: readonly string[];
  readonly makeNames: readonly string[];
}

export const valueAt = (s: CompiledSchema, p: number): string => s.valueNames[s.data[s.valueOf + p]!]!;
export const makeAt = (s: CompiledSchema, p: number): string | null => {
  const m = s.data[s.makeOf + p]!;
  return m < 0 ? null : s.makeNames[m]!;
};
export const keyAt = (s: CompiledSchema, p: number): string => s.keyText.slice(s.data[s.keyStart + p], s.data[s.keyEnd + p]);
export const rankAt = (s: CompiledSchema, p: number): number => s.data[s.rank + p]!;
/** The first ordinary pattern of element e, and the one past its last. */
export const elementFrom = (s: CompiledSchema, e: number): number => s.data[s.elementStart + e]!;
/** How many formula patterns the schema has. */
export const formulaCount = (s: CompiledSchema): number => s.patterns - s.ordinary;
/** The VIN indexes any pattern of the schema reads. */
export const readPositionsOf = (s: CompiledSchema): Int32Array => s.data.subarray(s.readPositions, s.readPositions + s.readCount);


/** The bit of a character code in a [low, high] mask pair; vPIC's keys hold a few non-VIN characters, which match nothing. */
function addChar(masks: Int32Array, at: number, code: number): void {
  if (vinCharIndex(code) < 0) return;
  const slot = charSlot(code);
  if (slot < LOW_SLOTS) masks[at]! |= 1 << slot;
  else masks[at + 1]! |= 1 << (slot - LOW_SLOTS);
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

  // Every pattern's tests, to build the admission table from; only formula patterns' are kept.
  const testStart = new Int32Array(n + 1);
  for (let p = 0, at = 0; p < n; p++) {
    testStart[p] = at;
    at = keyTests(keys, sourceStart[order[p]!]!, sourceEnd[order[p]!]!, null, at);
    testStart[p + 1] = at;
  }
  const code = new Int32Array(testStart[n]!);
  for (let p = 0; p < n; p++) keyTests(keys, sourceStart[order[p]!]!, sourceEnd[order[p]!]!, code, testStart[p]!);
  const formulaReads: number[][] = [];
  for (let p = ordinary; p < n; p++) formulaReads.push(keyIndexes(keys, sourceStart[order[p]!]!, sourceEnd[order[p]!]!, true));
  const read = new Set<number>();
  for (let t = 0; t < code.length; t += 3) read.add(code[t]!);
  const readPositions = Int32Array.from(read).sort();
  const { positions, words, admitted } = admissionTable(code, testStart, ordinary);
  const formulaCode = code.subarray(testStart[ordinary]!, testStart[n]!);

  // The sections of `data`, in order.
  const sizes = {
    elementStart: ELEMENTS + 1, formulaStart: ELEMENTS + 1, testStart: n - ordinary + 1, code: formulaCode.length,
    rank: n, keyStart: n, keyEnd: n, valueOf: n, makeOf: n,
    formulaRead: formulaReads.length + 1, formulaPositions: formulaReads.reduce((sum, r) => sum + r.length, 0),
    positions: positions.length, readPositions: readPositions.length, admitted: admitted.length,
  };
  const at = {} as Record<keyof typeof sizes, number>;
  let total = 0;
  for (const name of Object.keys(sizes) as (keyof typeof sizes)[]) { at[name] = total; total += sizes[name]; }
  const out = new Int32Array(total);
  out.set(elementStart, at.elementStart);
  out.set(formulaStart, at.formulaStart);
  for (let p = ordinary; p <= n; p++) out[at.testStart + p - ordinary] = at.code + testStart[p]! - testStart[ordinary]!;
  out.set(formulaCode, at.code);
  for (let p = 0; p < n; p++) {
    const i = order[p]!;
    out[at.rank + p] = data.ranks[i]!; out[at.valueOf + p] = data.valueOf[i]!; out[at.makeOf + p] = data.makeOf[i]!;
    out[at.keyStart + p] = sourceStart[i]!; out[at.keyEnd + p] = sourceEnd[i]!;
  }
  let next = at.formulaPositions;
  formulaReads.forEach((indexes, f) => { out[at.formulaRead + f] = next; out.set(indexes, next); next += indexes.length; });
  out[at.formulaRead + formulaReads.length] = next;
  out.set(positions, at.positions);
  out.set(readPositions, at.readPositions);
  out.set(admitted, at.admitted);
  return {
    id: data.id, name: data.name, data: out, patterns: n, ordinary,
    elementStart: at.elementStart, formulaStart: at.formulaStart, testStart: at.testStart,
    rank: at.rank, keyStart: at.keyStart, keyEnd: at.keyEnd, valueOf: at.valueOf, makeOf: at.makeOf,
    formulaRead: at.formulaRead, positions: at.positions, positionCount: positions.length,
    readPositions: at.readPositions, readCount: readPositions.length, words, admitted: at.admitted,
    keyText: keys, valueNames: data.values, makeNames: data.makes,
  };
}

function admissionTable(code: Int32Array, testStart: Int32Array, patterns: number): { positions: Int32Array; words: number; admitted: Int32Array } {
  const constrained = new Set<number>();
  for (let t = 0; t < testStart[patterns]!; t += 3) constrained.add(code[t]!);
  const positions = Int8Array.from([...constrained].sort((a, b) => a - b));
  const slot = new Int8Array(17).fill(-1);
  positions.forEach((index, k) => (slot[index] = k));
  const words = (patterns + 31) >>> 5;
  const admitted = new Int32Array(positions.length * VIN_CHARACTERS * words);
  // Every pattern admits every character until one of its tests says otherwise.
  const lastWord = (patterns & 31) === 0 ? -1 : (1 << (patterns & 31)) - 1;
  for (let row = 0; row < positions.length * VIN_CHARACTERS; row++) {
    admitted.fill(-1, row * words, (row + 1) * words - 1);
    admitted[(row + 1) * words - 1] = lastWord;
  }
  for (let p = 0; p < patterns; p++) {
    const word = p >>> 5, bit = 1 << (p & 31);
    for (let t = testStart[p]!; t < testStart[p + 1]!; t += 3) {
      const k = slot[code[t]!]!;
      for (let c = 0; c < VIN_CHARACTERS; c++) {
        if (!hasSlot(code[t + 1]!, code[t + 2]!, charSlot(VIN_ALPHABET.charCodeAt(c)))) admitted[(k * VIN_CHARACTERS + c) * words + word]! &= ~bit;
      }
    }
  }
  // The most selective position first (fewest patterns admitted per character), so a VIN that
  // fits no pattern is usually told after one or two rows (matchingPatterns stops at an empty set).
  const block = VIN_CHARACTERS * words;
  const admittedPer = Array.from(positions, (_, k) => {
    let bits = 0;
    for (let i = k * block; i < (k + 1) * block; i++) bits += popcount(admitted[i]!);
    return bits;
  });
  const order = Array.from(positions, (_, k) => k).sort((a, b) => admittedPer[a]! - admittedPer[b]! || positions[a]! - positions[b]!);
  const ordered = new Int32Array(admitted.length);
  order.forEach((k, i) => ordered.set(admitted.subarray(k * block, (k + 1) * block), i * block));
  return { positions: Int32Array.from(order, (k) => positions[k]!), words, admitted: ordered };
}

function popcount(n: number): number {
  n -= (n >>> 1) & 0x55555555;
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (Math.imul((n + (n >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/**
 * A gate on the schema's most selective position, the first row matchingPatterns reads: its VIN
 * index and which VIN characters some pattern admits there, as three numbers written at
 * `into[at..]` (index, characters 0-31 as bits, character 32 as bit 0), index -1 when the schema
 * constrains no position. A VIN whose character there is not admitted matches no pattern: a plan
 * keeps the gates of its candidates together, so most of the schemas a VIN cannot match are told
 * without reading their tables.
 */
export function writeGate(s: CompiledSchema, into: Int32Array, at: number): void {
  const { data, words, positionCount, admitted } = s;
  into[at] = positionCount === 0 ? -1 : data[s.positions]!;
  into[at + 1] = 0;
  into[at + 2] = 0;
  if (positionCount === 0) return;
  for (let c = 0; c < VIN_CHARACTERS; c++) {
    let any = 0;
    for (let w = 0; w < words; w++) any |= data[admitted + c * words + w]!;
    if (any !== 0) into[c < 32 ? at + 1 : at + 2]! |= 1 << (c & 31);
  }
}

/** Whether a clean VIN passes a gate that writeGate wrote at `gates[at..]`. */
export function passesGate(gates: Int32Array, at: number, vin: string): boolean {
  const index = gates[at]!;
  if (index < 0) return true;
  const c = vinCharIndex(vin.charCodeAt(index));
  return ((c < 32 ? gates[at + 1]! >>> c : gates[at + 2]! >>> (c - 32)) & 1) === 1;
}

/**
 * The ordinary patterns that admit a clean VIN, as a bit set written into `into` (at least
 * `words` long): one AND of a table row per constrained position. Returns false when none does.
 */
export function matchingPatterns(s: CompiledSchema, vin: string, into: Int32Array): boolean {
  const { data, words, positions, positionCount, admitted } = s;
  if (positionCount === 0) {
    into.fill(-1, 0, words);
    return true;
  }
  // The first row is copied rather than ANDed into a set filled first.
  let row = admitted + vinCharIndex(vin.charCodeAt(data[positions]!)) * words;
  let any = 0;
  for (let w = 0; w < words; w++) any |= into[w] = data[row + w]!;
  if (any === 0) return false;
  for (let k = 1; k < positionCount; k++) {
    row = admitted + (k * VIN_CHARACTERS + vinCharIndex(vin.charCodeAt(data[positions + k]!))) * words;
    any = 0;
    for (let w = 0; w < words; w++) any |= into[w]! &= data[row + w]!;
    if (any === 0) return false; // no pattern left: the rest cannot add one
  }
  return true;
}

/** Whether pattern p's bit is set in row `row` of the admission table. */
function admittedAt(s: CompiledSchema, row: number, p: number): boolean {
  return ((s.data[s.admitted + row * s.words + (p >>> 5)]! >>> (p & 31)) & 1) === 1;
}

/** Whether pattern p admits the VIN (17 characters of the VIN alphabet). */
export function admits(s: CompiledSchema, p: number, vin: string): boolean {
  const { data } = s;
  if (p < s.ordinary) {
    for (let k = 0; k < s.positionCount; k++) if (!admittedAt(s, k * VIN_CHARACTERS + vinCharIndex(vin.charCodeAt(data[s.positions + k]!)), p)) return false;
    return true;
  }
  for (let t = data[s.testStart + p - s.ordinary]!, end = data[s.testStart + p - s.ordinary + 1]!; t < end; t += 3) {
    if (!hasSlot(data[t + 1]!, data[t + 2]!, charSlot(vin.charCodeAt(data[t]!)))) return false;
  }
  return true;
}

/**
 * For an ordinary pattern and a VIN with unknown positions (`*`): 0 no, 1 yes, 2 only if an
 * unknown position holds a character the pattern admits there (one it does not admit everywhere).
 */
export function admitsPartial(s: CompiledSchema, p: number, vin: string): 0 | 1 | 2 {
  const { data } = s;
  let result: 0 | 1 | 2 = 1;
  for (let k = 0; k < s.positionCount; k++) {
    const c = vin.charCodeAt(data[s.positions + k]!);
    if (c !== UNKNOWN) {
      if (!admittedAt(s, k * VIN_CHARACTERS + vinCharIndex(c), p)) return 0;
      continue;
    }
    for (let ch = 0; ch < VIN_CHARACTERS; ch++) if (!admittedAt(s, k * VIN_CHARACTERS + ch, p)) { result = 2; break; }
  }
  return result;
}

/** The first formula pattern of element e that admits the VIN, as [pattern, value read from the VIN], or null. */
export function formulaMatch(s: CompiledSchema, e: number, vin: string): [number, string] | null {
  const { data, ordinary } = s;
  for (let f = data[s.formulaStart + e]!, end = data[s.formulaStart + e + 1]!; f < end; f++) {
    if (!admits(s, ordinary + f, vin)) continue;
    let value = '';
    for (let i = data[s.formulaRead + f]!, to = data[s.formulaRead + f + 1]!; i < to; i++) value += vin[data[i]!];
    return [ordinary + f, value];
  }
  return null;
}

/**
 * For a VIN with unknown positions (`*`), the ordinary patterns its known positions admit
 * (`known`) and, of those, the ones that admit every VIN character at each unknown position
 * (`sure`), as bit sets written into the two arrays (at least `words` long). The first pattern of
 * an element in `known` is the schema's answer when it is in `sure`; when it is not, an unknown
 * position leaves the answer open (firstPartial's -2): the verdicts admitsPartial gives pattern by
 * pattern, in a few word operations per position instead of a scan of every pattern.
 */
export function partialMatches(s: CompiledSchema, vin: string, known: Int32Array, sure: Int32Array): void {
  const { data, words, positions, positionCount, admitted } = s;
  known.fill(-1, 0, words);
  for (let k = 0; k < positionCount; k++) {
    const c = vin.charCodeAt(data[positions + k]!);
    if (c === UNKNOWN) continue;
    const row = admitted + (k * VIN_CHARACTERS + vinCharIndex(c)) * words;
    for (let w = 0; w < words; w++) known[w]! &= data[row + w]!;
  }
  for (let w = 0; w < words; w++) sure[w] = known[w]!;
  for (let k = 0; k < positionCount; k++) {
    if (vin.charCodeAt(data[positions + k]!) !== UNKNOWN) continue;
    for (let ch = 0; ch < VIN_CHARACTERS; ch++) {
      const row = admitted + (k * VIN_CHARACTERS + ch) * words;
      for (let w = 0; w < words; w++) sure[w]! &= data[row + w]!;
    }
  }
}

/** The first pattern of element e set in `known` (partialMatches), or -1; -2 when it is not also in `sure`. */
export function firstPartial(s: CompiledSchema, e: number, known: Int32Array, sure: Int32Array): number {
  const end = elementFrom(s, e + 1);
  for (let p = elementFrom(s, e); p < end;) {
    const w = p >>> 5;
    const bits = known[w]! & (-1 << (p & 31));
    if (bits === 0) { p = (w + 1) << 5; continue; }
    const q = (w << 5) + (31 - Math.clz32(bits & -bits));
    if (q >= end) return -1;
    return ((sure[w]! >>> (q & 31)) & 1) === 1 ? q : -2;
  }
  return -1;
}
