// Credentials for the secure endpoints (an API key) and the admin endpoints (the admin token).
// Both are accepted as `Authorization: Bearer …` or in their own header, so curl users and
// browser code can choose; neither is ever logged.
import type { IncomingHttpHeaders } from 'node:http';
import type { Middleware } from 'koa';
import type { AdminTokens, ApiKeyRecord, KeyStore } from '../keys/index.js';
import { problems } from './http-problem.js';

const BEARER = /^bearer +/i;

function bearer(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (authorization === undefined) return undefined;
  // RFC 9110: the scheme is case-insensitive; anything but Bearer counts as no usable credential.
  const scheme = BEARER.exec(authorization);
  return scheme ? authorization.slice(scheme[0].length).trim() : '';
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
export function checkApiKey(keys: KeyStore, headers: IncomingHttpHeaders): ApiKeyRecord | Promise<ApiKeyRecord> {
  const presented = credential(headers, 'x-api-key');
  if (presented === undefined) throw problems.apiKeyMissing();
  const found = keys.authenticate(presented);
  return found instanceof Promise ? found.then(admitted) : admitted(found);
}

function admitted(record: ApiKeyRecord | undefined): ApiKeyRecord {
  if (!record) throw problems.apiKeyInvalid();
  return record;
}

export function requireApiKey(keys: KeyStore): Middleware {
  // Not async: a cached key is checked without allocating a promise.
  return function requireApiKey(ctx, next) {
    const admit = (record: ApiKeyRecord) => {
      ctx.state.apiKeyId = record.id;
      return next();
    };
    const record = checkApiKey(keys, ctx.req.headers);
    return record instanceof Promise ? record.then(admit) : admit(record);
  };
}

export function requireAdminToken(admin: AdminTokens): Middleware {
  return async function requireAdminToken(ctx, next) {
    const presented = credential(ctx.req.headers, 'x-admin-token');
    if (presented === undefined) throw problems.adminTokenMissing();
    if (!(await admin.verify(presented))) throw problems.adminTokenInvalid();
    return next();
  };
}
