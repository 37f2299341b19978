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

export function requireApiKey(keys: KeyStore): Middleware {
  // Not async: a cached key is checked without allocating a promise.
  return function requireApiKey(ctx, next) {
    const presented = credential(ctx.req.headers, 'x-api-key');
    if (presented === undefined) throw problems.apiKeyMissing();
    const admit = (record: ApiKeyRecord | undefined) => {
      if (!record) throw problems.apiKeyInvalid();
      ctx.state.apiKeyId = record.id;
      return next();
    };
    const found = keys.authenticate(presented);
    return found instanceof Promise ? found.then(admit) : admit(found);
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
