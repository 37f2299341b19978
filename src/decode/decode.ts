// Decoding over a given registry: classify the identifier, then decode it as a VIN or a chassis
// number. Pure and deterministic: no clock, network or randomness; never throws on any string.
import { createJdmDecoder } from './decode-jdm.js';
import { createVinDecoder } from './decode-vin.js';
import { cleanVinRemainder } from './check-digit.js';
import { classifyIdentifier } from './identifier.js';
import { PARTIAL } from './partial.js';
import { Corrections } from './shared-parts.js';
import type { DecodeOutcome } from './outcome.js';
import type { Tables } from './tables.js';

export type Decoder = (input: string) => DecodeOutcome;

/**
 * What a JavaScript caller passed, as text: typed code passes strings, but an untyped caller may
 * pass null, a number or an object. null and undefined read as empty (an empty identifier is a
 * clear error); anything else as its text, or empty where it has none (an object without a
 * prototype).
 */
function asText(input: unknown): string {
  if (typeof input === 'string') return input;
  if (input === null || input === undefined) return '';
  try {
    return String(input);
  } catch {
    return '';
  }
}

export function createDecoder(tables: Tables): Decoder {
  // Layer 1 depends only on the WMI, and most of the rest on the WMI, plant code and model-year
  // reading: the VIN decoder works those out once and shares them.
  const corrections = new Corrections(tables);
  const decodeVin = createVinDecoder(tables, corrections);
  const decodeJdm = createJdmDecoder(tables);
  return (given: string): DecodeOutcome => {
    const input = asText(given);
    // The common case, a clean 17-character VIN, skips classification; the same pass over its
    // characters gives the check digit.
    const remainder = cleanVinRemainder(input);
    if (remainder >= 0) return { ok: true, result: decodeVin(input, remainder) };
    const classified = classifyIdentifier(input);
    if (!classified.ok) {
      // I, O or Q in a VIN: say which VINs were probably meant.
      const { error } = classified;
      return error.code === 'ILLEGAL_CHARACTERS' ? { ok: false, error: { ...error, suggestions: corrections.of(error.identifier) } } : classified;
    }
    const { id } = classified;
    const result = id.kind === 'vin' ? decodeVin(id.vin) : id.kind === 'partial' ? decodeVin(id.vin, PARTIAL) : decodeJdm(id.text, id.modelCode, id.serial);
    return { ok: true, result };
  };
}
