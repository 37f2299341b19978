// The decode endpoints: open (the page; limited per client address) and secure (API key; limited
// per key), each for one identifier or a batch of up to 1,000 answered in order.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { BATCH_BODY_LIMIT, readJsonBody, SINGLE_BODY_LIMIT } from '../body.js';
import type { DecodeAnswers } from '../decode-answers.js';
import { PROBLEM_CONTENT_TYPE } from '../errors.js';
import type { Metrics } from '../metrics.js';
import { validateDecodeBatchRequest, validateDecodeRequest } from '../validate.js';

export interface DecodeRoutesOptions {
  answers: DecodeAnswers;
  metrics: Metrics;
  /** Run before the open endpoints (rate limit per address). */
  openGuards: Middleware[];
  /** Run before the secure endpoints (API key, then rate limit per key). */
  secureGuards: Middleware[];
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const BATCH_OPEN = Buffer.from('{"results":[');
const BATCH_COMMA = Buffer.from(',');
const BATCH_CLOSE = Buffer.from(']}');

export function decodeRoutes({ answers, metrics, openGuards, secureGuards }: DecodeRoutesOptions): Router {
  async function single(ctx: Context): Promise<void> {
    const { identifier } = validateDecodeRequest(await readJsonBody(ctx, SINGLE_BODY_LIMIT));
    const answer = answers.answer(identifier);
    metrics.countDecode(answer.outcome);
    if (answer.status === 200) {
      ctx.res.setHeader('Content-Type', JSON_CONTENT_TYPE);
    } else {
      ctx.status = answer.status;
      ctx.res.setHeader('Content-Type', PROBLEM_CONTENT_TYPE);
    }
    ctx.body = answer.body;
  }

  /** Always 200: each item is a DecodeResult, or the problem that identifier would have had alone. */
  async function batch(ctx: Context): Promise<void> {
    const { identifiers } = validateDecodeBatchRequest(await readJsonBody(ctx, BATCH_BODY_LIMIT));
    const parts: Buffer[] = [BATCH_OPEN];
    identifiers.forEach((identifier, i) => {
      const answer = answers.answer(identifier);
      metrics.countDecode(answer.outcome);
      if (i > 0) parts.push(BATCH_COMMA);
      parts.push(answer.body);
    });
    parts.push(BATCH_CLOSE);
    ctx.set('Content-Type', JSON_CONTENT_TYPE);
    ctx.body = Buffer.concat(parts);
  }

  const router = new Router({ prefix: '/api/v1' });
  router.post('/vin/decode', ...openGuards, single);
  router.post('/vin/decode/batch', ...openGuards, batch);
  router.post('/secure/vin/decode', ...secureGuards, single);
  router.post('/secure/vin/decode/batch', ...secureGuards, batch);
  return router;
}
