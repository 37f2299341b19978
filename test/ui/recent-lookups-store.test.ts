import { describe, expect, it } from 'vitest';
import { clearRecentLookups, readRecentLookups, rememberLookup, RECENT_LOOKUPS_KEY, RECENT_LOOKUPS_LIMIT, type RecentLookup } from '../../ui/recent-lookups-store.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => { items.set(key, value); },
    removeItem: (key: string) => { items.delete(key); },
  };
}

const lookup = (identifier: string): RecentLookup => ({ identifier, originAlignment: 'VERIFIED_ORIGIN_ALIGNMENT', verdict: 'Verified Origin Alignment' });

describe('recent lookups store', () => {
  it('keeps lookups newest first and moves a repeated one to the top', () => {
    const storage = memoryStorage();
    rememberLookup(storage, lookup('A'));
    rememberLookup(storage, lookup('B'));
    expect(rememberLookup(storage, lookup('A')).map((entry) => entry.identifier)).toEqual(['A', 'B']);
    expect(readRecentLookups(storage).map((entry) => entry.identifier)).toEqual(['A', 'B']);
  });

  it(`keeps at most ${RECENT_LOOKUPS_LIMIT}`, () => {
    const storage = memoryStorage();
    for (let index = 0; index < RECENT_LOOKUPS_LIMIT + 3; index++) rememberLookup(storage, lookup(`V${index}`));
    const kept = readRecentLookups(storage);
    expect(kept).toHaveLength(RECENT_LOOKUPS_LIMIT);
    expect(kept[0]?.identifier).toBe(`V${RECENT_LOOKUPS_LIMIT + 2}`);
  });

  it('clears', () => {
    const storage = memoryStorage();
    rememberLookup(storage, lookup('A'));
    clearRecentLookups(storage);
    expect(storage.items.has(RECENT_LOOKUPS_KEY)).toBe(false);
    expect(readRecentLookups(storage)).toEqual([]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"identifier":"A"}'],
  ])('reads %s as no lookups', (_name, stored) => {
    expect(readRecentLookups(memoryStorage({ [RECENT_LOOKUPS_KEY]: stored }))).toEqual([]);
  });

  it('drops entries of the wrong shape and keeps the rest', () => {
    const stored = JSON.stringify([lookup('A'), { identifier: 7 }, null]);
    expect(readRecentLookups(memoryStorage({ [RECENT_LOOKUPS_KEY]: stored }))).toEqual([lookup('A')]);
  });

  it('still returns the list when storage refuses to write', () => {
    const full = { ...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(rememberLookup(full, lookup('A'))).toEqual([lookup('A')]);
  });

  it('works without storage at all', () => {
    expect(rememberLookup(null, lookup('A'))).toEqual([lookup('A')]);
    expect(readRecentLookups(null)).toEqual([]);
  });
});
