// The server over its life: keys survive a restart, a stop lets requests in flight finish, and no
// key or token is ever written to the store or the logs in clear.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminHeaders, createKey, get, HONDA_VIN, post, send, startTestServer, tempDir } from './harness.js';

const dirs: string[] = [];
const freshDir = () => { const dir = tempDir(); dirs.push(dir); return dir; };
afterAll(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

describe('server lifecycle', () => {
  it('keeps keys, their revocations and the generated admin token across a restart', async () => {
    const dataDir = freshDir();
    const first = await startTestServer({ dataDir, adminToken: undefined });
    const adminToken = first.running.generatedAdminToken!;
    expect(adminToken).toMatch(/^vinoadm_[0-9A-Za-z]{46}$/);
    const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
    const kept = (await send(first.url, 'POST', '/api/v1/keys', headers, '{"label":"Kept"}')).json;
    const revoked = (await send(first.url, 'POST', '/api/v1/keys', headers, '{"label":"Revoked"}')).json;
    await send(first.url, 'DELETE', `/api/v1/keys/${revoked.id}`, headers);
    await first.close();

    const second = await startTestServer({ dataDir, adminToken: undefined });
    try {
      expect(second.running.generatedAdminToken).toBeUndefined();
      expect((await post(second.url, '/api/v1/secure/vin/decode', { identifier: HONDA_VIN }, { 'x-api-key': kept.key })).status).toBe(200);
      expect((await post(second.url, '/api/v1/secure/vin/decode', { identifier: HONDA_VIN }, { 'x-api-key': revoked.key })).status).toBe(401);
      expect((await get(second.url, '/api/v1/keys', { authorization: `Bearer ${adminToken}` })).json.keys).toHaveLength(2);
    } finally {
      await second.close();
    }
  });

  it('lets a request in flight finish when stopping, and refuses new connections', async () => {
    const server = await startTestServer({ dataDir: freshDir() });
    const { port } = new URL(server.url);
    const body = JSON.stringify({ identifier: HONDA_VIN });
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => { text += chunk; });
      socket.on('close', () => resolve(text));
    });
    // Headers and half the body now, the rest after the stop has begun.
    socket.write(`POST /api/v1/vin/decode HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = server.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(fetch(server.url + '/healthz')).rejects.toThrow();
    socket.write(body.slice(10));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1.1 200/);
    expect(text).toContain(`"identifier":"${HONDA_VIN}"`);
    await stopped;
  });

  it('never writes a key or the admin token in clear to the store or the logs', async () => {
    const dataDir = freshDir();
    const server = await startTestServer({ dataDir, adminToken: undefined, logLevel: 'debug' });
    const adminToken = server.running.generatedAdminToken!;
    const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
    const created = (await send(server.url, 'POST', '/api/v1/keys', headers, '{"label":"Secret keeper"}')).json;
    await post(server.url, '/api/v1/secure/vin/decode', { identifier: HONDA_VIN }, { authorization: `Bearer ${created.key}` });
    await post(server.url, '/api/v1/secure/vin/decode', { identifier: HONDA_VIN }, { 'x-api-key': created.key + 'x' });
    await post(server.url, '/api/v1/secure/vin/decode?key=' + created.key, { identifier: HONDA_VIN }, { 'x-api-key': created.key });
    await send(server.url, 'DELETE', `/api/v1/keys/${created.id}`, { authorization: `Bearer ${adminToken}` });
    await post(server.url, '/api/v1/secure/vin/decode', { identifier: HONDA_VIN }, { 'x-api-key': created.key });
    await get(server.url, '/api/v1/keys', { 'x-admin-token': adminToken + 'wrong' });
    await server.close();

    const logs = server.logs();
    expect(logs).toContain('"status":401');
    for (const secret of [created.key, adminToken]) {
      expect(logs).not.toContain(secret);
      expect(logs).not.toContain(secret.slice(-20));
      for (const file of readdirSync(dataDir)) {
        const bytes = readFileSync(join(dataDir, file));
        expect(bytes.includes(secret), `${file} holds a secret`).toBe(false);
        expect(bytes.includes(secret.slice(-20))).toBe(false);
      }
    }
  });

  it('accepts an admin token from the environment and stores nothing for it', async () => {
    const server = await startTestServer({ dataDir: freshDir(), adminToken: 'env-admin-token-which-is-long' });
    try {
      expect(server.running.generatedAdminToken).toBeUndefined();
      expect((await createKey(server.url).catch(() => null))).toBeNull();
      const res = await post(server.url, '/api/v1/keys', { label: 'x' }, adminHeaders('env-admin-token-which-is-long'));
      expect(res.status).toBe(201);
    } finally {
      await server.close();
    }
  });
});
