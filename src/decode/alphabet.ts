// The VIN alphabet (ISO 3779): digits and capital letters except I, O and Q, which look like 1 and 0.

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
