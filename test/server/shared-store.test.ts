// Two servers on one Redis, as behind a load balancer: a key made on one works on the other, a
// revocation reaches the other within its cache time, and the rate limit is one budget for both.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKeyValueStore } from '../../src/keys/kv-store.js';
import { listening, REDIS_URL as redisUrl } from '../keys/probe.js';
import { adminHeaders, createKey, HONDA_VIN, post, send, startTestServer, type TestServer } from './harness.js';

const redisUp = await listening(redisUrl, 6379);
if (!redisUp) console.warn(`test/server/shared-store: skipping: no Redis at ${redisUrl}`);

describe.skipIf(!redisUp)('two servers sharing Redis', () => {
  const keyNamespace = `test${randomUUID().replace(/-/g, '')}`;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const options = { keystoreUrl: redisUrl, keyNamespace, keyCacheTtlMs: 300, rateLimitOpen: 4, rateLimitKey: 0 };
    a = await startTestServer(options);
    b = await startTestServer(options);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const kv = await openKeyValueStore(redisUrl, { namespace: keyNamespace });
    await kv.clear();
    await kv.close();
  });

  it('agree on keys and revocations', async () => {
    const created = await createKey(a.url, 'Load balanced');
    const decode = (s: TestServer) => post(s.url, '/api/v1/secure/vin/decode', { identifier: HONDA_VIN }, { 'x-api-key': created.key });
    expect((await decode(b)).status).toBe(200);
    expect((await send(a.url, 'DELETE', `/api/v1/keys/${created.id}`, adminHeaders())).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await decode(b)).status).toBe(401);
  });

  it('share one rate-limit budget per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post((i % 2 ? a : b).url, '/api/v1/vin/decode', { identifier: HONDA_VIN })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
