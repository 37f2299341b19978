// The web page from the built UI folder: index.html at /, its files by name and nothing outside the
// folder, with a strict Content-Security-Policy, ETags that follow a new build, and compression.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CONTENT_SECURITY_POLICY } from '../../src/server/static-ui.js';
import { get, rawRequest, send, startTestServer, tempDir, type TestServer } from './harness.js';

const uiDir = join(tempDir('vino-ui-'), 'ui');
const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
let server: TestServer;
beforeAll(async () => {
  mkdirSync(uiDir, { recursive: true });
  writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>vino</title><script type="module" src="./vin-origin-decoder.js"></script>');
  writeFileSync(join(uiDir, 'vin-origin-decoder.js'), script);
  writeFileSync(join(uiDir, 'page.css'), 'body { margin: 0 }');
  writeFileSync(join(uiDir, '.env'), 'SECRET=1');
  writeFileSync(join(uiDir, '..', 'outside.js'), 'secret');
  server = await startTestServer({ uiDir });
});
afterAll(async () => { await server.close(); });

describe('the web page', () => {
  it('serves index.html at / with the page policy and no inline scripts allowed', async () => {
    const res = await get(server.url, '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<title>vino</title>');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toBe(PAGE_CONTENT_SECURITY_POLICY);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
  });

  it('serves the bundle and the stylesheet with their types', async () => {
    const js = await get(server.url, '/vin-origin-decoder.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.text).toBe(script);
    expect((await get(server.url, '/page.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers a matching If-None-Match with 304, and a new build with a new ETag', async () => {
    const first = await get(server.url, '/page.css');
    const etag = first.headers.get('etag')!;
    expect((await get(server.url, '/page.css', { 'if-none-match': etag })).status).toBe(304);
    writeFileSync(join(uiDir, 'page.css'), 'body { margin: 1px }');
    const rebuilt = await get(server.url, '/page.css', { 'if-none-match': etag });
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.text).toBe('body { margin: 1px }');
    expect(rebuilt.headers.get('etag')).not.toBe(etag);
  });

  it('compresses the bundle for clients that accept it', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await rawRequest(server.url, `GET /vin-origin-decoder.js HTTP/1.1\r\nHost: x\r\nAccept-Encoding: ${encoding}\r\nConnection: close\r\n\r\n`);
      expect(res.status).toBe(200);
      expect(res.head.toLowerCase()).toContain(`content-encoding: ${encoding}`);
      expect(res.head.toLowerCase()).toContain('vary: accept-encoding');
    }
  });

  it.each([
    '/../outside.js', '/%2e%2e/outside.js', '/..%2foutside.js', '/.env', '/ui/../outside.js', '/%2fetc%2fpasswd.js', '/index.html%00.js', '/nothing.js',
  ])('serves nothing for %s', async (path) => {
    const res = await rawRequest(server.url, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect([400, 404]).toContain(res.status);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('SECRET');
  });

  it('answers HEAD like GET without the body, and POST to a file with 404', async () => {
    const head = await send(server.url, 'HEAD', '/vin-origin-decoder.js');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect((await send(server.url, 'POST', '/index.html', { 'content-type': 'application/json' }, '{}')).status).toBe(404);
  });
});

describe('without a built page', () => {
  it('answers / with a short plain note', async () => {
    const bare = await startTestServer();
    try {
      const res = await get(bare.url, '/');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.text).toContain('has not been built');
      expect((await get(bare.url, '/vin-origin-decoder.js')).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
