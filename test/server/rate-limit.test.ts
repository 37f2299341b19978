// Rate limits: per client address on the open endpoints, per key on the secure ones, 429 with
// Retry-After past them, and 0 turning them off.
import { afterEach, describe, expect, it } from 'vitest';
import { createKey, HONDA_VIN, post, startTestServer, type TestServer } from './harness.js';

const servers: TestServer[] = [];
async function serverWith(rateLimitOpen: number, rateLimitKey: number): Promise<TestServer> {
  const server = await startTestServer({ rateLimitOpen, rateLimitKey });
  servers.push(server);
  return server;
}
afterEach(async () => { await Promise.all(servers.splice(0).map((s) => s.close())); });

const decode = (s: TestServer, headers: Record<string, string> = {}, path = '/api/v1/vin/decode') => post(s.url, path, { identifier: HONDA_VIN }, headers);

describe('rate limits', () => {
  it('refuses the open endpoint past the per-address limit with 429, Retry-After and a problem', async () => {
    const server = await serverWith(3, 0);
    for (let i = 0; i < 3; i++) expect((await decode(server)).status).toBe(200);
    const refused = await decode(server);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(refused.json.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The batch endpoint draws on the same budget.
    expect((await post(server.url, '/api/v1/vin/decode/batch', { identifiers: [HONDA_VIN] })).status).toBe(429);
    expect(server.logs()).toContain('"status":429');
  });

  it('limits each key on its own, and does not count keyed requests against the address', async () => {
    const server = await serverWith(1, 2);
    const first = await createKey(server.url, 'First');
    const second = await createKey(server.url, 'Second');
    for (let i = 0; i < 2; i++) expect((await decode(server, { 'x-api-key': first.key }, '/api/v1/secure/vin/decode')).status).toBe(200);
    expect((await decode(server, { 'x-api-key': first.key }, '/api/v1/secure/vin/decode')).status).toBe(429);
    expect((await decode(server, { 'x-api-key': second.key }, '/api/v1/secure/vin/decode')).status).toBe(200);
    expect((await decode(server)).status).toBe(200);
  });

  it('checks the key before counting, so unknown keys cannot spend a key’s budget', async () => {
    const server = await serverWith(0, 1);
    const key = await createKey(server.url);
    for (let i = 0; i < 5; i++) expect((await decode(server, { 'x-api-key': 'vino_wrong' }, '/api/v1/secure/vin/decode')).status).toBe(401);
    expect((await decode(server, { 'x-api-key': key.key }, '/api/v1/secure/vin/decode')).status).toBe(200);
  });

  it('is off at 0', async () => {
    const server = await serverWith(0, 0);
    const key = await createKey(server.url);
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) =>
      decode(server, i % 2 ? { 'x-api-key': key.key } : {}, i % 2 ? '/api/v1/secure/vin/decode' : '/api/v1/vin/decode').then((r) => r.status)));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('counts refusals in the metrics', async () => {
    const server = await serverWith(1, 0);
    await decode(server);
    await decode(server);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toContain('vino_rate_limited_total{scope="open"} 1');
  });
});
