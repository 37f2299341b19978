// The limit on failed authentications per client address on the secure endpoints: each request
// whose key is missing, malformed, unknown or revoked counts against its address; past the budget,
// every secure request from that address is refused with 429 TOO_MANY_BAD_KEYS before any key is
// looked up, a good key included, on the single and the batch endpoint alike.
// Other addresses, the open endpoints and accepted keys are not affected.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMIT_BAD_KEY } from '../../src/config.js';
import { KeyStore } from '../../src/keys/key-store.js';
import { openKeyValueStore } from '../../src/keys/kv-store.js';
import { generateApiKey } from '../../src/keys/secret-format.js';
import { StoreUnavailableError } from '../../src/keys/store-errors.js';
import { HttpProblem } from '../../src/server/http-problem.js';
import { Metrics } from '../../src/server/metrics.js';
import { FailedAuthLimit } from '../../src/server/rate-limit.js';
import { listening, POSTGRES_URL, REDIS_URL } from '../keys/probe.js';
import { adminHeaders, createKey, HONDA_VIN, post, send, startTestServer, type Answer, type TestServer } from './harness.js';

const SINGLE = '/api/v1/secure/vin/decode';
const BATCH = '/api/v1/secure/vin/decode/batch';

const servers: TestServer[] = [];
async function serverWith(rateLimitBadKey: number | undefined, options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  // Trusting the loopback proxy lets a test speak for several client addresses through X-Forwarded-For.
  const server = await startTestServer({ trustedProxies: ['127.0.0.1'], ...options, rateLimitBadKey });
  servers.push(server);
  return server;
}
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const from = (address: string, key?: string): Record<string, string> =>
  ({ 'x-forwarded-for': address, ...(key === undefined ? {} : { 'x-api-key': key }) });
const single = (s: TestServer, headers: Record<string, string>) => post(s.url, SINGLE, { identifier: HONDA_VIN }, headers);
const batch = (s: TestServer, headers: Record<string, string>) => post(s.url, BATCH, { identifiers: [HONDA_VIN] }, headers);

/** Four ways of failing: no key, a typo (malformed), a well-formed key nobody made, a revoked key. */
async function failures(s: TestServer): Promise<Record<string, string | undefined>> {
  const revoked = await createKey(s.url, 'Revoked');
  expect((await send(s.url, 'DELETE', `/api/v1/keys/${revoked.id}`, adminHeaders())).status).toBe(200);
  return { missing: undefined, malformed: 'vino_typo', unknown: generateApiKey(), revoked: revoked.key };
}

function expectRefused(answer: Answer): void {
  expect(answer.status).toBe(429);
  expect(answer.headers.get('content-type')).toBe('application/problem+json');
  expect(answer.json).toMatchObject({ status: 429, code: 'TOO_MANY_BAD_KEYS', title: 'Too many failed authentications' });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(answer.json.detail).toContain(`${retryAfter} s`);
}

describe('failed authentications per client address', () => {
  it('refuses the single decode endpoint after N failures with 429 TOO_MANY_BAD_KEYS and Retry-After, even with a good key', async () => {
    const server = await serverWith(4);
    const good = (await createKey(server.url)).key;
    const bad = await failures(server);
    for (const [how, key] of Object.entries(bad)) {
      const answer = await single(server, from('203.0.113.1', key));
      expect(answer.status, how).toBe(401);
    }
    expectRefused(await single(server, from('203.0.113.1', good)));
    expectRefused(await single(server, from('203.0.113.1', generateApiKey())));
    expectRefused(await single(server, from('203.0.113.1')));
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toContain('vino_rate_limited_total{scope="bad-key"} 3');
    expect(server.logs()).toContain('"status":429');
  });

  it('refuses before the key store is asked', async () => {
    const server = await serverWith(2);
    const good = (await createKey(server.url)).key;
    const authenticate = vi.spyOn(KeyStore.prototype, 'authenticate');
    for (let i = 0; i < 2; i++) expect((await single(server, from('203.0.113.2', generateApiKey()))).status).toBe(401);
    expect(authenticate).toHaveBeenCalledTimes(2);
    expectRefused(await single(server, from('203.0.113.2', generateApiKey())));
    expectRefused(await batch(server, from('203.0.113.2', good)));
    expect(authenticate).toHaveBeenCalledTimes(2);
  });

  it('counts failures on the batch endpoint and the single one against one budget, and refuses both', async () => {
    const server = await serverWith(3);
    const good = (await createKey(server.url)).key;
    expect((await batch(server, from('203.0.113.3', 'vino_wrong'))).status).toBe(401);
    expect((await single(server, from('203.0.113.3', generateApiKey()))).status).toBe(401);
    expect((await batch(server, from('203.0.113.3'))).status).toBe(401);
    expectRefused(await batch(server, from('203.0.113.3', good)));
    expectRefused(await single(server, from('203.0.113.3', good)));
    // A browser's request (with Origin) is refused too.
    expectRefused(await post(server.url, SINGLE, { identifier: HONDA_VIN }, { ...from('203.0.113.3', good), origin: 'https://shop.example.com' }));
  });

  it('leaves other addresses and the open endpoints alone', async () => {
    const server = await serverWith(2);
    const good = (await createKey(server.url)).key;
    for (let i = 0; i < 2; i++) expect((await single(server, from('203.0.113.4', generateApiKey()))).status).toBe(401);
    expectRefused(await single(server, from('203.0.113.4', good)));

    expect((await single(server, from('198.51.100.9', good))).status).toBe(200);
    expect((await batch(server, from('198.51.100.9', good))).status).toBe(200);
    expect((await single(server, from('198.51.100.9', generateApiKey()))).status).toBe(401);

    expect((await post(server.url, '/api/v1/vin/decode', { identifier: HONDA_VIN }, from('203.0.113.4'))).status).toBe(200);
    expect((await post(server.url, '/api/v1/vin/decode/batch', { identifiers: [HONDA_VIN] }, from('203.0.113.4'))).status).toBe(200);
  });

  it('never counts accepted keys against the budget', async () => {
    const server = await serverWith(3);
    const good = (await createKey(server.url)).key;
    const accepted = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? single : batch)(server, from('203.0.113.5', good)).then((a) => a.status)));
    expect(new Set(accepted)).toEqual(new Set([200]));
    for (let i = 0; i < 3; i++) expect((await single(server, from('203.0.113.5', `vino_wrong${i}`))).status).toBe(401);
    expectRefused(await single(server, from('203.0.113.5', good)));
  });

  it('does not count a key store that does not answer (503) as a failed authentication', async () => {
    const server = await serverWith(2);
    const good = (await createKey(server.url)).key;
    const authenticate = vi.spyOn(KeyStore.prototype, 'authenticate').mockImplementation(() => Promise.reject(new StoreUnavailableError('down')));
    for (let i = 0; i < 5; i++) expect((await single(server, from('203.0.113.6', generateApiKey()))).status).toBe(503);
    authenticate.mockRestore();
    expect((await single(server, from('203.0.113.6', good))).status).toBe(200);
  });

  it('is off at 0', async () => {
    const server = await serverWith(0);
    const good = (await createKey(server.url)).key;
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) =>
      (i % 2 ? single : batch)(server, from('203.0.113.7', i % 3 ? generateApiKey() : undefined)).then((a) => a.status)));
    expect(new Set(statuses)).toEqual(new Set([401]));
    expect((await single(server, from('203.0.113.7', good))).status).toBe(200);
    expect((await batch(server, from('203.0.113.7', good))).status).toBe(200);
  });

  it(`is on by default, at ${DEFAULT_RATE_LIMIT_BAD_KEY} a minute per peer address`, async () => {
    expect(DEFAULT_RATE_LIMIT_BAD_KEY).toBe(20);
    // No trusted proxy: the peer's address counts, and X-Forwarded-For cannot dodge the limit.
    const server = await serverWith(undefined, { trustedProxies: [] });
    const good = (await createKey(server.url)).key;
    for (let i = 0; i < DEFAULT_RATE_LIMIT_BAD_KEY; i++) {
      expect((await single(server, { 'x-api-key': generateApiKey(), 'x-forwarded-for': `192.0.2.${i}` })).status).toBe(401);
    }
    expectRefused(await single(server, { 'x-api-key': good }));
  });
});

describe('FailedAuthLimit', () => {
  it('refuses the address until the window ends, then counts afresh', async () => {
    const metrics = new Metrics();
    const limit = new FailedAuthLimit(new RateLimiterMemory({ points: 2, duration: 1 }));
    expect(limit.refusing).toBe(false);
    await limit.countFailure('a', metrics);
    expect(() => limit.refuseIfBlocked('a', metrics)).not.toThrow();
    await limit.countFailure('a', metrics);
    expect(limit.refusing).toBe(true);
    let refusal: unknown;
    try { limit.refuseIfBlocked('a', metrics); } catch (error) { refusal = error; }
    expect(refusal).toBeInstanceOf(HttpProblem);
    expect((refusal as HttpProblem).body.code).toBe('TOO_MANY_BAD_KEYS');
    expect((refusal as HttpProblem).headers['Retry-After']).toBe('1');
    expect(() => limit.refuseIfBlocked('b', metrics)).not.toThrow();
    // Past the budget (another instance used it up), a failure is refused and the address remembered.
    await expect(limit.countFailure('a', metrics)).rejects.toBeInstanceOf(HttpProblem);
    await sleep(1100);
    // Every refusal has ended: the check that requests with a good key make is down to nothing again.
    expect(limit.refusing).toBe(false);
    expect(() => limit.refuseIfBlocked('a', metrics)).not.toThrow();
    await limit.countFailure('a', metrics);
    expect(() => limit.refuseIfBlocked('a', metrics)).not.toThrow();
    expect(await metrics.render()).toContain('vino_rate_limited_total{scope="bad-key"} 2');
  });
});

const sharedStores = [
  { name: 'Redis', url: REDIS_URL, up: await listening(REDIS_URL, 6379) },
  { name: 'PostgreSQL', url: POSTGRES_URL, up: await listening(POSTGRES_URL, 5432) },
];
for (const store of sharedStores) if (!store.up) console.warn(`test/server/bad-key-limit: skipping ${store.name}: nothing listens at ${store.url}`);

describe.each(sharedStores)('failed authentications shared through $name', ({ url, up }) => {
  const keyNamespace = `test${randomUUID().replace(/-/g, '')}`;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    if (!up) return;
    const options = { keystoreUrl: url, keyNamespace, trustedProxies: ['127.0.0.1'], rateLimitBadKey: 3 };
    a = await startTestServer(options);
    b = await startTestServer(options);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (!up) return;
    const kv = await openKeyValueStore(url, { namespace: keyNamespace });
    await kv.clear();
    await kv.close();
  });

  it.skipIf(!up)('spend one budget on every instance; each refuses the address from its next failure on', async () => {
    const good = (await createKey(a.url)).key;
    const address = '203.0.113.20';
    expect((await single(a, from(address, generateApiKey()))).status).toBe(401);
    expect((await single(a, from(address, generateApiKey()))).status).toBe(401);
    // The third failure, on b, uses the budget up: b refuses the address at once.
    expect((await batch(b, from(address, generateApiKey()))).status).toBe(401);
    expectRefused(await single(b, from(address, good)));
    // a has not seen the last failure: a good key still gets in there (no store round trip per
    // success), but the address's next failure is refused by the shared counter, and so is all else.
    expect((await single(a, from(address, good))).status).toBe(200);
    expectRefused(await single(a, from(address, generateApiKey())));
    expectRefused(await batch(a, from(address, good)));
    // Another address is untouched on both.
    expect((await single(a, from('198.51.100.10', good))).status).toBe(200);
    expect((await single(b, from('198.51.100.10', good))).status).toBe(200);
  });
});
