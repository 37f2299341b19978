// RFC 9457 problem bodies shared by the CLI (--json error lines) and the HTTP server.
import type { Problem } from './generated/contract.js';
import type { DecodeError } from './decode/outcome.js';

export const PROBLEM_TYPE_BASE = 'https://vino.dev/problems/';

const DECODE_TITLES: Record<DecodeError['code'], string> = {
  INVALID_LENGTH: 'Identifier has the wrong length',
  ILLEGAL_CHARACTERS: 'Identifier contains characters a VIN cannot have',
  UNRECOGNISED_FORMAT: 'Identifier is neither a VIN nor a chassis number',
};

export function problem(status: number, code: string, title: string, detail: string, extra: Partial<Problem> = {}): Problem {
  return { type: PROBLEM_TYPE_BASE + code.toLowerCase().replace(/_/g, '-'), title, status, detail, code, ...extra };
}

/** A decode error as the 422 problem the API and `vino decode --json` report. */
export function decodeProblem(error: DecodeError): Problem {
  const extra: Partial<Problem> = { identifier: error.identifier };
  if (error.positions) extra.positions = error.positions;
  return problem(422, error.code, DECODE_TITLES[error.code], error.detail, extra);
}
