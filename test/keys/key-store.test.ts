// The key store's rules over an in-memory KeyValueStore: what is kept, how a key is checked, how
// long an answer is trusted, and how failures surface.
import { describe, expect, it, vi } from 'vitest';
import { KeyStore, type ApiKeyRecord } from '../../src/keys/key-store.js';
import type { KeyValueStore } from '../../src/keys/kv-store.js';
import { StoreUnavailableError } from '../../src/keys/store-errors.js';
import { generateApiKey, hashSecret } from '../../src/keys/secret-format.js';

/** A KeyValueStore in memory that round-trips values through JSON, as the real ones do. */
function memoryStore(): KeyValueStore & { data: Map<string, string>; reads: number; failing: boolean } {
  const data = new Map<string, string>();
  const store = {
    data, reads: 0, failing: false, sharedCounters: undefined,
    async get<T>(key: string) {
      store.reads++;
      if (store.failing) throw new StoreUnavailableError('down');
      const text = data.get(key);
      return text === undefined ? undefined : (JSON.parse(text) as T);
    },
    async set(key: string, value: unknown) {
      if (store.failing) throw new StoreUnavailableError('down');
      data.set(key, JSON.stringify(value));
    },
    async values<T>() { return [...data.values()].map((v) => JSON.parse(v) as T); },
    async clear() { data.clear(); },
    async close() {},
  };
  return store;
}

function clock(start = Date.parse('2026-01-01T00:00:00Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => { now += ms; } };
}

describe('KeyStore', () => {
  it('keeps the hash, label and prefix, never the key', async () => {
    const kv = memoryStore();
    const created = await new KeyStore(kv).create('My ERP');
    const stored = [...kv.data.values()].join('\n');
    expect(stored).not.toContain(created.key);
    expect(stored).toContain(hashSecret(created.key));
    const record = JSON.parse(kv.data.get(`key:${created.id}`)!) as ApiKeyRecord;
    expect(record).toMatchObject({ kind: 'api-key', id: created.id, label: 'My ERP', prefix: created.prefix, revokedAt: null });
  });

  it('accepts its keys and nothing else', async () => {
    const keys = new KeyStore(memoryStore());
    const created = await keys.create('A');
    expect((await keys.authenticate(created.key))?.id).toBe(created.id);
    expect(await keys.authenticate(generateApiKey())).toBeUndefined();
    expect(await keys.authenticate(created.key + 'x')).toBeUndefined();
  });

  it('refuses a key whose id matches a stored record but whose whole hash does not, from the store and then from the cache', async () => {
    const kv = memoryStore();
    const keys = new KeyStore(kv);
    const created = await keys.create('A');
    const other = generateApiKey();
    // A record stored under the id other's hash leads to, holding another key's hash (ids are the
    // hash's first 64 bits, so two keys can share one).
    const record = JSON.parse(kv.data.get(`key:${created.id}`)!) as ApiKeyRecord;
    const otherId = `key_${hashSecret(other).slice(0, 16)}`;
    kv.data.set(`key:${otherId}`, JSON.stringify({ ...record, id: otherId }));
    const reads = kv.reads;
    expect(await keys.authenticate(other)).toBeUndefined();
    expect(kv.reads).toBe(reads + 1);
    expect(keys.authenticate(other)).toBeUndefined(); // the cache's answer: synchronous, no read
    expect(kv.reads).toBe(reads + 1);
    expect((await keys.authenticate(created.key))?.id).toBe(created.id);
  });

  it('refuses malformed keys without reading the store', async () => {
    const kv = memoryStore();
    const keys = new KeyStore(kv);
    const before = kv.reads;
    for (const junk of ['', 'vino_', 'Bearer', 'vino_' + 'a'.repeat(38), 'x'.repeat(10_000)]) expect(await keys.authenticate(junk)).toBeUndefined();
    expect(kv.reads).toBe(before);
  });

  it('answers repeat checks from its cache, synchronously', async () => {
    const kv = memoryStore();
    const keys = new KeyStore(kv);
    const created = await keys.create('A');
    await keys.authenticate(created.key);
    const reads = kv.reads;
    const cached = keys.authenticate(created.key);
    expect(cached).not.toBeInstanceOf(Promise);
    expect((cached as ApiKeyRecord).id).toBe(created.id);
    expect(kv.reads).toBe(reads);
  });

  it('sees a revocation made elsewhere once its cache entry expires (5 s by default)', async () => {
    const kv = memoryStore();
    const time = clock();
    const here = new KeyStore(kv, { now: time.now });
    const elsewhere = new KeyStore(kv, { now: time.now });
    const created = await here.create('Shared');
    expect(await here.authenticate(created.key)).toBeDefined();
    await elsewhere.revoke(created.id);
    time.advance(4_900);
    expect(await here.authenticate(created.key)).toBeDefined();
    time.advance(200);
    expect(await here.authenticate(created.key)).toBeUndefined();
  });

  it('sees a key created elsewhere once a cached miss expires', async () => {
    const kv = memoryStore();
    const time = clock();
    const here = new KeyStore(kv, { now: time.now, cacheTtlMs: 1000 });
    const key = generateApiKey();
    expect(await here.authenticate(key)).toBeUndefined();
    // Plant a record for that key as another instance would have written it.
    const hash = hashSecret(key);
    await kv.set(`key:key_${hash.slice(0, 16)}`, { kind: 'api-key', id: `key_${hash.slice(0, 16)}`, label: 'x', prefix: key.slice(0, 11), hash, createdAt: time.now().toISOString(), revokedAt: null });
    expect(await here.authenticate(key)).toBeUndefined();
    time.advance(1001);
    expect(await here.authenticate(key)).toBeDefined();
  });

  it('writes the last-used time at most once a minute per key', async () => {
    const kv = memoryStore();
    const time = clock();
    const keys = new KeyStore(kv, { now: time.now });
    const created = await keys.create('A');
    const set = vi.spyOn(kv, 'set');
    for (let i = 0; i < 10; i++) await keys.authenticate(created.key);
    expect(set).toHaveBeenCalledTimes(1);
    time.advance(61_000);
    await keys.authenticate(created.key);
    expect(set).toHaveBeenCalledTimes(2);
    expect((await keys.get(created.id))?.lastUsedAt).toBe(time.now().toISOString());
  });

  it('lists oldest first, with last use and revocation, and revokes idempotently', async () => {
    const time = clock();
    const keys = new KeyStore(memoryStore(), { now: time.now });
    const a = await keys.create('A');
    time.advance(1000);
    const b = await keys.create('B');
    await keys.authenticate(b.key);
    const revoked = await keys.revoke(a.id);
    time.advance(1000);
    expect((await keys.revoke(a.id))?.revokedAt).toBe(revoked?.revokedAt);
    expect(await keys.revoke('key_0000000000000000')).toBeUndefined();
    const list = await keys.list();
    expect(list.map((k) => k.label)).toEqual(['A', 'B']);
    expect(list[0]!.revokedAt).not.toBeNull();
    expect(list[1]!.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain('hash');
  });

  it('surfaces a store failure as StoreUnavailableError on a cache miss, and keeps cached answers', async () => {
    const kv = memoryStore();
    const keys = new KeyStore(kv);
    const created = await keys.create('A');
    await keys.authenticate(created.key);
    kv.failing = true;
    expect(await keys.authenticate(created.key)).toBeDefined();
    await expect(keys.authenticate(generateApiKey())).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(keys.create('B')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(keys.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
