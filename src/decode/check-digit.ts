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
