// Headers every response carries. API answers forbid everything in a browser (they are data, never
// documents); the page overrides the Content-Security-Policy with one that lets its own script run.
import type { Middleware } from 'koa';

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const HEADERS: [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'no-referrer'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Content-Security-Policy', API_CONTENT_SECURITY_POLICY],
  ['Cache-Control', 'no-store'],
];

export function securityHeaders(): Middleware {
  return function securityHeaders(ctx, next) {
    const res = ctx.res;
    for (const [name, value] of HEADERS) res.setHeader(name, value);
    return next();
  };
}
