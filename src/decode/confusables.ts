// How likely one character was read or typed as another: the costs that rank suggested corrections
// (suggestions.ts). Lower is likelier. People copy VINs from photos, windscreen plates and forms,
// so the shapes that look alike come first (ISO 3779 leaves I, O and Q out of VINs because they look
// like 1 and 0); then keys next to each other on a keyboard or number pad; then anything else.
import { CHAR_SLOTS, charSlot } from './alphabet.js';

/** Costs of the kinds of mistake, in one scale. */
export const COST = {
  /** Shapes that are read as each other nearly always: O/0, I/1, Q/0, S/5, B/8, Z/2, G/6. */
  lookAlike: 10,
  /** Shapes a little less alike: D/0, U/V, I/L, O/D. */
  nearlyAlike: 15,
  /** Shapes alike in some hands and fonts: A/4, T/7, E/F, M/N, P/R, 3/8 … */
  sometimesAlike: 20,
  /** Two neighbouring characters swapped while typing. */
  adjacentSwap: 15,
  /** The check digit (position 9) is itself the mistyped character: nothing else would catch it. */
  checkDigitTypo: 25,
  /** Keys next to each other on a keyboard or number pad. */
  neighbouringKeys: 30,
  /** Any other character. */
  other: 50,
  /** Added when the corrected VIN's plant does not resolve: a real VIN's plant usually does. */
  plantUnresolved: 15,
} as const;

export type MistakeKind = 'lookAlike' | 'neighbouringKeys' | 'other';

const LOOK_ALIKE: readonly [pairs: string, cost: number][] = [
  ['O0 I1 Q0 S5 B8 Z2 G6', COST.lookAlike],
  ['D0 UV IL OD QD', COST.nearlyAlike],
  ['L1 T7 A4 Z7 EF CG MN PR KX VY 38 17 08 56 BR HN IJ IT J1 OC OU QG Q9 C0 U0 Y4 69 68 B3', COST.sometimesAlike],
];

const KEYBOARD_ROWS = ['1234567890', 'QWERTYUIOP', 'ASDFGHJKL', 'ZXCVBNM'];
const NUMBER_PAD_ROWS = ['789', '456', '123', '0'];

/** One row per character slot (alphabet.ts), one column per slot. */
const SIZE = CHAR_SLOTS;
const costs = new Uint8Array(SIZE * SIZE).fill(COST.other);

function setPair(a: string, b: string, cost: number): void {
  const i = charSlot(a.charCodeAt(0)), j = charSlot(b.charCodeAt(0));
  if (cost < costs[i * SIZE + j]!) costs[i * SIZE + j] = costs[j * SIZE + i] = cost;
}

function neighbours(rows: readonly string[]): void {
  rows.forEach((row, r) => {
    for (let i = 0; i < row.length; i++) {
      if (i + 1 < row.length) setPair(row[i]!, row[i + 1]!, COST.neighbouringKeys);
      // The row below is offset by half a key: its keys i-1 and i touch this row's key i.
      const below = rows[r + 1] ?? '';
      for (const k of [i - 1, i]) if (k >= 0 && k < below.length) setPair(row[i]!, below[k]!, COST.neighbouringKeys);
    }
  });
}

neighbours(KEYBOARD_ROWS);
neighbours(NUMBER_PAD_ROWS);
for (const [pairs, cost] of LOOK_ALIKE) for (const pair of pairs.split(' ')) setPair(pair[0]!, pair[1]!, cost);
for (let i = 0; i < SIZE; i++) costs[i * SIZE + i] = 0;

/** The cost of `given` standing where `meant` belongs (both character codes of VIN characters). */
export function substitutionCost(given: number, meant: number): number {
  return costs[charSlot(given) * SIZE + charSlot(meant)]!;
}

export function mistakeKind(cost: number): MistakeKind {
  return cost <= COST.sometimesAlike ? 'lookAlike' : cost <= COST.neighbouringKeys ? 'neighbouringKeys' : 'other';
}
