// RFC 9457 problem bodies shared by the CLI (--json error lines) and the HTTP server.
import type { Problem } from './generated/contract.js';
import type { DecodeError, DecodeErrorCode } from './decode/outcome.js';

export const PROBLEM_TYPE_BASE = 'https://vino.dev/problems/';

/** Stable codes of the problems the HTTP server answers besides the decoder's (DESIGN.md, "Errors"). */
export type ServerErrorCode =
  | 'BAD_REQUEST' | 'INVALID_JSON' | 'VALIDATION_FAILED'
  | 'API_KEY_MISSING' | 'API_KEY_INVALID' | 'ADMIN_TOKEN_MISSING' | 'ADMIN_TOKEN_INVALID'
  | 'CORS_ORIGIN_NOT_ALLOWED' | 'NOT_FOUND' | 'KEY_NOT_FOUND' | 'METHOD_NOT_ALLOWED'
  | 'REQUEST_TIMEOUT' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'HEADERS_TOO_LARGE'
  | 'RATE_LIMITED' | 'TOO_MANY_BAD_KEYS' | 'TOO_MANY_BAD_ADMIN_TOKENS'
  | 'INTERNAL_ERROR' | 'STORE_UNAVAILABLE' | 'METRICS_UNAVAILABLE';

/** Every `code` a problem body can carry: clients branch on these. */
export type ProblemCode = DecodeErrorCode | ServerErrorCode;

const DECODE_TITLES: Record<DecodeError['code'], string> = {
  INVALID_LENGTH: 'Identifier has the wrong length',
  ILLEGAL_CHARACTERS: 'Identifier contains characters a VIN cannot have',
  UNRECOGNISED_FORMAT: 'Identifier is neither a VIN nor a chassis number',
};

export function problem(status: number, code: ProblemCode, title: string, detail: string, extra: Partial<Problem> = {}): Problem {
  return { type: PROBLEM_TYPE_BASE + code.toLowerCase().replace(/_/g, '-'), title, status, detail, code, ...extra };
}

/** A decode error as the 422 problem the API and `vino decode --json` report. */
export function decodeProblem(error: DecodeError): Problem {
  const extra: Partial<Problem> = { identifier: error.identifier };
  if (error.positions) extra.positions = error.positions;
  if (error.suggestions) extra.suggestions = error.suggestions;
  return problem(422, error.code, DECODE_TITLES[error.code], error.detail, extra);
}
