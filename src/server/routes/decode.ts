// The decode endpoints: open (the page; limited per client address) and secure (API key; limited
// per key), each for one identifier or a batch of up to 1,000 answered in order.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { DecodeResult, Problem } from '../../generated/contract.js';
import type { DecodeOutcome } from '../../decode/outcome.js';
import { decodeProblem } from '../../problem.js';
import { BATCH_BODY_LIMIT, readJsonBody, SINGLE_BODY_LIMIT } from '../body.js';
import { PROBLEM_CONTENT_TYPE } from '../errors.js';
import type { Metrics } from '../metrics.js';
import { validateDecodeBatchRequest, validateDecodeRequest } from '../validate.js';

export type Decoder = (identifier: string) => DecodeOutcome;

export interface DecodeRoutesOptions {
  decode: Decoder;
  metrics: Metrics;
  /** Run before the open endpoints (rate limit per address). */
  openGuards: Middleware[];
  /** Run before the secure endpoints (API key, then rate limit per key). */
  secureGuards: Middleware[];
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function decodeRoutes({ decode, metrics, openGuards, secureGuards }: DecodeRoutesOptions): Router {
  const countedDecode = (identifier: string): DecodeOutcome => {
    const outcome = decode(identifier);
    metrics.countDecode(outcome.ok ? outcome.result.summary.format : outcome.error.code);
    return outcome;
  };

  async function single(ctx: Context): Promise<void> {
    const { identifier } = validateDecodeRequest(await readJsonBody(ctx, SINGLE_BODY_LIMIT));
    const outcome = countedDecode(identifier);
    if (outcome.ok) {
      ctx.set('Content-Type', JSON_CONTENT_TYPE);
      ctx.body = JSON.stringify(outcome.result);
    } else {
      ctx.status = 422;
      ctx.set('Content-Type', PROBLEM_CONTENT_TYPE);
      ctx.body = JSON.stringify(decodeProblem(outcome.error));
    }
  }

  /** Always 200: each item is a result or the problem that identifier would have had alone. */
  async function batch(ctx: Context): Promise<void> {
    const { identifiers } = validateDecodeBatchRequest(await readJsonBody(ctx, BATCH_BODY_LIMIT));
    const results = identifiers.map((identifier): DecodeResult | Problem => {
      const outcome = countedDecode(identifier);
      return outcome.ok ? outcome.result : decodeProblem(outcome.error);
    });
    ctx.set('Content-Type', JSON_CONTENT_TYPE);
    ctx.body = JSON.stringify({ results });
  }

  const router = new Router({ prefix: '/api/v1' });
  router.post('/vin/decode', ...openGuards, single);
  router.post('/vin/decode/batch', ...openGuards, batch);
  router.post('/secure/vin/decode', ...secureGuards, single);
  router.post('/secure/vin/decode/batch', ...secureGuards, batch);
  return router;
}
