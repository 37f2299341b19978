// The VIN check digit, 49 CFR 565.15(c): transliterate, weight, sum, modulo 11 (10 is written X).
import { CHECK_WEIGHTS, TRANSLITERATION } from './alphabet.js';

/** The check digit a 17-character VIN of the VIN alphabet should carry at position 9. */
export function calculateCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += TRANSLITERATION[vin.charCodeAt(i)]! * CHECK_WEIGHTS[i]!;
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}
