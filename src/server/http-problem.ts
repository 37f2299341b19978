// Problems the server answers, thrown from anywhere below errors.ts and turned into the response
// there. Each has a stable code (DESIGN.md) that clients can branch on.
import type { Problem } from '../generated/contract.js';
import { problem } from '../problem.js';

export class HttpProblem extends Error {
  override readonly name = 'HttpProblem';
  constructor(readonly body: Problem, readonly headers: Record<string, string> = {}) {
    super(body.detail);
  }
}

export const problems = {
  notFound: (path: string) => new HttpProblem(problem(404, 'NOT_FOUND', 'Not found', `Nothing is served at ${path.slice(0, 200)}.`)),
  methodNotAllowed: (method: string, allow: string) =>
    new HttpProblem(problem(405, 'METHOD_NOT_ALLOWED', 'Method not allowed', `${method.slice(0, 20)} is not supported here; use ${allow}.`), { Allow: allow }),
  unsupportedMediaType: () =>
    new HttpProblem(problem(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type', 'Send the body as JSON with Content-Type: application/json.')),
  headersTooLarge: () =>
    new HttpProblem(problem(431, 'HEADERS_TOO_LARGE', 'Headers too large', 'The request line and headers are larger than 16 KB.')),
  requestTimeout: () => new HttpProblem(problem(408, 'REQUEST_TIMEOUT', 'Request timeout', 'The request did not arrive in time.')),
  payloadTooLarge: (limit: number) =>
    new HttpProblem(problem(413, 'PAYLOAD_TOO_LARGE', 'Body too large', `The body is larger than ${limit} bytes.`), { Connection: 'close' }),
  invalidJson: (detail: string) => new HttpProblem(problem(400, 'INVALID_JSON', 'Malformed JSON', detail)),
  validationFailed: (errors: { path: string; message: string }[]) =>
    new HttpProblem(problem(400, 'VALIDATION_FAILED', 'Body does not match the schema',
      `${errors.length === 1 ? 'One field is' : `${errors.length} fields are`} not as the schema requires.`, { errors })),
  /** Closes the connection: the rest of the body is not read. */
  nestedTooDeep: (maxDepth: number) =>
    new HttpProblem(problem(400, 'VALIDATION_FAILED', 'Body does not match the schema', 'The body nests deeper than the schema allows.',
      { errors: [{ path: '/', message: `nests deeper than ${maxDepth} level${maxDepth === 1 ? '' : 's'} of arrays and objects` }] }), { Connection: 'close' }),
  apiKeyMissing: () =>
    new HttpProblem(problem(401, 'API_KEY_MISSING', 'API key required', 'Send an API key as Authorization: Bearer <key> or X-API-Key: <key>.'),
      { 'WWW-Authenticate': 'Bearer realm="vino"' }),
  apiKeyInvalid: () =>
    new HttpProblem(problem(401, 'API_KEY_INVALID', 'API key not accepted', 'The API key is unknown, malformed or revoked.'),
      { 'WWW-Authenticate': 'Bearer realm="vino", error="invalid_token"' }),
  adminTokenMissing: () =>
    new HttpProblem(problem(401, 'ADMIN_TOKEN_MISSING', 'Admin token required', 'Send the admin token as Authorization: Bearer <token> or X-Admin-Token: <token>.'),
      { 'WWW-Authenticate': 'Bearer realm="vino-admin"' }),
  adminTokenInvalid: () =>
    new HttpProblem(problem(401, 'ADMIN_TOKEN_INVALID', 'Admin token not accepted', 'The admin token is wrong or has been rotated.'),
      { 'WWW-Authenticate': 'Bearer realm="vino-admin", error="invalid_token"' }),
  keyNotFound: (id: string) => new HttpProblem(problem(404, 'KEY_NOT_FOUND', 'No such API key', `No API key has the id ${id.slice(0, 80)}.`)),
  rateLimited: (retryAfterSeconds: number) =>
    new HttpProblem(problem(429, 'RATE_LIMITED', 'Too many requests', `Slow down; try again in ${retryAfterSeconds} s.`),
      { 'Retry-After': String(retryAfterSeconds) }),
  tooManyBadKeys: (retryAfterSeconds: number) =>
    new HttpProblem(problem(429, 'TOO_MANY_BAD_KEYS', 'Too many failed authentications',
      `This address sent too many requests without an accepted API key; its secure requests are refused for ${retryAfterSeconds} s, whatever key they carry.`),
      { 'Retry-After': String(retryAfterSeconds) }),
  tooManyBadAdminTokens: (retryAfterSeconds: number) =>
    new HttpProblem(problem(429, 'TOO_MANY_BAD_ADMIN_TOKENS', 'Too many failed authentications',
      `This address sent too many requests without the admin token; its key administration requests are refused for ${retryAfterSeconds} s, whatever token they carry.`),
      { 'Retry-After': String(retryAfterSeconds) }),
  storeUnavailable: () =>
    new HttpProblem(problem(503, 'STORE_UNAVAILABLE', 'Key store unavailable', 'The key store does not answer; try again shortly.'), { 'Retry-After': '5' }),
  /** Under --workers: the primary did not gather the group's figures in time (a worker or the primary itself busy or stopped). */
  metricsUnavailable: () =>
    new HttpProblem(problem(503, 'METRICS_UNAVAILABLE', 'Metrics unavailable', 'The worker group\'s metrics could not be gathered in time; try again shortly.'), { 'Retry-After': '5' }),
  corsOriginNotAllowed: () =>
    new HttpProblem(problem(403, 'CORS_ORIGIN_NOT_ALLOWED', 'Origin not allowed', 'This origin is not listed in VINO_CORS_ORIGINS.')),
  hostMissing: () =>
    new HttpProblem(problem(400, 'BAD_REQUEST', 'Bad request', 'An HTTP/1.1 request needs a Host header.'), { Connection: 'close' }),
  badRequest: (detail: string) => new HttpProblem(problem(400, 'BAD_REQUEST', 'Bad request', detail)),
  internal: () => new HttpProblem(problem(500, 'INTERNAL_ERROR', 'Internal error', 'Something went wrong on our side; it has been logged.')),
};
