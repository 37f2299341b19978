// Outermost middleware: gives every request an id (echoed as X-Request-Id) and the security
// headers (set here rather than in a middleware of their own: one layer less per request), then records the
// final status and latency in metrics, and logs the request: refusals (4xx) at info, so that
// failed key checks and rate limiting show in normal logs, and successes at debug, so that the
// hot path writes no line at the default level (VINO_LOG_LEVEL=debug gives a full access log).
// A line names the route and path, never headers or the query string, so no key or token reaches it.
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import type { Metrics } from './metrics.js';
import { applySecurityHeaders } from './security-headers.js';

/** A caller's own id is kept when it is short and plain, so it cannot forge log lines. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

export function observeRequests(logger: Logger, metrics: Metrics): Middleware {
  const logSuccesses = logger.isLevelEnabled('debug');
  return async function observeRequests(ctx, next) {
    const start = performance.now();
    const given = ctx.req.headers['x-request-id'];
    const requestId = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = requestId;
    ctx.res.setHeader('X-Request-Id', requestId);
    applySecurityHeaders(ctx.res);
    try {
      await next();
    } finally {
      const ms = performance.now() - start;
      const route = routeLabel(ctx.state.route, ctx._matchedRoute);
      metrics.observeRequest(ctx.method, route, ctx.status, ms / 1000);
      const status = ctx.status;
      if (status >= 400 || logSuccesses) {
        // The path only adds to the route when no route matched; it is cut short, as it is the client's.
        const path = route === 'unmatched' ? ctx.path.slice(0, 200) : undefined;
        const line = { reqId: requestId, method: ctx.method, route, path, status, ms: Math.round(ms * 100) / 100 };
        if (status >= 500) logger.error(line, 'request failed');
        else if (status >= 400) logger.info(line, 'request refused');
        else logger.debug(line, 'request');
      }
    }
  };
}

/** Bounded label values: a matched route pattern, a name set by a handler, or `unmatched`. */
function routeLabel(named: unknown, matched: string | RegExp | undefined): string {
  if (typeof named === 'string') return named;
  return typeof matched === 'string' ? matched : 'unmatched';
}
