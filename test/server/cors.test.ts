// CORS: only the origins in VINO_CORS_ORIGINS may call the API (and load the bundle) from a page
// elsewhere; every other origin gets no CORS headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HONDA_VIN, post, send, startTestServer, type TestServer } from './harness.js';

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
