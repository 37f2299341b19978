// HTTP/1.1 framing rules node leaves to the application, checked before any route.
import type { Middleware } from 'koa';
import { problems } from './http-problem.js';

export function requestFraming(): Middleware {
  return function requestFraming(ctx, next) {
    // RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400; node leaves it to us (index.ts)
    // rather than answering it bare.
    if (ctx.req.headers.host === undefined && ctx.req.httpVersion === '1.1') throw problems.hostMissing();
    // vino upgrades to nothing, yet node's parser treats bytes after a request with Upgrade as
    // the new protocol's and drops them: requests pipelined behind it would go unanswered. Closing
    // after the answer tells the client so (RFC 9112 §9.6).
    if (ctx.req.headers.upgrade !== undefined) ctx.set('Connection', 'close');
    return next();
  };
}
