// Key administration over HTTP behind the admin token: create (shown once), list, show, revoke.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keySchemaErrors } from '../fixtures/contract.js';
import { adminHeaders, ADMIN_TOKEN, get, post, send, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('/api/v1/keys', () => {
  it('creates a key shown once, in the format secret scanners know', async () => {
    const res = await post(server.url, '/api/v1/keys', { label: 'My ERP' }, adminHeaders());
    expect(res.status).toBe(201);
    expect(keySchemaErrors('key-created', res.json)).toBe('');
    expect(Object.keys(res.json).sort()).toEqual(['createdAt', 'id', 'key', 'label', 'prefix']);
    expect(res.json.key).toMatch(/^vino_[0-9A-Za-z]{38}$/);
    expect(res.json.key.startsWith(res.json.prefix)).toBe(true);
    expect(res.json.id).toMatch(/^key_[0-9a-f]{16}$/);
    expect(res.headers.get('location')).toBe(`/api/v1/keys/${res.json.id}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts the admin token in X-Admin-Token too', async () => {
    const res = await post(server.url, '/api/v1/keys', { label: 'Header user' }, { 'x-admin-token': ADMIN_TOKEN });
    expect(res.status).toBe(201);
  });

  it('lists keys without the keys or their hashes', async () => {
    const created = (await post(server.url, '/api/v1/keys', { label: 'Listed' }, adminHeaders())).json;
    const res = await get(server.url, '/api/v1/keys', adminHeaders());
    expect(res.status).toBe(200);
    expect(keySchemaErrors('key-list', res.json)).toBe('');
    const listed = res.json.keys.find((k: { id: string }) => k.id === created.id);
    expect(listed).toEqual({ id: created.id, label: 'Listed', prefix: created.prefix, createdAt: created.createdAt, lastUsedAt: null, revokedAt: null });
    expect(res.text).not.toContain(created.key);
    expect(res.text).not.toMatch(/[0-9a-f]{64}/);
  });

  it('shows one key, and revokes it (kept in the list, marked revoked)', async () => {
    const created = (await post(server.url, '/api/v1/keys', { label: 'To revoke' }, adminHeaders())).json;
    const shown = (await get(server.url, `/api/v1/keys/${created.id}`, adminHeaders())).json;
    expect(keySchemaErrors('key-summary', shown)).toBe('');
    expect(shown.revokedAt).toBeNull();
    const revoked = await send(server.url, 'DELETE', `/api/v1/keys/${created.id}`, adminHeaders());
    expect(revoked.status).toBe(200);
    expect(keySchemaErrors('key-summary', revoked.json)).toBe('');
    expect(revoked.json.revokedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const again = await send(server.url, 'DELETE', `/api/v1/keys/${created.id}`, adminHeaders());
    expect(again.json.revokedAt).toBe(revoked.json.revokedAt);
    const listed = (await get(server.url, '/api/v1/keys', adminHeaders())).json.keys.find((k: { id: string }) => k.id === created.id);
    expect(listed.revokedAt).toBe(revoked.json.revokedAt);
  });

  it.each(['key_0000000000000000', 'nonsense', '..%2F..%2Fetc'])('answers 404 KEY_NOT_FOUND for %s', async (id) => {
    for (const method of ['GET', 'DELETE']) {
      const res = await send(server.url, method, `/api/v1/keys/${id}`, adminHeaders());
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('KEY_NOT_FOUND');
    }
  });

  it.each([
    ['POST', '/api/v1/keys'], ['GET', '/api/v1/keys'], ['GET', '/api/v1/keys/key_0000000000000000'], ['DELETE', '/api/v1/keys/key_0000000000000000'],
  ])('refuses %s %s without the admin token (401 ADMIN_TOKEN_MISSING) or with a wrong one (401 ADMIN_TOKEN_INVALID)', async (method, path) => {
    const body = method === 'POST' ? JSON.stringify({ label: 'x' }) : undefined;
    const json = { 'content-type': 'application/json' };
    const missing = await send(server.url, method, path, json, body);
    expect(missing.status).toBe(401);
    expect(missing.json.code).toBe('ADMIN_TOKEN_MISSING');
    const wrong = await send(server.url, method, path, { ...json, authorization: 'Bearer not-the-token-at-all' }, body);
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe('ADMIN_TOKEN_INVALID');
  });

  it('does not take an API key as the admin token', async () => {
    const created = (await post(server.url, '/api/v1/keys', { label: 'Not admin' }, adminHeaders())).json;
    const res = await post(server.url, '/api/v1/keys', { label: 'x' }, { authorization: `Bearer ${created.key}` });
    expect(res.status).toBe(401);
  });

  it.each([
    ['no label', {}],
    ['an empty label', { label: '' }],
    ['only spaces', { label: '   ' }],
    ['a control character', { label: 'ERP\nINFO fake log line' }],
    ['ESC between letters (clears a terminal)', { label: 'x\u001b[2Jy' }],
    ['NUL after a letter', { label: 'x\u0000' }],
    ['a C1 control (U+009B, a one-character CSI)', { label: 'Billing\u009b8m' }],
    ['DEL', { label: 'Billing\u007f' }],
    ['a right-to-left override (a format character)', { label: 'Billing\u202etxt.exe' }],
    ['a zero-width space', { label: 'Bill\u200bing' }],
    ['a line separator', { label: 'Billing\u2028INFO' }],
    ['101 characters', { label: 'x'.repeat(101) }],
    ['an extra field', { label: 'ok', admin: true }],
  ])('refuses a label with %s (400 VALIDATION_FAILED)', async (_name, body) => {
    const res = await post(server.url, '/api/v1/keys', body, adminHeaders());
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_FAILED');
  });

  it.each([['accents', 'Übersee-Logistik'], ['CJK', '販売管理'], ['an emoji', 'Fleet 🚗'], ['punctuation', 'ERP (prod) #2 — "east"']])('accepts a label with %s', async (_name, label) => {
    const res = await post(server.url, '/api/v1/keys', { label }, adminHeaders());
    expect(res.status).toBe(201);
    expect(res.json.label).toBe(label);
  });

  it('refuses a body that is not JSON (415) or too large (413)', async () => {
    expect((await send(server.url, 'POST', '/api/v1/keys', { ...adminHeaders(), 'content-type': 'text/plain' }, 'label=x')).status).toBe(415);
    expect((await post(server.url, '/api/v1/keys', { label: 'x'.repeat(5000) }, adminHeaders())).status).toBe(413);
  });

  it('answers PUT with 405', async () => {
    const res = await send(server.url, 'PUT', '/api/v1/keys', adminHeaders());
    expect(res.status).toBe(405);
    expect(res.json.code).toBe('METHOD_NOT_ALLOWED');
  });
});
