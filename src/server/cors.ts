// CORS for the origins in VINO_CORS_ORIGINS only, by @koa/cors: pages elsewhere that embed the
// component may call the API; every other origin gets no CORS headers, so browsers keep their
// answers from scripts. Same-origin requests (the page vino serves) need none of this.
import koaCors from '@koa/cors';
import type { Middleware } from 'koa';
import { problems } from './http-problem.js';

const ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Content-Type, Authorization, X-API-Key, X-Admin-Token, X-Request-Id';
const EXPOSED_HEADERS = 'X-Request-Id, Retry-After';

export function cors(origins: readonly string[]): Middleware {
  const anyOrigin = origins.includes('*');
  const allowed = new Set(origins);
  const isAllowed = (origin: string) => anyOrigin || allowed.has(origin);
  const headers = koaCors({
    origin: (ctx) => (isAllowed(ctx.get('Origin')) ? ctx.get('Origin') : ''),
    allowMethods: ALLOWED_METHODS,
    allowHeaders: ALLOWED_HEADERS,
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
    // Problems are answered by errors.ts, which keeps the headers already set: nothing to carry on the error.
    keepHeadersOnError: false,
  });
  return function cors(ctx, next) {
    // @koa/cors passes a preflight from an origin it does not allow on to the routes, whose OPTIONS
    // answer would look like success; a 403 problem tells the embedding page's developer why instead.
    // Read from node's request rather than through ctx's delegating getters: this runs on every request.
    const { method, headers: requestHeaders } = ctx.req;
    const origin = requestHeaders.origin;
    if (method === 'OPTIONS' && origin && requestHeaders['access-control-request-method'] && !isAllowed(origin)) throw problems.corsOriginNotAllowed();
    return headers(ctx, next);
  };
}
