// Problem answers: turns everything that goes wrong in the middleware chain into an RFC 9457
// problem+json response. Only HttpProblems speak to the client in their own words; anything else is
// logged with its stack and answered with a generic 500, so no stack trace or internal message ever
// leaves the process. observe.ts calls these around the rest of the chain, inside its observation
// (which records the answer actually sent), in one layer of Koa's chain rather than two: a layer
// costs a dispatch, a promise and an await on every request (about 0.75 µs of a decode's ~17 µs).
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { StoreUnavailableError } from '../keys/store-errors.js';
import { HttpProblem, problems } from './http-problem.js';
import type { Metrics } from './metrics.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

function sendProblem(ctx: Context, error: HttpProblem): void {
  ctx.status = error.body.status;
  for (const name in error.headers) ctx.set(name, error.headers[name]!);
  ctx.set('Content-Type', PROBLEM_CONTENT_TYPE);
  ctx.body = JSON.stringify(error.body);
}

/** Errors from koa or node that carry a client status (e.g. a URIError on a bad %-escape). */
function clientStatusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown; expose?: unknown })?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

export class ProblemResponses {
  constructor(private readonly logger: Logger, private readonly metrics: Metrics) {}

  /**
   * After the chain: a 4xx or 5xx left without a body (the router's 404, 405, 501) gets one. An
   * answer a handler wrote itself (ctx.respond = false: the single decode's 422) is already sent.
   */
  settle(ctx: Context): void {
    if (ctx.respond !== false && ctx.body == null && ctx.status >= 400) sendProblem(ctx, emptyStatusProblem(ctx));
  }

  /** The chain threw `error`: answer its problem. */
  answer(ctx: Context, error: unknown): void {
    sendProblem(ctx, toProblem(error, String(ctx.state.requestId), ctx.path, this.logger, this.metrics));
  }
}

/** The router and koa leave 404/405/501 without a body; give them one. */
function emptyStatusProblem(ctx: Context): HttpProblem {
  // The router answers 501 to a method it has no name for (TRACE, PROPFIND, …), with the route's
  // methods in Allow when the path is one of its routes: that is a 405, and elsewhere a 404.
  const allow = ctx.response.get('Allow');
  if (ctx.status === 405 || (ctx.status === 501 && allow)) return problems.methodNotAllowed(ctx.method, allow || 'another method');
  if (ctx.status === 501) ctx.remove('Allow');
  if (ctx.status === 404 || ctx.status === 501) return problems.notFound(ctx.path);
  return problems.badRequest(`The request could not be handled (${ctx.status}).`);
}

/** The problem to answer for anything thrown while handling a request. */
function toProblem(error: unknown, requestId: string, path: string, logger: Logger, metrics: Metrics): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof StoreUnavailableError) {
    metrics.countStoreError();
    logger.warn({ reqId: requestId, err: error.message }, 'key store unavailable');
    return problems.storeUnavailable();
  }
  const status = clientStatusOf(error);
  if (status === 404) return problems.notFound(path);
  if (status !== undefined || error instanceof URIError) return problems.badRequest('The request line or headers could not be understood.');
  logger.error({ reqId: requestId, err: error }, 'unexpected error');
  return problems.internal();
}
