// Decoding over a given registry: classify the identifier, then decode it as a VIN or a chassis
// number. Pure and deterministic: no clock, network or randomness; never throws on any string.
import type { CorporateOrigin } from './corporate-origin.js';
import { decodeJdm } from './decode-jdm.js';
import { decodeVin } from './decode-vin.js';
import { classifyIdentifier } from './identifier.js';
import type { DecodeOutcome } from './outcome.js';
import type { Tables } from './tables.js';

export type Decoder = (input: string) => DecodeOutcome;

export function createDecoder(tables: Tables): Decoder {
  // Layer 1 depends only on the WMI, so it is worked out once per WMI and shared.
  const origins = new Map<string, CorporateOrigin>();
  return (input: string): DecodeOutcome => {
    const classified = classifyIdentifier(typeof input === 'string' ? input : String(input));
    if (!classified.ok) return classified;
    const { id } = classified;
    const result = id.kind === 'vin' ? decodeVin(tables, id.vin, origins) : decodeJdm(tables, id.text, id.modelCode, id.serial);
    return { ok: true, result };
  };
}
