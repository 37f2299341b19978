// CORS: only the origins in VINO_CORS_ORIGINS may call the API (and load the bundle) from a page
// elsewhere; every other origin gets no CORS headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, HONDA_VIN, post, send, startTestServer, type TestServer } from './harness.js';

const SHOP = 'https://shop.example.com';
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ corsOrigins: [SHOP] }); });
afterAll(async () => { await server.close(); });

describe('CORS', () => {
  it('lets a listed origin read answers, and exposes the request id', async () => {
    const res = await post(server.url, '/api/v1/vin/decode', { identifier: HONDA_VIN }, { origin: SHOP });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    expect(res.headers.get('vary')).toContain('Origin');
  });

  // The single decode handler writes its answer itself (writeHead + end, ctx.respond = false): the
  // headers middleware set before it, CORS among them, must still be on every such answer.
  it('keeps CORS, security headers and the request id on decode answers the handler writes itself', async () => {
    const { key } = await createKey(server.url);
    const answers = [
      await post(server.url, '/api/v1/vin/decode', { identifier: HONDA_VIN }, { origin: SHOP }),
      await post(server.url, '/api/v1/vin/decode', { identifier: 'NOT-A-VIN' }, { origin: SHOP }),
      await post(server.url, '/api/v1/secure/vin/decode', { identifier: HONDA_VIN }, { origin: SHOP, authorization: `Bearer ${key}` }),
      await post(server.url, '/api/v1/secure/vin/decode', { identifier: 'NOT-A-VIN' }, { origin: SHOP, 'x-api-key': key }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 422, 200, 422]);
    for (const res of answers) {
      expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(res.headers.get('access-control-expose-headers')).toBe('X-Request-Id, Retry-After');
      expect(res.headers.get('vary')).toBe('Origin');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(res.text)));
    }
  });

  it('gives any other origin no CORS headers', async () => {
    const res = await post(server.url, '/api/v1/vin/decode', { identifier: HONDA_VIN }, { origin: 'https://evil.example' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a preflight from a listed origin with the methods and headers the page uses', async () => {
    const res = await send(server.url, 'OPTIONS', '/api/v1/keys', {
      origin: SHOP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization',
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/X-API-Key/);
  });

  it('refuses a preflight from another origin with 403', async () => {
    const res = await send(server.url, 'OPTIONS', '/api/v1/vin/decode', { origin: 'https://evil.example', 'access-control-request-method': 'POST' });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('CORS_ORIGIN_NOT_ALLOWED');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('adds nothing when no origin is configured', async () => {
    const plain = await startTestServer();
    try {
      const res = await post(plain.url, '/api/v1/vin/decode', { identifier: HONDA_VIN }, { origin: SHOP });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
