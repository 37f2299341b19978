// The secure decode endpoints: an API key in either header, and 401 for every way a key can be
// missing or wrong, including after revocation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/keys/secret-format.js';
import { adminHeaders, createKey, HONDA_VIN, post, send, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer({ keyCacheTtlMs: 200 });
  key = (await createKey(server.url)).key;
});
afterAll(async () => { await server.close(); });

const securePath = '/api/v1/secure/vin/decode';

describe('POST /api/v1/secure/vin/decode', () => {
  it.each([
    ['Authorization: Bearer', (k: string) => ({ authorization: `Bearer ${k}` })],
    ['a lower-case bearer scheme', (k: string) => ({ authorization: `bearer ${k}` })],
    ['X-API-Key', (k: string) => ({ 'x-api-key': k })],
  ])('decodes with the key in %s', async (_name, headers) => {
    const res = await post(server.url, securePath, { identifier: HONDA_VIN }, headers(key));
    expect(res.status).toBe(200);
    expect(res.json.identifier).toBe(HONDA_VIN);
  });

  it.each([HONDA_VIN, '1HGCM82633A', '1HGCM82633A0O4352', '1HGCMB2633A004352'])('answers %s like the open endpoint (partial VINs and suggestions included)', async (identifier) => {
    const open = await post(server.url, '/api/v1/vin/decode', { identifier });
    const secure = await post(server.url, securePath, { identifier }, { 'x-api-key': key });
    expect(secure.status).toBe(open.status);
    expect(secure.text).toBe(open.text);
  });

  it('decodes batches', async () => {
    const res = await post(server.url, '/api/v1/secure/vin/decode/batch', { identifiers: [HONDA_VIN, 'JZA80-1004956'] }, { 'x-api-key': key });
    expect(res.status).toBe(200);
    expect(res.json.results).toHaveLength(2);
  });

  it('refuses a request without a key with 401 API_KEY_MISSING', async () => {
    const res = await post(server.url, securePath, { identifier: HONDA_VIN });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('API_KEY_MISSING');
    expect(res.headers.get('www-authenticate')).toContain('Bearer');
  });

  it.each([
    ['a made-up key', { 'x-api-key': 'not-a-key' }],
    ['a key with one character changed', () => ({ 'x-api-key': key.slice(0, -8) + (key.at(-8) === 'A' ? 'B' : 'A') + key.slice(-7) })],
    ['a key with a wrong checksum', { 'x-api-key': 'vino_0000000000000000000000000000000000000F' }],
    ['a well-formed key nobody issued', () => ({ 'x-api-key': generateApiKey() })],
    ['Basic credentials', { authorization: `Basic ${Buffer.from(`u:${'x'}`).toString('base64')}` }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a 10 KB key', { 'x-api-key': 'vino_' + 'a'.repeat(10 * 1024) }],
    ['the admin token', { authorization: 'Bearer test-admin-token-0123456789' }],
  ])('refuses %s with 401 API_KEY_INVALID', async (_name, headers) => {
    const res = await post(server.url, securePath, { identifier: HONDA_VIN }, typeof headers === 'function' ? headers() : headers);
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('API_KEY_INVALID');
  });

  it('checks the key before the body', async () => {
    const res = await post(server.url, securePath, '{not json');
    expect(res.status).toBe(401);
  });

  it('refuses a key once it is revoked', async () => {
    const doomed = await createKey(server.url, 'Doomed');
    expect((await post(server.url, securePath, { identifier: HONDA_VIN }, { 'x-api-key': doomed.key })).status).toBe(200);
    const revoked = await send(server.url, 'DELETE', `/api/v1/keys/${doomed.id}`, adminHeaders());
    expect(revoked.status).toBe(200);
    // Revoked through this instance: its own cache forgets the key at once.
    const after = await post(server.url, securePath, { identifier: HONDA_VIN }, { authorization: `Bearer ${doomed.key}` });
    expect(after.status).toBe(401);
    expect(after.json.code).toBe('API_KEY_INVALID');
  });
});
