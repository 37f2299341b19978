// The key store on each backend for real: SQLite (always), and Redis and PostgreSQL when they run
// on this machine (CI starts them). Two instances on one store agree on keys, revocations and the
// admin token, as several `vino serve` processes behind a load balancer must.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openKeyServices, type KeyServices } from '../../src/keys/index.js';
import { tempDir } from '../server/harness.js';
import { listening, POSTGRES_URL, REDIS_URL } from './probe.js';

const sqliteDir = tempDir();
afterAll(() => rmSync(sqliteDir, { recursive: true, force: true }));
const backends = [
  { name: 'SQLite', url: `sqlite://${join(sqliteDir, 'vino.sqlite')}`, up: true },
  { name: 'Redis', url: REDIS_URL, up: await listening(REDIS_URL, 6379) },
  { name: 'PostgreSQL', url: POSTGRES_URL, up: await listening(POSTGRES_URL, 5432) },
];
for (const backend of backends) {
  if (!backend.up) console.warn(`test/keys/backends: skipping ${backend.name}: nothing listens at ${backend.url}`);
}

describe.each(backends)('key store on $name', ({ url, up }) => {
  const opened: KeyServices[] = [];
  // A namespace of its own, so runs (and CI jobs) sharing one server never see each other's keys.
  const namespace = `test${randomUUID().replace(/-/g, '')}`;
  const open = async () => {
    const services = await openKeyServices(url, { namespace, cacheTtlMs: 300, timeoutMs: 3000 });
    opened.push(services);
    return services;
  };
  afterAll(async () => {
    if (opened[0]) await opened[0].kv.clear();
    for (const services of opened) await services.close();
  });

  it.skipIf(!up)('creates, checks, lists and revokes keys, storing only hashes', async () => {
    const { keys, kv } = await open();
    const created = await keys.create('Fleet ERP');
    expect((await keys.authenticate(created.key))?.label).toBe('Fleet ERP');
    expect((await keys.list()).map((k) => k.id)).toContain(created.id);
    expect(JSON.stringify(await kv.values())).not.toContain(created.key);
    await keys.revoke(created.id);
    expect(await keys.authenticate(created.key)).toBeUndefined();
  });

  it.skipIf(!up)('shares keys, revocations and the admin token between two instances', async () => {
    const a = await open();
    const b = await open();
    const created = await a.keys.create('Shared');
    expect((await b.keys.authenticate(created.key))?.id).toBe(created.id);
    await a.keys.revoke(created.id);
    // b trusted its cached answer; it must see the revocation once that expires (300 ms here, 5 s by default).
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await b.keys.authenticate(created.key)).toBeUndefined();
    const token = await a.admin.ensure();
    expect(token).toBeDefined();
    expect(await b.admin.ensure()).toBeUndefined();
    expect(await b.admin.verify(token!)).toBe(true);
  });

  it.skipIf(!up)('keeps keys once the store is closed and opened again', async () => {
    const first = await open();
    const created = await first.keys.create('Durable');
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    const second = await open();
    expect((await second.keys.authenticate(created.key))?.label).toBe('Durable');
  });

  it.skipIf(!up)('once closed, holds nothing open: a one-shot `vino keys list` exits when its work is done', async () => {
    const holding = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout' || kind === 'TCPSocketWrap').length;
    const before = holding();
    const services = await openKeyServices(url, { namespace, cacheTtlMs: 300, timeoutMs: 3000 });
    await services.keys.list();
    await services.close();
    expect(holding()).toBeLessThanOrEqual(before);
  });
});
