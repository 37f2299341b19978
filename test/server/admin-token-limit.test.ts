// The limit on failed admin-token authentications per client address (issue 12, finding 3): wrong
// or missing tokens count against the address; past the budget, its key administration requests get
// 429 TOO_MANY_BAD_ADMIN_TOKENS with Retry-After before the token is looked at, the right one
// included. The budget is its own: the secure endpoints' keys keep working.
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminHeaders, createKey, get, HONDA_VIN, post, startTestServer, type TestServer } from './harness.js';

let server: TestServer | undefined;
afterEach(async () => { await server?.close(); server = undefined; });

const wrong = { authorization: 'Bearer vinoadm_wrongwrongwrongwrongwrongwrongwrongwrong000000' };

describe('failed admin-token authentications', () => {
  it('answers 401 up to the budget, then 429 with Retry-After for any token, while API keys still work', async () => {
    server = await startTestServer({ rateLimitBadKey: 3 });
    const key = await createKey(server.url);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get(server.url, '/api/v1/keys', wrong)).status);
    statuses.push((await get(server.url, '/api/v1/keys')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const refused = await get(server.url, '/api/v1/keys', adminHeaders(ADMIN_TOKEN));
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('TOO_MANY_BAD_ADMIN_TOKENS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await post(server.url, '/api/v1/secure/vin/decode', { identifier: HONDA_VIN }, { 'x-api-key': key.key })).status).toBe(200);
    expect(await (await fetch(`${server.url}/metrics`)).text()).toMatch(/vino_rate_limited_total\{scope="bad-admin"\} [1-9]/);
  });

  it('does not count the right token, and is off with a budget of 0', async () => {
    server = await startTestServer({ rateLimitBadKey: 2 });
    for (let i = 0; i < 5; i++) expect((await get(server.url, '/api/v1/keys', adminHeaders(ADMIN_TOKEN))).status).toBe(200);
    await server.close();
    server = await startTestServer({ rateLimitBadKey: 0 });
    for (let i = 0; i < 30; i++) expect((await get(server.url, '/api/v1/keys', wrong)).status).toBe(401);
  });
});
