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

export type DecodeOutcome = { ok: true; result: DecodeResult } | { ok: false; error: DecodeError };
