// The two single-identifier decode endpoints, answered before Koa. Koa's context, the router and
// the middleware chain cost more per request than answering a known identifier does (bench/http.ts
// measures it), and these two paths carry nearly all the traffic. The lane composes the very pieces
// the Koa routes use (request observation, the API key check, the rate limits, the body reader and
// validator, the answer cache, the problem answers), so both answer alike; decode-lane.test.ts
// compares them. Anything but the plain case goes to Koa: another method or path, a browser's
// Origin (CORS is Koa's), a request without Host, an Upgrade.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { KeyStore } from '../keys/index.js';
import { checkRequestApiKey, type ApiKeyGate } from './auth.js';
import type { DecodeAnswers } from './decode-answers.js';
import { toProblem, writeProblem } from './errors.js';
import type { Metrics } from './metrics.js';
import type { RequestObserver } from './observe.js';
import { clientAddress, consumeOrRefuse, type Limiters } from './rate-limit.js';
import { answerSingle, contentTypeOf } from './routes/decode.js';

export const OPEN_DECODE_PATH = '/api/v1/vin/decode';
export const SECURE_DECODE_PATH = '/api/v1/secure/vin/decode';

export interface DecodeLaneDependencies {
  answers: DecodeAnswers;
  keys: KeyStore;
  limiters: Limiters;
  metrics: Metrics;
  logger: Logger;
  observer: RequestObserver;
  trustProxy: boolean;
}

export function withDecodeLane(deps: DecodeLaneDependencies, koa: RequestListener): RequestListener {
  const keyGate: ApiKeyGate = { keys: deps.keys, failedAuth: deps.limiters.failedAuth, trustProxy: deps.trustProxy, metrics: deps.metrics };
  return function decodeLane(req, res) {
    const url = req.url;
    const plain = req.method === 'POST' && (url === OPEN_DECODE_PATH || url === SECURE_DECODE_PATH) &&
      req.headers.origin === undefined && req.headers.host !== undefined && req.headers.upgrade === undefined;
    if (!plain) return koa(req, res);
    void serve(deps, keyGate, req, res, url === SECURE_DECODE_PATH);
  };
}

async function serve(deps: DecodeLaneDependencies, keyGate: ApiKeyGate, req: IncomingMessage, res: ServerResponse, secure: boolean): Promise<void> {
  const start = performance.now();
  const requestId = deps.observer.begin(req, res);
  const route = secure ? SECURE_DECODE_PATH : OPEN_DECODE_PATH;
  let status = 500;
  try {
    if (secure) {
      const checked = checkRequestApiKey(keyGate, req);
      const record = checked instanceof Promise ? await checked : checked;
      if (deps.limiters.perKey) await consumeOrRefuse(deps.limiters.perKey, record.id, 'key', deps.metrics);
    } else if (deps.limiters.open) {
      await consumeOrRefuse(deps.limiters.open, clientAddress(req, deps.trustProxy), 'open', deps.metrics);
    }
    const answer = await answerSingle(req, deps.answers, deps.metrics);
    status = answer.status;
    res.writeHead(status, { 'Content-Type': contentTypeOf(answer), 'Content-Length': answer.body.length });
    res.end(answer.body);
  } catch (error) {
    const problem = toProblem(error, requestId, route, deps.logger, deps.metrics);
    status = problem.body.status;
    writeProblem(res, problem);
  } finally {
    deps.observer.finish(requestId, 'POST', route, route, status, start);
  }
}
