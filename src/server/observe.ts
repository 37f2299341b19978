// What every request gets on its way in and records on its way out. In: an id (echoed as
// X-Request-Id) and the security headers. Out: the final status and latency in metrics, and a log
// line: refusals (4xx) at info, so that failed key checks and rate limiting show in normal logs;
// successes at debug, so that the hot path writes nothing at the default level (VINO_LOG_LEVEL=debug
// gives a full access log). A line names the route and path, never headers or the query string,
// so no key or token reaches it. observeRequests is the outermost middleware, so that the
// observation sees the answer actually sent, problems (errors.ts) included.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ProblemResponses } from './errors.js';
import type { Metrics } from './metrics.js';
import { newRequestId } from './request-id.js';
import { applySecurityHeaders } from './security-headers.js';

/** A caller's own id is kept when it is short and plain, so it cannot forge log lines. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

export class RequestObserver {
  private readonly logSuccesses: boolean;

  constructor(private readonly logger: Logger, private readonly metrics: Metrics) {
    this.logSuccesses = logger.isLevelEnabled('debug');
  }

  /** Gives the request its id and headers; returns the id. */
  begin(req: IncomingMessage, res: ServerResponse): string {
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : newRequestId();
    res.setHeader('X-Request-Id', requestId);
    applySecurityHeaders(res);
    return requestId;
  }

  /** `route` is a bounded label (routeLabel); `path` is only looked at when it is `unmatched`. */
  finish(requestId: string, method: string, route: string, path: string, status: number, start: number): void {
    const ms = performance.now() - start;
    this.metrics.observeRequest(method, route, status, ms / 1000);
    if (status < 400 && !this.logSuccesses) return;
    // The path only adds to the route when no route matched; it is cut short, as it is the client's.
    const shownPath = route === 'unmatched' ? path.slice(0, 200) : undefined;
    const line = { reqId: requestId, method, route, path: shownPath, status, ms: Math.round(ms * 100) / 100 };
    if (status >= 500) this.logger.error(line, 'request failed');
    else if (status >= 400) this.logger.info(line, 'request refused');
    else this.logger.debug(line, 'request');
  }
}

/** Bounded label values: a matched route pattern, a name set by a handler, or `unmatched`. */
function routeLabel(named: unknown, matched: string | RegExp | undefined): string {
  if (typeof named === 'string') return named;
  return typeof matched === 'string' ? matched : 'unmatched';
}

/**
 * The outermost middleware: begins the observation, has `problems` answer whatever went wrong in
 * the rest of the chain, and finishes the observation with the status actually sent.
 */
export function observeRequests(observer: RequestObserver, problems: ProblemResponses): Middleware {
  return async function observeRequests(ctx, next) {
    const start = performance.now();
    const requestId = observer.begin(ctx.req, ctx.res);
    ctx.state.requestId = requestId;
    try {
      await next();
      problems.settle(ctx);
    } catch (error) {
      problems.answer(ctx, error);
    } finally {
      const route = routeLabel(ctx.state.route, ctx._matchedRoute);
      // The path is parsed from the URL only when the line can show it. Method and status are read
      // from node's objects, not through ctx's delegating getters (ctx.method → request → req).
      observer.finish(requestId, ctx.req.method!, route, route === 'unmatched' ? ctx.path : '', ctx.res.statusCode, start);
    }
  };
}
