// `vino serve` as a user runs it: ready fast with a JSON line naming its URL, the admin token
// shown once at first start, the README's flow working, a clean stop on SIGTERM. --workers is
// test/instances/workers.test.ts's.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runVino, startVinoServe } from './cli-runner.js';
import { get, HONDA_VIN, post, tempDir } from './harness.js';

const dirs: string[] = [];
const freshDir = () => { const dir = tempDir(); dirs.push(dir); return dir; };
afterAll(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

describe('vino serve', () => {
  it('starts quickly, shows the admin token once, serves the README flow and stops cleanly', async () => {
    const dataDir = freshDir();
    const serve = await startVinoServe(['--data-dir', dataDir]);
    let key = '';
    try {
      console.info(`vino serve was listening ${Math.round(serve.startedInMs)} ms after spawn`);
      // A bound against a start-up that hangs, not a speed figure (that is `npm run bench -- cli`):
      // start-up now also warms the vehicle tables, and a loaded 2-core machine took 3.6 s.
      expect(serve.startedInMs).toBeLessThan(10_000);
      // Shown before the listening line, so it is there by now.
      const adminToken = /vinoadm_[0-9A-Za-z]{46}/.exec(serve.stderr())![0];
      expect(serve.stdout()).not.toContain(adminToken);
      const created = await post(serve.url, '/api/v1/keys', { label: 'My ERP' }, { authorization: `Bearer ${adminToken}` });
      expect(created.status).toBe(201);
      key = created.json.key;
      const decoded = await post(serve.url, '/api/v1/secure/vin/decode', { identifier: HONDA_VIN }, { authorization: `Bearer ${key}` });
      expect(decoded.status).toBe(200);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
    expect(serve.stdout()).toContain('"msg":"stopped"');
    expect(serve.stdout()).not.toContain(key);

    const again = await startVinoServe(['--data-dir', dataDir]);
    try {
      expect(again.stderr()).not.toContain('vinoadm_');
      expect((await post(again.url, '/api/v1/secure/vin/decode', { identifier: HONDA_VIN }, { 'x-api-key': key })).status).toBe(200);
    } finally {
      expect(await again.stop('SIGINT')).toBe(0);
    }
  });

  it('takes its settings from VINO_* variables, with flags first', async () => {
    const serve = await startVinoServe(['--data-dir', freshDir()], { VINO_PORT: 'not-used-because-the-flag-wins', VINO_RATE_LIMIT_OPEN: '1', VINO_ADMIN_TOKEN: 'operator-chosen-admin-token' });
    try {
      expect(serve.stderr()).not.toContain('vinoadm_');
      expect((await post(serve.url, '/api/v1/vin/decode', { identifier: HONDA_VIN })).status).toBe(200);
      expect((await post(serve.url, '/api/v1/vin/decode', { identifier: HONDA_VIN })).status).toBe(429);
      expect((await post(serve.url, '/api/v1/keys', { label: 'x' }, { authorization: 'Bearer operator-chosen-admin-token' })).status).toBe(201);
    } finally {
      await serve.stop();
    }
  });

  it.each([
    [['--port', 'eighty'], 'port must be a whole number'],
    [['--workers', '0'], 'workers must be a whole number'],
    [['--keystore', 'mongodb://x'], 'unsupported key store URL'],
  ])('refuses %j', async (args, message) => {
    const run = await runVino(['serve', '--data-dir', freshDir(), ...args]);
    expect(run.code).toBe(args[0] === '--keystore' ? 1 : 2);
    expect(run.stderr).toContain(message);
  });
});
