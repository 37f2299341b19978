import type { DecodeResult, Suggestion } from '../generated/contract.js';

/** Stable codes for identifiers that cannot be decoded (the HTTP API answers them with 422). */
export type DecodeErrorCode = 'INVALID_LENGTH' | 'ILLEGAL_CHARACTERS' | 'UNRECOGNISED_FORMAT';

export interface DecodeError {
  code: DecodeErrorCode;
  /** The identifier after normalisation (what was looked at). */
  identifier: string;
  /** One sentence a person can act on. */
  detail: string;
  /** 1-based positions of offending characters, for ILLEGAL_CHARACTERS. */
  positions?: number[];
  /** ILLEGAL_CHARACTERS of a 17-character VIN: corrected VINs, most likely first (suggestions.ts). */
  suggestions?: Suggestion[];
}

/** `T` with every property and array, at any depth, read-only. */
export type DeepReadonly<T> = T extends readonly (infer U)[] ? readonly DeepReadonly<U>[] : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/**
 * A decode result as the decoder hands it out: read-only at every depth, because its parts are
 * frozen and shared with other results (shared-parts.ts). Copy what you want to change.
 */
export type DecodedResult = DeepReadonly<DecodeResult>;

export type DecodeOutcome = { ok: true; result: DecodedResult } | { ok: false; error: DecodeError };
