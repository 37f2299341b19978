// The VIN check digit, 49 CFR 565.15(c): transliterate, weight, sum, modulo 11 (10 is written X).
import { CHECK_WEIGHTS, TRANSLITERATION } from './alphabet.js';

/** The character for each remainder 0-10. */
export const CHECK_DIGIT_CHARS = '0123456789X';

/** The weighted sum modulo 11 of a 17-character VIN of the VIN alphabet: 0-10 (10 is written X). */
export function checkDigitValue(vin: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += TRANSLITERATION[vin.charCodeAt(i)]! * CHECK_WEIGHTS[i]!;
  return sum % 11;
}

/** The check digit a 17-character VIN of the VIN alphabet should carry at position 9. */
export function calculateCheckDigit(vin: string): string {
  return CHECK_DIGIT_CHARS[checkDigitValue(vin)]!;
}

/**
 * For a clean 17-character VIN (nothing but the VIN alphabet) its weighted sum modulo 11 (0-10),
 * and -1 for any other text: the decoder's first look at its input, one pass for both questions.
 */
export function cleanVinRemainder(text: string): number {
  if (text.length !== 17) return -1;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = text.charCodeAt(i);
    const value = c < 128 ? TRANSLITERATION[c]! : -1;
    if (value < 0) return -1;
    sum += value * CHECK_WEIGHTS[i]!;
  }
  return sum % 11;
}
