// Decoding over a given registry: classify the identifier, then decode it as a VIN or a chassis
// number. Pure and deterministic: no clock, network or randomness; never throws on any string.
import { decodeJdm } from './decode-jdm.js';
import { decodeVin, OriginCache } from './decode-vin.js';
import { classifyIdentifier, isCleanVin } from './identifier.js';
import type { DecodeOutcome } from './outcome.js';
import type { Tables } from './tables.js';

export type Decoder = (input: string) => DecodeOutcome;

export function createDecoder(tables: Tables): Decoder {
  // Layer 1 depends only on the WMI, so it is worked out once per WMI and shared.
  const origins = new OriginCache(tables);
  return (input: string): DecodeOutcome => {
    // The common case, a clean 17-character VIN, skips classification.
    if (isCleanVin(input)) return { ok: true, result: decodeVin(tables, input, origins) };
    const classified = classifyIdentifier(typeof input === 'string' ? input : String(input));
    if (!classified.ok) return classified;
    const { id } = classified;
    const result = id.kind === 'vin' ? decodeVin(tables, id.vin, origins) : decodeJdm(tables, id.text, id.modelCode, id.serial);
    return { ok: true, result };
  };
}
