// What every answer to a hostile request must satisfy, written once so each suite checks the same
// promises (DESIGN.md, Errors): below 500, a refusal is problem+json with a stable code that
// belongs to its status, and nothing internal (a stack trace, a path on the server) leaves it.
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { problemSchemaErrors } from '../fixtures/contract.js';
import { SECRET_MARKER } from './fixture.js';
import { header, type Outcome, type RawResponse } from './raw-http.js';

/** Every code the server may answer with, by status; 503 is absent: no dependency is down here. */
export const CODES_BY_STATUS: Record<number, string[]> = {
  400: ['INVALID_JSON', 'VALIDATION_FAILED', 'BAD_REQUEST'],
  401: ['API_KEY_MISSING', 'API_KEY_INVALID', 'ADMIN_TOKEN_MISSING', 'ADMIN_TOKEN_INVALID'],
  403: ['CORS_ORIGIN_NOT_ALLOWED'],
  404: ['NOT_FOUND', 'KEY_NOT_FOUND'],
  405: ['METHOD_NOT_ALLOWED'],
  408: ['REQUEST_TIMEOUT'],
  413: ['PAYLOAD_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
  422: ['INVALID_LENGTH', 'ILLEGAL_CHARACTERS', 'UNRECOGNISED_FORMAT'],
  431: ['HEADERS_TOO_LARGE'],
  429: ['RATE_LIMITED', 'TOO_MANY_BAD_KEYS', 'TOO_MANY_BAD_ADMIN_TOKENS'],
};

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Text that only an internal failure would put in an answer (unless the request itself held it). */
const LEAK_MARKERS: [string, RegExp][] = [
  ['a stack frame', /\n\s+at \S/],
  ['a stack frame', /\bat [\w.<>]+ \((?:file:|node:|\/)/],
  ['a node internal module', /node:internal/],
  ['the repository path', new RegExp(escape(REPO_ROOT.replace(/\/$/, '')))],
  ['the temporary folder', new RegExp(escape(tmpdir()) + '/vino')],
  ['a source file and line', /\.[cm]?[jt]s:\d+/],
  ['an error class name', /\b(?:Type|Reference|Range|Internal)Error\b/],
  ['a dependency path', /node_modules/],
  ['an SQLite file', /SQLite format 3/],
  ['a file outside the page folder', new RegExp(SECRET_MARKER)],
];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What is wrong with an answer to a request the server could read (empty when nothing is). */
export function answerProblems(outcome: Outcome, request: { method: string; bytes: Buffer }): string[] {
  if (outcome === 'closed') return ['the connection was closed without an answer'];
  if (outcome === 'timeout') return ['no answer within the time allowed'];
  const faults = statusProblems(outcome);
  const body = outcome.body.toString('utf8');
  const sent = request.bytes.toString('utf8');
  for (const [what, pattern] of LEAK_MARKERS) {
    if (pattern.test(body) && !pattern.test(sent)) faults.push(`the body shows ${what}: ${body.slice(0, 300)}`);
  }
  if (outcome.status >= 400 && request.method !== 'HEAD') faults.push(...problemBodyProblems(outcome, body));
  return faults;
}

function statusProblems(res: RawResponse): string[] {
  if (res.status >= 500) return [`answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`];
  if (res.status >= 400 && !CODES_BY_STATUS[res.status]) return [`answered ${res.status}, a status vino never gives`];
  if (!header(res, 'x-request-id')) return [`answered ${res.status} without X-Request-Id: the app did not answer it`];
  return [];
}

function problemBodyProblems(res: RawResponse, body: string): string[] {
  if (header(res, 'content-type') !== 'application/problem+json') return [`${res.status} with Content-Type ${header(res, 'content-type')}`];
  let problem: { status?: unknown; code?: unknown };
  try {
    problem = JSON.parse(body);
  } catch {
    return [`${res.status} whose body is not JSON: ${body.slice(0, 200)}`];
  }
  const faults: string[] = [];
  const schemaErrors = problemSchemaErrors(problem);
  if (schemaErrors) faults.push(`problem body does not match the schema: ${schemaErrors}`);
  if (problem.status !== res.status) faults.push(`problem status ${String(problem.status)} on a ${res.status} answer`);
  if (!CODES_BY_STATUS[res.status]?.includes(problem.code as string)) faults.push(`code ${String(problem.code)} is not one of ${res.status}'s`);
  return faults;
}

/** Statuses and codes seen, for the figures a suite reports. */
export class Tally {
  readonly seen = new Map<string, number>();
  cases = 0;

  count(outcome: Outcome): void {
    this.cases++;
    const label = typeof outcome === 'string' ? outcome : `${outcome.status}${codeOf(outcome)}${header(outcome, 'x-request-id') ? '' : ' (from node, not the app)'}`;
    this.seen.set(label, (this.seen.get(label) ?? 0) + 1);
  }

  toString(): string {
    return `${this.cases} cases: ` + [...this.seen].sort(([a], [b]) => a.localeCompare(b)).map(([label, n]) => `${label} ×${n}`).join(', ');
  }
}

function codeOf(res: RawResponse): string {
  const code = /"code":"([A-Z_]+)"/.exec(res.body.toString('utf8'))?.[1];
  return code ? ` ${code}` : '';
}
