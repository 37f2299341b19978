// Endpoints for operators and tools: the OpenAPI document, liveness, readiness (the key store
// answered its last background check) and Prometheus metrics. None needs credentials and none reveals a secret.
import Router from '@koa/router';
import { problems } from '../http-problem.js';
import type { Metrics } from '../metrics.js';
import type { Readiness } from '../readiness.js';

export function metaRoutes(openApiJson: string, readiness: Readiness, metrics: Metrics): Router {
  const router = new Router();

  router.get('/api/v1/openapi.json', (ctx) => {
    ctx.set('Content-Type', 'application/json; charset=utf-8');
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = openApiJson;
  });

  /** Alive: the process answers. Says nothing about dependencies, so a store outage does not restart it. */
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  /** Ready: the key store answered its last background check, so the secure endpoints can work. 503 otherwise. */
  router.get('/readyz', (ctx) => {
    if (!readiness.ready) throw problems.storeUnavailable();
    ctx.body = { status: 'ready' };
  });

  router.get('/metrics', async (ctx) => {
    ctx.body = await metrics.render();
    ctx.set('Content-Type', metrics.contentType);
  });

  return router;
}
