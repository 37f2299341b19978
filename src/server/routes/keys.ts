// Key administration over HTTP, behind the admin token: create (the key is in this one answer),
// list, show and revoke. The CLI (`vino keys …`) does the same against the same store.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { KeyStore } from '../../keys/index.js';
import { ADMIN_BODY_LIMIT, readJsonBody } from '../body.js';
import { problems } from '../http-problem.js';
import { KEY_CREATE_REQUEST_DEPTH, validateKeyCreateRequest } from '../validate.js';

const KEY_ID = /^key_[0-9a-f]{16}$/;

export function keyRoutes(keys: KeyStore, adminGuard: Middleware): Router {
  // The guard goes on each route rather than router.use(): a method no route has is a 405 before any
  // credential is asked for, and the matched route (the metrics label) is the route's own template.
  const router = new Router({ prefix: '/api/v1/keys' });

  router.post('/', adminGuard, async (ctx) => {
    const { label } = validateKeyCreateRequest(await readJsonBody(ctx.req, ADMIN_BODY_LIMIT, KEY_CREATE_REQUEST_DEPTH));
    const created = await keys.create(label.trim());
    ctx.status = 201;
    ctx.set('Location', `/api/v1/keys/${created.id}`);
    ctx.body = created;
  });

  router.get('/', adminGuard, async (ctx) => {
    ctx.body = { keys: await keys.list() };
  });

  router.get('/:id', adminGuard, async (ctx) => {
    const summary = KEY_ID.test(ctx.params.id!) ? await keys.get(ctx.params.id!) : undefined;
    if (!summary) throw problems.keyNotFound(ctx.params.id!);
    ctx.body = summary;
  });

  router.delete('/:id', adminGuard, async (ctx) => {
    const summary = KEY_ID.test(ctx.params.id!) ? await keys.revoke(ctx.params.id!) : undefined;
    if (!summary) throw problems.keyNotFound(ctx.params.id!);
    ctx.body = summary;
  });

  return router;
}
