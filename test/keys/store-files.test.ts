// What the key store leaves on disk and in logs (issue 12, findings 6 and 7): the SQLite files are
// readable by their owner only whatever the folder's mode, and a store URL's password never
// survives redaction, whatever characters it holds.
import { chmodSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openKeyServices, redactUrl, sqliteUrlFor } from '../../src/keys/index.js';
import { tempDir } from '../server/harness.js';

const dirs: string[] = [];
afterAll(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);

describe('the SQLite store files', () => {
  it('are 0600 in a data folder that already exists with 0755, and a loose existing file is tightened', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const folder = join(dataDir, 'data');
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    const services = await openKeyServices(sqliteUrlFor(folder), { adminToken: 'test-admin-token-0123456789' });
    try {
      await services.keys.create('Mode check');
      for (const name of ['vino.sqlite', 'vino.sqlite-wal', 'vino.sqlite-shm']) expect([name, modeOf(join(folder, name))]).toEqual([name, '600']);
    } finally {
      await services.close();
    }

    const older = join(dataDir, 'older');
    mkdirSync(older, { mode: 0o755 });
    writeFileSync(join(older, 'vino.sqlite'), '');
    chmodSync(join(older, 'vino.sqlite'), 0o644);
    const again = await openKeyServices(sqliteUrlFor(older), { adminToken: 'test-admin-token-0123456789' });
    await again.close();
    expect(modeOf(join(older, 'vino.sqlite'))).toBe('600');
  });
});

describe('redactUrl', () => {
  it.each([
    ['a plain password', 'redis://user:secret@redis.example:6379/0', 'redis://user:***@redis.example:6379/0'],
    ['a password with @', 'postgresql://vino:p@ss@db.example:5432/vino', 'postgresql://vino:***@db.example:5432/vino'],
    ['a password with /', 'redis://user:pa/ss@redis.example:6379', 'redis://***@redis.example:6379'],
    ['a password with / and @', 'postgresql://vino:a/b@c@db.example/vino', 'postgresql://***@db.example/vino'],
    ['a password with #', 'redis://user:pa#ss@redis.example:6379', 'redis://***@redis.example:6379'],
    ['a percent-encoded password', 'redis://user:p%40ss%2Fw@redis.example', 'redis://user:***@redis.example'],
    ['only a password', 'redis://:secret@redis.example:6379', 'redis://:***@redis.example:6379'],
    ['no password', 'redis://redis.example:6379', 'redis://redis.example:6379'],
    ['an SQLite file', 'sqlite:///var/lib/vino/vino.sqlite', 'sqlite:///var/lib/vino/vino.sqlite'],
  ])('hides %s', (_name, url, want) => {
    expect(redactUrl(url)).toBe(want);
    expect(redactUrl(url)).not.toMatch(/secret|p@ss|pa\/ss|a\/b|pa#ss|p%40ss/);
  });
});
