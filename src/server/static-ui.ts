// Serves the web page built into dist/ui: `/` is index.html, `/<file>` any file directly in that
// folder (names are checked, so no path can leave it). Files are re-read when they change on disk,
// and answered with an ETag and `no-cache`, so a browser revalidates and picks up a new build.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Context, Middleware } from 'koa';

/** The page loads only its own script and styles; nothing inline runs. */
export const PAGE_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.map', '.json', '.svg', '.txt']);
const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

const NOT_BUILT_NOTE =
  'vino is running, but its web page has not been built (dist/ui/index.html is missing).\n' +
  'Build it with `npm run build`; the API answers at /api/v1 (see /api/v1/openapi.json).\n';

interface CachedFile { mtimeMs: number; size: number; body: Buffer; gzip?: Buffer; br?: Buffer; etag: string }

export function staticUi(uiDir: string): Middleware {
  const cache = new Map<string, CachedFile>();

  async function load(name: string): Promise<CachedFile | undefined> {
    const path = join(uiDir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const cached = cache.get(name);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = await readFile(path);
    const file: CachedFile = { mtimeMs: info.mtimeMs, size: info.size, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    if (COMPRESSIBLE.has(extname(name)) && body.length > 1024) {
      file.gzip = gzipSync(body);
      file.br = brotliCompressSync(body);
    }
    cache.set(name, file);
    return file;
  }

  return async function staticUi(ctx, next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const name = ctx.path === '/' ? 'index.html' : ctx.path.slice(1);
    const type = CONTENT_TYPES[extname(name)];
    if (!type || !SAFE_FILE_NAME.test(name)) return next();
    ctx.state.route = 'static';
    const file = await load(name);
    if (!file) {
      if (ctx.path !== '/') {
        ctx.state.route = undefined;
        return next();
      }
      ctx.set('Cache-Control', 'no-cache');
      ctx.set('Content-Type', 'text/plain; charset=utf-8');
      ctx.body = NOT_BUILT_NOTE;
      return;
    }
    send(ctx, file, type, name);
  };
}

function send(ctx: Context, file: CachedFile, type: string, name: string): void {
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('ETag', file.etag);
  if (name.endsWith('.html')) {
    ctx.set('Content-Security-Policy', PAGE_CONTENT_SECURITY_POLICY);
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
  } else {
    ctx.remove('Content-Security-Policy');
  }
  if (file.gzip) ctx.vary('Accept-Encoding');
  if (ctx.get('If-None-Match') === file.etag) {
    ctx.status = 304;
    return;
  }
  ctx.set('Content-Type', type);
  const encodings = ctx.get('Accept-Encoding');
  if (file.br && /\bbr\b/.test(encodings)) {
    ctx.set('Content-Encoding', 'br');
    ctx.body = file.br;
  } else if (file.gzip && /\bgzip\b/.test(encodings)) {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = file.gzip;
  } else {
    ctx.body = file.body;
  }
}
