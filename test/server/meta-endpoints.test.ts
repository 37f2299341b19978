// Endpoints for operators and tools: liveness, readiness, Prometheus metrics, the OpenAPI
// document; and what happens to each endpoint when the key store is down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, createKey, get, HONDA_VIN, post, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('operator endpoints', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await get(server.url, '/healthz')).json).toEqual({ status: 'ok' });
    expect((await get(server.url, '/readyz')).json).toEqual({ status: 'ready' });
  });

  it('counts requests, latency, decode outcomes and store errors in Prometheus text', async () => {
    const key = await createKey(server.url);
    await post(server.url, '/api/v1/vin/decode', { identifier: HONDA_VIN });
    await post(server.url, '/api/v1/vin/decode', { identifier: 'JZA80-1004956' });
    await post(server.url, '/api/v1/secure/vin/decode', { identifier: '1HGCM8263' }, { 'x-api-key': key.key });
    const res = await get(server.url, '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = res.text;
    expect(text).toMatch(/^vino_http_requests_total\{method="POST",route="\/api\/v1\/vin\/decode",status="200"\} 2$/m);
    expect(text).toMatch(/^vino_http_requests_total\{method="POST",route="\/api\/v1\/secure\/vin\/decode",status="422"\} 1$/m);
    expect(text).toMatch(/^vino_http_request_duration_seconds_bucket\{le="\+Inf",route="\/api\/v1\/vin\/decode"\} 2$/m);
    expect(text).toMatch(/^vino_http_request_duration_seconds_count\{route="\/api\/v1\/vin\/decode"\} 2$/m);
    expect(text).toMatch(/^vino_decode_outcomes_total\{outcome="ISO_17_STANDARD"\} 1$/m);
    expect(text).toMatch(/^vino_decode_outcomes_total\{outcome="JDM_CHASSIS"\} 1$/m);
    expect(text).toMatch(/^vino_decode_outcomes_total\{outcome="INVALID_LENGTH"\} 1$/m);
    expect(text).toMatch(/^vino_keystore_errors_total 0$/m);
    expect(text).not.toContain(key.key);
  });

  it('labels a route by its template, also when its guard refuses the request', async () => {
    await get(server.url, '/api/v1/keys/key_0123456789abcdef');
    const text = (await get(server.url, '/metrics')).text;
    expect(text).toMatch(/^vino_http_requests_total\{method="GET",route="\/api\/v1\/keys\/:id",status="401"\} 1$/m);
    expect(text).not.toContain('(?:');
  });

  it('labels unknown paths as unmatched, so clients cannot grow the metrics', async () => {
    for (let i = 0; i < 3; i++) await get(server.url, `/random-${i}`);
    const text = (await get(server.url, '/metrics')).text;
    expect(text).not.toContain('random-');
    expect(text).toMatch(/route="unmatched",status="404"\} 3/);
  });

  it('serves the OpenAPI 3.1 document', async () => {
    const res = await get(server.url, '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    expect(Object.keys(res.json.paths)).toContain('/api/v1/secure/vin/decode');
  });
});

describe('with the key store down', () => {
  let down: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 1: every store operation fails, as when Redis is gone.
    down = await startTestServer({ keystoreUrl: 'redis://127.0.0.1:1', keyStoreTimeoutMs: 300 });
  });
  afterAll(async () => { await down.close(); });

  it('says not ready, answers key checks and admin calls with 503, and keeps decoding on the open endpoint', async () => {
    const ready = await get(down.url, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.json.code).toBe('STORE_UNAVAILABLE');
    const secure = await post(down.url, '/api/v1/secure/vin/decode', { identifier: HONDA_VIN }, { 'x-api-key': 'vino_not-a-real-key' });
    const wellFormed = (await import('../../src/keys/secret-format.js')).generateApiKey();
    const secureWellFormed = await post(down.url, '/api/v1/secure/vin/decode', { identifier: HONDA_VIN }, { 'x-api-key': wellFormed });
    expect([secure.status, secureWellFormed.status]).toEqual([401, 503]);
    expect(secureWellFormed.headers.get('retry-after')).toBe('5');
    const admin = await post(down.url, '/api/v1/keys', { label: 'x' }, { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(admin.status).toBe(503);
    const open = await post(down.url, '/api/v1/vin/decode', { identifier: HONDA_VIN });
    expect(open.status).toBe(200);
    expect((await get(down.url, '/healthz')).status).toBe(200);
    expect((await get(down.url, '/metrics')).text).toMatch(/^vino_keystore_errors_total [1-9]\d*$/m);
  });
});
