// Outermost middleware: gives every request an id (echoed as X-Request-Id), then records the
// final status and latency in metrics and one access-log line. The line names the route and path,
// never headers or the query string, so keys and tokens cannot reach the log.
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import type { Metrics } from './metrics.js';

/** A caller's own id is kept when it is short and plain, so it cannot forge log lines. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

export function observeRequests(logger: Logger, metrics: Metrics): Middleware {
  return async function observeRequests(ctx, next) {
    const start = performance.now();
    const given = ctx.req.headers['x-request-id'];
    const requestId = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const ms = performance.now() - start;
      const route = routeLabel(ctx.state.route, ctx._matchedRoute);
      metrics.observeRequest(ctx.method, route, ctx.status, ms / 1000);
      logger.info({ reqId: requestId, method: ctx.method, route, path: ctx.path.slice(0, 200), status: ctx.status, ms: Math.round(ms * 100) / 100 }, 'request');
    }
  };
}

/** Bounded label values: a matched route pattern, a name set by a handler, or `unmatched`. */
function routeLabel(named: unknown, matched: string | RegExp | undefined): string {
  if (typeof named === 'string') return named;
  return typeof matched === 'string' ? matched : 'unmatched';
}
