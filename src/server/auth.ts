// Credentials for the secure endpoints (an API key) and the admin endpoints (the admin token).
// Both are accepted as `Authorization: Bearer …` or in their own header, so curl users and
// browser code can choose; neither is ever logged.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import type { AdminTokens, ApiKeyRecord, KeyStore } from '../keys/index.js';
import { HttpProblem, problems } from './http-problem.js';
import type { Metrics } from './metrics.js';
import { clientAddress, type FailedAuthLimit } from './rate-limit.js';
import type { TrustedProxies } from './trusted-proxies.js';

const SPACE = 0x20;
/** `bearer` in lower case; an ASCII letter's upper case differs from it only in bit 0x20. */
const BEARER = [0x62, 0x65, 0x61, 0x72, 0x65, 0x72];
const ASCII_LOWER_CASE = 0x20;

/**
 * Where the credential starts when `authorization` begins with the scheme Bearer (in any case) and
 * one or more spaces, as /^bearer +/i matches it; -1 otherwise. Read by character codes: the regular
 * expression cost a match object and a substring on every secure request.
 */
export function bearerCredentialStart(authorization: string): number {
  if (authorization.length <= BEARER.length) return -1;
  for (let i = 0; i < BEARER.length; i++) {
    if ((authorization.charCodeAt(i) | ASCII_LOWER_CASE) !== BEARER[i]) return -1;
  }
  let at = BEARER.length;
  if (authorization.charCodeAt(at) !== SPACE) return -1;
  while (authorization.charCodeAt(at) === SPACE) at++;
  return at;
}

function bearer(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (authorization === undefined) return undefined;
  // RFC 9110: the scheme is case-insensitive; anything but Bearer counts as no usable credential.
  const start = bearerCredentialStart(authorization);
  return start < 0 ? '' : authorization.slice(start).trim();
}

/** The presented secret; '' when something was sent but cannot be one; undefined when nothing was. */
function credential(headers: IncomingHttpHeaders, ownHeader: 'x-api-key' | 'x-admin-token'): string | undefined {
  const fromAuthorization = bearer(headers);
  if (fromAuthorization) return fromAuthorization;
  const own = headers[ownHeader];
  if (typeof own === 'string') return own.trim();
  return fromAuthorization;
}

/**
 * The live key record for the request's API key; throws a 401 problem without one. Synchronous when
 * the key store's cache knows the key (the common case), a promise otherwise.
 */
function checkApiKey(keys: KeyStore, headers: IncomingHttpHeaders): ApiKeyRecord | Promise<ApiKeyRecord> {
  const presented = credential(headers, 'x-api-key');
  if (presented === undefined) throw problems.apiKeyMissing();
  const found = keys.authenticate(presented);
  return found instanceof Promise ? found.then(admitted) : admitted(found);
}

function admitted(record: ApiKeyRecord | undefined): ApiKeyRecord {
  if (!record) throw problems.apiKeyInvalid();
  return record;
}

/** What the secure endpoints check a request's key with. */
export interface ApiKeyGate {
  keys: KeyStore;
  /** The limit on failed authentications per client address; undefined = none. */
  failedAuth: FailedAuthLimit | undefined;
  /** The proxies whose X-Forwarded-For names the client (VINO_TRUST_PROXY). */
  trustProxy: TrustedProxies;
  metrics: Metrics;
}

/**
 * checkApiKey behind the limit on failed authentications: an address that has used its budget is
 * refused (429 TOO_MANY_BAD_KEYS) before the key store is asked, whatever key it sends, and each
 * missing, unknown, malformed or revoked key (each 401) is counted against its address. An accepted
 * key costs no more than before, plus a Map lookup while some address is refused.
 */
function checkRequestApiKey(gate: ApiKeyGate, req: IncomingMessage): ApiKeyRecord | Promise<ApiKeyRecord> {
  const failedAuth = gate.failedAuth;
  if (!failedAuth) return checkApiKey(gate.keys, req.headers);
  if (failedAuth.refusing) failedAuth.refuseIfBlocked(clientAddress(req, gate.trustProxy), gate.metrics);
  let checked: ApiKeyRecord | Promise<ApiKeyRecord>;
  try {
    checked = checkApiKey(gate.keys, req.headers);
  } catch (error) {
    return countedFailure(gate, failedAuth, req, error);
  }
  return checked instanceof Promise ? checked.catch((error: unknown) => countedFailure(gate, failedAuth, req, error)) : checked;
}

/** Counts a refused credential (not a store that did not answer) against the address, then rethrows. */
async function countedFailure(gate: ApiKeyGate, failedAuth: FailedAuthLimit, req: IncomingMessage, error: unknown): Promise<never> {
  if (error instanceof HttpProblem && error.body.status === 401) await failedAuth.countFailure(clientAddress(req, gate.trustProxy), gate.metrics);
  throw error;
}

export function requireApiKey(gate: ApiKeyGate): Middleware {
  // Not async: a cached key is checked without allocating a promise.
  return function requireApiKey(ctx, next) {
    const admit = (record: ApiKeyRecord) => {
      ctx.state.apiKeyId = record.id;
      return next();
    };
    const record = checkRequestApiKey(gate, ctx.req);
    return record instanceof Promise ? record.then(admit) : admit(record);
  };
}

/** What the key endpoints check the admin token with: as ApiKeyGate, with a budget of its own. */
export interface AdminTokenGate {
  admin: AdminTokens;
  failedAuth: FailedAuthLimit | undefined;
  /** The proxies whose X-Forwarded-For names the client (VINO_TRUST_PROXY). */
  trustProxy: TrustedProxies;
  metrics: Metrics;
}

/**
 * The admin token, behind a limit on failed attempts per client address, as the API keys are: an
 * address that has used its budget gets 429 TOO_MANY_BAD_ADMIN_TOKENS before its token is looked at.
 */
export function requireAdminToken(gate: AdminTokenGate): Middleware {
  return async function requireAdminToken(ctx, next) {
    const address = gate.failedAuth && clientAddress(ctx.req, gate.trustProxy);
    if (gate.failedAuth?.refusing) gate.failedAuth.refuseIfBlocked(address!, gate.metrics);
    const presented = credential(ctx.req.headers, 'x-admin-token');
    const refusal = presented === undefined ? problems.adminTokenMissing()
      : (await gate.admin.verify(presented)) ? undefined : problems.adminTokenInvalid();
    if (refusal) {
      await gate.failedAuth?.countFailure(address!, gate.metrics);
      throw refusal;
    }
    return next();
  };
}
