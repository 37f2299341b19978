// The Koa application: small middleware composed in the order a request meets them. Everything it
// needs is passed in, so tests can build it around a temporary key store or a stub decoder.
import Koa from 'koa';
import type { Logger } from 'pino';
import type { AdminTokens, KeyStore } from '../keys/index.js';
import { requireAdminToken, requireApiKey, type ApiKeyGate } from './auth.js';
import { cors } from './cors.js';
import { ProblemResponses } from './errors.js';
import { exactRoutes } from './exact-routes.js';
import type { Metrics } from './metrics.js';
import { observeRequests, RequestObserver } from './observe.js';
import { clientAddress, rateLimit, type Limiters } from './rate-limit.js';
import { DecodeAnswers, type Decoder } from './decode-answers.js';
import { decodeRoutes } from './routes/decode.js';
import { keyRoutes } from './routes/keys.js';
import { metaRoutes } from './routes/meta.js';
import { Readiness } from './readiness.js';
import { requestFraming } from './request-framing.js';
import { staticUi } from './static-ui.js';
import type { TrustedProxies } from './trusted-proxies.js';

export interface AppDependencies {
  decode: Decoder;
  keys: KeyStore;
  admin: AdminTokens;
  logger: Logger;
  metrics: Metrics;
  limiters: Limiters;
  corsOrigins: readonly string[];
  /** Folder of the built web page (dist/ui). */
  uiDir: string;
  openApiJson: string;
  /**
   * The key store's health as /readyz reports it, refreshed in the background by whoever started it
   * (startServer); without one, the store is asked once, when the app is built.
   */
  readiness?: Readiness;
  /** Recent decode answers kept as bytes; 0 turns the cache off. */
  answerCacheSize?: number;
  /** The proxies whose X-Forwarded-For names the client (VINO_TRUST_PROXY). */
  trustProxy: TrustedProxies;
}

export function createApp(deps: AppDependencies): Koa {
  const { logger, metrics } = deps;
  const observer = new RequestObserver(logger, metrics);
  const answers = new DecodeAnswers(deps.decode, deps.answerCacheSize);
  const app = new Koa();
  // Errors are answered by ProblemResponses; what still reaches koa is a broken socket, not a bug to print.
  app.on('error', (error: Error) => logger.debug({ err: error.message }, 'response not delivered'));

  app.use(observeRequests(observer, new ProblemResponses(logger, metrics)));
  app.use(requestFraming());
  // With no origin listed there is nothing to allow: browsers already refuse cross-origin reads.
  if (deps.corsOrigins.length > 0) app.use(cors(deps.corsOrigins));

  const keyGate: ApiKeyGate = { keys: deps.keys, failedAuth: deps.limiters.failedAuth, trustProxy: deps.trustProxy, metrics };
  const decode = decodeRoutes({
    answers,
    metrics,
    openGuards: rateLimit(deps.limiters.open, 'open', (ctx) => clientAddress(ctx.req, deps.trustProxy), metrics),
    secureGuards: [requireApiKey(keyGate), ...rateLimit(deps.limiters.perKey, 'key', (ctx) => ctx.state.apiKeyId as string, metrics)],
  });
  const keys = keyRoutes(deps.keys, requireAdminToken({ admin: deps.admin, failedAuth: deps.limiters.failedAdminAuth, trustProxy: deps.trustProxy, metrics }));
  const readiness = deps.readiness ?? new Readiness(() => deps.keys.ping());
  if (!deps.readiness) void readiness.check();
  const meta = metaRoutes(deps.openApiJson, readiness, metrics);
  const routers = [decode, keys, meta];
  app.use(exactRoutes(routers));
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(staticUi(deps.uiDir));
  return app;
}
