// The decode endpoints: open (the page; limited per client address) and secure (API key; limited
// per key), each for one identifier or a batch of up to 1,000 answered in order.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { BATCH_BODY_LIMIT, readJsonBody, SINGLE_BODY_LIMIT } from '../body.js';
import type { DecodeAnswer, DecodeAnswers } from '../decode-answers.js';
import { PROBLEM_CONTENT_TYPE } from '../errors.js';
import type { Metrics } from '../metrics.js';
import { DECODE_BATCH_REQUEST_DEPTH, DECODE_REQUEST_DEPTH, validateDecodeBatchRequest, validateDecodeRequest } from '../validate.js';

export interface DecodeRoutesOptions {
  answers: DecodeAnswers;
  metrics: Metrics;
  /** Run before the open endpoints (rate limit per address). */
  openGuards: Middleware[];
  /** Run before the secure endpoints (API key, then rate limit per key). */
  secureGuards: Middleware[];
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const BATCH_OPEN = Buffer.from('{"results":[');
const BATCH_COMMA = Buffer.from(',');
const BATCH_CLOSE = Buffer.from(']}');

/** Checks a single-identifier body and answers it: the work of both single decode endpoints. */
function answerSingle(body: unknown, answers: DecodeAnswers, metrics: Metrics): DecodeAnswer {
  const { identifier } = validateDecodeRequest(body);
  const answer = answers.answer(identifier);
  metrics.countDecode(answer.outcome);
  return answer;
}

const contentTypeOf = (answer: DecodeAnswer): string => (answer.status === 200 ? JSON_CONTENT_TYPE : PROBLEM_CONTENT_TYPE);

export function decodeRoutes({ answers, metrics, openGuards, secureGuards }: DecodeRoutesOptions): Router {
  /**
   * Written by the handler itself, in one writeHead() and end(), with ctx.respond = false: koa's
   * status, body and length setters and its respond() cost more than the rest of the answer. Node
   * merges the headers set before (request id, security headers, CORS) into writeHead(), so a
   * middleware must set its headers before `await next()` to reach this answer (ARCHITECTURE.md).
   */
  async function single(ctx: Context): Promise<void> {
    const answer = answerSingle(await readJsonBody(ctx.req, SINGLE_BODY_LIMIT, DECODE_REQUEST_DEPTH), answers, metrics);
    ctx.respond = false;
    // A client that has gone is no error: node drops what is written to a destroyed socket.
    ctx.res.writeHead(answer.status, { 'Content-Type': contentTypeOf(answer), 'Content-Length': answer.body.length }).end(answer.body);
  }

  /** Always 200: each item is a DecodeResult, or the problem that identifier would have had alone. */
  async function batch(ctx: Context): Promise<void> {
    const { identifiers } = validateDecodeBatchRequest(await readJsonBody(ctx.req, BATCH_BODY_LIMIT, DECODE_BATCH_REQUEST_DEPTH));
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
