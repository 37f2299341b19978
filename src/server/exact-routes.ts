// The routers' fixed paths, found by a Map lookup ahead of the routers themselves. For every request
// @koa/router tests each route's regular expression, gathers the matching layers and composes their
// middleware anew, which cost a decode request as much as all of vino's own work on it. This index
// is made once from the routers' own routes, so a route added to a router is in it with nothing
// else to write; a request it does not find exactly (a path with a parameter, a trailing slash or
// another letter case, a method the path lacks, OPTIONS) goes on to the routers, which answer it as
// before. It is not a second way in: the request has met every middleware before it.
import type Router from '@koa/router';
import type { Layer } from '@koa/router';
import compose from 'koa-compose';
import type { Middleware } from 'koa';

interface ExactRoute {
  /** The route template, as @koa/router leaves it in ctx._matchedRoute (the metrics label). */
  path: string;
  chain: Middleware;
}

/** Whether `layer` would take part in answering `method` on `path` in @koa/router. */
const takesPart = (layer: Layer, method: string, path: string): boolean =>
  (layer.methods.length === 0 || layer.methods.includes(method)) && layer.match(path);

/**
 * Indexes each method of each route whose path is plain text (no parameter) when that route is the
 * only one, in all the routers, that the router would run for that method and path: anything more
 * (router.use middleware, two routes on one path, a host or param handler) is left to the routers.
 */
export function exactRoutes(routers: readonly Router[]): Middleware {
  const layers = routers.flatMap((router) => (router.opts.host === undefined && Object.keys(router.params).length === 0 ? router.stack : []));
  const all = routers.flatMap((router) => router.stack);
  const byMethod = new Map<string, Map<string, ExactRoute>>();
  for (const layer of layers) {
    const path = layer.path;
    if (typeof path !== 'string' || layer.paramNames.length > 0) continue;
    for (const method of layer.methods) {
      if (all.some((other) => other !== layer && takesPart(other, method, path))) continue;
      let paths = byMethod.get(method);
      if (!paths) byMethod.set(method, (paths = new Map()));
      paths.set(path, { path, chain: compose(layer.stack as Middleware[]) });
    }
  }

  return function exactRoutes(ctx, next) {
    const paths = byMethod.get(ctx.req.method!);
    if (!paths) return next();
    // The request target up to its query is koa's ctx.path whenever it is one of these plain paths
    // (parseurl returns it as it is), so it is looked up as it came, without parsing the URL; a
    // target written another way (absolute form, a fragment) is looked up by ctx.path.
    const url = ctx.req.url!;
    const query = url.indexOf('?');
    const route = paths.get(query < 0 ? url : url.slice(0, query)) ?? paths.get(ctx.path);
    if (!route) return next();
    // What @koa/router sets for a route without parameters that handlers and observe.ts read.
    ctx._matchedRoute = route.path;
    ctx.params = {};
    return route.chain(ctx, next);
  };
}
