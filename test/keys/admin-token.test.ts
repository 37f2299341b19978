// The admin token: generated once when none is set, only its hash kept, replaced by rotation;
// or taken from VINO_ADMIN_TOKEN, in which case nothing is stored.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AdminTokens } from '../../src/keys/admin-token.js';
import { openKeyValueStore, type KeyValueStore } from '../../src/keys/kv-store.js';
import { tempDir } from '../server/harness.js';

const dirs: string[] = [];
async function freshStore(): Promise<KeyValueStore> {
  const dir = tempDir();
  dirs.push(dir);
  return openKeyValueStore(`sqlite://${join(dir, 'vino.sqlite')}`);
}
afterAll(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

describe('AdminTokens', () => {
  it('generates a token at first start only, and stores its hash', async () => {
    const kv = await freshStore();
    const admin = new AdminTokens(kv, undefined);
    const token = await admin.ensure();
    expect(token).toMatch(/^vinoadm_/);
    expect(await admin.ensure()).toBeUndefined();
    expect(await new AdminTokens(kv, undefined).ensure()).toBeUndefined();
    expect(await admin.verify(token!)).toBe(true);
    expect(JSON.stringify(await kv.values())).not.toContain(token);
    await kv.close();
  });

  it('stops accepting the old token once rotated (at once here, within the cache time elsewhere)', async () => {
    const kv = await freshStore();
    const here = new AdminTokens(kv, undefined, 100);
    const elsewhere = new AdminTokens(kv, undefined, 100);
    const old = (await here.ensure())!;
    expect(await elsewhere.verify(old)).toBe(true);
    const fresh = await here.rotate();
    expect(await here.verify(old)).toBe(false);
    expect(await here.verify(fresh)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await elsewhere.verify(old)).toBe(false);
    expect(await elsewhere.verify(fresh)).toBe(true);
    await kv.close();
  });

  it('takes VINO_ADMIN_TOKEN as the only token and stores nothing', async () => {
    const kv = await freshStore();
    const admin = new AdminTokens(kv, 'my-own-admin-token-123');
    expect(admin.fromEnvironment).toBe(true);
    expect(await admin.ensure()).toBeUndefined();
    expect(await kv.values()).toEqual([]);
    expect(await admin.verify('my-own-admin-token-123')).toBe(true);
    expect(await admin.verify('my-own-admin-token-12')).toBe(false);
    expect(await admin.verify('')).toBe(false);
    await kv.close();
  });

  it('refuses a VINO_ADMIN_TOKEN too short to be safe', async () => {
    const kv = await freshStore();
    expect(() => new AdminTokens(kv, 'short')).toThrow(/16 to 128/);
    await kv.close();
  });
});
