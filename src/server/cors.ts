// CORS for the origins in VINO_CORS_ORIGINS only: pages elsewhere that embed the component may call
// the API; every other origin gets no CORS headers, so browsers keep their answers from scripts.
// Same-origin requests (the page vino serves) need none of this.
import type { Middleware } from 'koa';
import { problems } from './http-problem.js';

const ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Content-Type, Authorization, X-API-Key, X-Admin-Token, X-Request-Id';
const EXPOSED_HEADERS = 'X-Request-Id, Retry-After';

export function cors(origins: readonly string[]): Middleware {
  const anyOrigin = origins.includes('*');
  const allowed = new Set(origins);
  return function cors(ctx, next) {
    const origin = ctx.req.headers.origin;
    if (allowed.size > 0) ctx.vary('Origin');
    if (origin === undefined) return next();
    const isAllowed = anyOrigin || allowed.has(origin);
    const isPreflight = ctx.method === 'OPTIONS' && ctx.req.headers['access-control-request-method'] !== undefined;
    if (isPreflight) {
      if (!isAllowed) throw problems.corsOriginNotAllowed();
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
      ctx.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return Promise.resolve();
    }
    if (isAllowed) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    return next();
  };
}
