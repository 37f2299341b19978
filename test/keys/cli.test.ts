// `vino keys` and `vino admin-token` from the command line, against the same store a running server
// reads: create → use with both headers → revoke → 401, listing without keys, and bad usage.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { keySchemaErrors } from '../fixtures/contract.js';
import { runVino } from '../server/cli-runner.js';
import { get, HONDA_VIN, post, startTestServer, tempDir } from '../server/harness.js';

const dirs: string[] = [];
const freshDir = () => { const dir = tempDir(); dirs.push(dir); return dir; };
afterAll(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

describe('vino keys', () => {
  it('creates a key the server accepts in both headers, lists it without the key, and revokes it within 10 s', async () => {
    const dataDir = freshDir();
    // The server keeps the default 5 s cache: this is the promise users get.
    const server = await startTestServer({ dataDir });
    try {
      const created = await runVino(['keys', 'create', 'My ERP', '--json', '--data-dir', dataDir]);
      expect(created.code).toBe(0);
      const key = JSON.parse(created.stdout);
      expect(keySchemaErrors('key-created', key)).toBe('');
      expect(Object.keys(key).sort()).toEqual(['createdAt', 'id', 'key', 'label', 'prefix']);
      expect(key.label).toBe('My ERP');
      const decode = (headers: Record<string, string>) => post(server.url, '/api/v1/secure/vin/decode', { identifier: HONDA_VIN }, headers);
      expect((await decode({ authorization: `Bearer ${key.key}` })).status).toBe(200);
      expect((await decode({ 'x-api-key': key.key })).status).toBe(200);

      const listed = await runVino(['keys', 'list', '--json'], { VINO_DATA_DIR: dataDir });
      expect(listed.code).toBe(0);
      expect(keySchemaErrors('key-list', JSON.parse(listed.stdout))).toBe('');
      expect(JSON.parse(listed.stdout).keys).toEqual([{ id: key.id, label: 'My ERP', prefix: key.prefix, createdAt: key.createdAt, lastUsedAt: expect.any(String), revokedAt: null }]);
      expect(listed.stdout).not.toContain(key.key);

      const revoked = await runVino(['keys', 'revoke', key.id, '--data-dir', dataDir]);
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toContain(`Revoked ${key.id}`);
      const since = performance.now();
      let status = 200;
      while (status === 200 && performance.now() - since < 12_000) {
        status = (await decode({ 'x-api-key': key.key })).status;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(status).toBe(401);
      expect(performance.now() - since).toBeLessThan(10_000);
    } finally {
      await server.close();
    }
  });

  it('prints the key once with a curl example, and lists in a table', async () => {
    const dataDir = freshDir();
    const created = await runVino(['keys', 'create', 'Fleet tool', '--data-dir', dataDir]);
    expect(created.code).toBe(0);
    const key = /vino_[0-9A-Za-z]{38}/.exec(created.stdout)![0];
    expect(created.stdout).toContain("shown only this once");
    expect(created.stdout).toContain(`-H 'Authorization: Bearer ${key}'`);
    expect(created.stdout).toContain('/api/v1/secure/vin/decode');
    const listed = await runVino(['keys', 'list', '--data-dir', dataDir]);
    expect(listed.stdout).toMatch(/^ID\s+LABEL\s+PREFIX\s+CREATED\s+LAST USED\s+STATUS$/m);
    expect(listed.stdout).toContain('Fleet tool');
    expect(listed.stdout).toContain('active');
    expect(listed.stdout).not.toContain(key);
    expect((await runVino(['keys', 'list', '--data-dir', freshDir()])).stdout).toContain('No API keys yet');
  });

  it('writes safely while a server writes to the same SQLite file', async () => {
    const dataDir = freshDir();
    const server = await startTestServer({ dataDir });
    try {
      const [cli, http] = await Promise.all([
        Promise.all([1, 2, 3].map((n) => runVino(['keys', 'create', `CLI ${n}`, '--json', '--data-dir', dataDir]))),
        Promise.all([1, 2, 3, 4, 5].map((n) => post(server.url, '/api/v1/keys', { label: `HTTP ${n}` }, { authorization: 'Bearer test-admin-token-0123456789' }))),
      ]);
      expect(cli.map((r) => r.code)).toEqual([0, 0, 0]);
      expect(http.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      const keys = (await get(server.url, '/api/v1/keys', { authorization: 'Bearer test-admin-token-0123456789' })).json.keys;
      expect(keys).toHaveLength(8);
    } finally {
      await server.close();
    }
  });

  it.each([
    [['keys', 'create', '', '--data-dir', '/tmp/unused'], 2, 'label'],
    [['keys', 'create', 'a\tb'], 2, 'label'],
    [['keys', 'create', 'Billing\u001b[8m'], 2, 'label'],
    [['keys', 'create', 'Billing\u009b8m'], 2, 'label'],
    [['keys', 'create', 'Bill\u200bing'], 2, 'label'],
    [['keys', 'create'], 2, ''],
    [['keys', 'revoke', 'key_0000000000000000'], 1, 'no API key has the id key_0000000000000000'],
    [['keys', 'list', '--keystore', 'mysql://x'], 1, 'unsupported key store URL'],
    [['admin-token'], 2, '--rotate'],
  ])('vino %j exits %i', async (args, code, message) => {
    const run = await runVino(args.map(String), { VINO_DATA_DIR: freshDir() });
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(message);
  });

  it('escapes non-printable characters of labels already in the store (made before labels were checked) when listing them', async () => {
    const dataDir = freshDir();
    const { openKeyServices, sqliteUrlFor } = await import('../../src/keys/index.js');
    const services = await openKeyServices(sqliteUrlFor(dataDir), { adminToken: 'test-admin-token-0123456789' });
    try {
      await services.keys.create('Billing\u001b[8m hidden\u009b');
    } finally {
      await services.close();
    }
    const table = await runVino(['keys', 'list', '--data-dir', dataDir]);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('Billing\\x1b[8m hidden\\x9b');
    expect(table.stdout).not.toMatch(/[\u001b\u009b]/);
    const json = await runVino(['keys', 'list', '--json', '--data-dir', dataDir]);
    expect(json.stdout).not.toMatch(/[\u001b\u009b]/);
    expect(JSON.parse(json.stdout).keys[0].label).toBe('Billing\u001b[8m hidden\u009b');
  });

  it('escapes non-printable characters in what vino decode prints about an identifier', async () => {
    const run = await runVino(['decode', '\u001b[2J1HGCM82633A004352']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('\\x1b[2J1HGCM82633A004352');
    expect(run.stdout).not.toContain('\u001b');
  });

  it('uses one default store from any working folder, names it, and prints the curl example with the configured port', async () => {
    const home = freshDir();
    const [first, second] = [freshDir(), freshDir()];
    const env = { XDG_DATA_HOME: home, VINO_PORT: '9123' };
    const created = await runVino(['keys', 'create', 'From one folder'], env, first);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('curl -X POST http://127.0.0.1:9123/api/v1/secure/vin/decode');
    expect(created.stderr).toContain(`vino: key store sqlite://${home}/vino/vino.sqlite`);
    const flagged = await runVino(['keys', 'create', 'Flag port', '--port', '8443', '--host', '0.0.0.0'], env, first);
    expect(flagged.stdout).toContain('curl -X POST http://127.0.0.1:8443/api/v1/secure/vin/decode');
    const listed = await runVino(['keys', 'list', '--json'], env, second);
    expect(JSON.parse(listed.stdout).keys.map((k: { label: string }) => k.label).sort()).toEqual(['Flag port', 'From one folder']);
  });

  it('shows the key store\'s own reason when PostgreSQL refuses (a database that does not exist)', async () => {
    const { listening, POSTGRES_URL } = await import('./probe.js');
    if (!(await listening(POSTGRES_URL, 5432))) {
      console.warn(`PostgreSQL not reachable at ${POSTGRES_URL}: skipping the PostgreSQL error check`);
      return;
    }
    const missing = new URL(POSTGRES_URL);
    missing.pathname = '/vino_no_such_database';
    for (const args of [['keys', 'list'], ['keys', 'create', 'x']]) {
      const run = await runVino([...args, '--keystore', missing.href]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('database "vino_no_such_database" does not exist');
    }
  });

  it('reports a bad VINO_ADMIN_TOKEN as bad usage', async () => {
    const run = await runVino(['keys', 'list', '--data-dir', freshDir()], { VINO_ADMIN_TOKEN: 'short' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('VINO_ADMIN_TOKEN');
  });
});

describe('vino admin-token --rotate', () => {
  it('replaces the admin token the server checks', async () => {
    const dataDir = freshDir();
    const server = await startTestServer({ dataDir, adminToken: undefined, keyCacheTtlMs: 200 });
    try {
      const old = server.running.generatedAdminToken!;
      const rotated = await runVino(['admin-token', '--rotate', '--json', '--data-dir', dataDir]);
      expect(rotated.code).toBe(0);
      const { adminToken } = JSON.parse(rotated.stdout);
      expect(adminToken).toMatch(/^vinoadm_/);
      await new Promise((resolve) => setTimeout(resolve, 250));
      const create = (token: string) => post(server.url, '/api/v1/keys', { label: 'x' }, { authorization: `Bearer ${token}` });
      expect((await create(old)).status).toBe(401);
      expect((await create(adminToken)).status).toBe(201);
    } finally {
      await server.close();
    }
  });

  it('notes that VINO_ADMIN_TOKEN takes precedence when set', async () => {
    const run = await runVino(['admin-token', '--rotate', '--data-dir', freshDir()], { VINO_ADMIN_TOKEN: 'a-token-set-by-the-operator' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('New admin token');
    expect(run.stderr).toContain('VINO_ADMIN_TOKEN is set');
  });
});
