// The VIN alphabet (ISO 3779): digits and capital letters except I, O and Q, which look like 1 and 0.

/**
 * The one index scheme of the decoder's per-character tables and bit sets: a character's slot is
 * its code minus CHAR_SLOT_BASE, '0' (48) slot 0 to 'Z' (90) slot 42. The 33 VIN characters and
 * the codes between and among them (':' to '@'; I, O, Q) make CHAR_SLOTS slots, so such a table is
 * an array read by index, not a hash lookup; a bit set over them is a 32-bit word for slots 0-31
 * ('0'-'O') and a second for slots 32-42 ('P'-'Z'). `charSlot` is for characters known to be VIN
 * characters (a clean VIN, a partial one's known positions); `charSlotOf` answers -1 for others.
 */
export const CHAR_SLOT_BASE = 48;
export const CHAR_SLOTS = 43;
/** Slots in the first word of a two-word bit set over slots. */
export const LOW_SLOTS = 32;
export const charSlot = (code: number): number => code - CHAR_SLOT_BASE;
export function charSlotOf(code: number): number {
  const slot = code - CHAR_SLOT_BASE;
  return slot >= 0 && slot < CHAR_SLOTS ? slot : -1;
}
/** Whether a two-word bit set (`low`, `high`) holds a slot. */
export const hasSlot = (low: number, high: number, slot: number): boolean =>
  (slot < LOW_SLOTS ? (low >>> slot) & 1 : (high >>> (slot - LOW_SLOTS)) & 1) === 1;

/**
 * The compact index of the VIN characters alone, 0-32 in VIN_ALPHABET's order: where a table has a
 * row per character and rows are many (a vehicle schema's admission table: vehicle-schema.ts), or
 * a key is a base-33 number (vehicle-layer.ts's decision keys), the ten codes that are no VIN
 * character would be wasted.
 */
export const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
export const VIN_CHARACTERS = 33;
const VIN_CHAR_INDEX = new Int8Array(128).fill(-1);
for (let i = 0; i < VIN_CHARACTERS; i++) VIN_CHAR_INDEX[VIN_ALPHABET.charCodeAt(i)] = i;
/** A character code's VIN character index (0-32), -1 for anything else. */
export function vinCharIndex(code: number): number {
  return code < 128 ? VIN_CHAR_INDEX[code]! : -1;
}

/** ISO 3780 order of the second character within a first character's allocation. */
export const VIN_ORDER = 'ABCDEFGHJKLMNPRSTUVWXYZ1234567890';

/** Transliteration values for the check digit (49 CFR 565.15(c)); -1 marks characters a VIN cannot hold. */
export const TRANSLITERATION: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const values = [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9];
  for (let i = 0; i < letters.length; i++) table[letters.charCodeAt(i)] = values[i]!;
  for (let d = 0; d <= 9; d++) table[48 + d] = d;
  return table;
})();

/** Position weights for the check digit, positions 1-17 (position 9 is the check digit itself). */
export const CHECK_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

export function isVinChar(code: number): boolean {
  return code < 128 && TRANSLITERATION[code]! >= 0;
}
