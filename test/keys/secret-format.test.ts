// The shape of API keys and admin tokens: prefix, randomness, and a checksum that catches typos.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  displayPrefix, generateAdminToken, generateApiKey, hashSecret, isWellFormedAdminToken, isWellFormedApiKey, sameHash,
} from '../../src/keys/secret-format.js';

describe('API keys', () => {
  it('are vino_ + 32 random base62 characters + a 6-character checksum', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^vino_[0-9A-Za-z]{38}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(displayPrefix(key)).toBe(key.slice(0, 11));
  });

  it('do not repeat', () => {
    const keys = new Set(Array.from({ length: 2000 }, generateApiKey));
    expect(keys.size).toBe(2000);
  });

  it('use every base62 character about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) for (const c of generateApiKey().slice(5, 37)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (2000 * 32) / 62;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.2);
  });

  it('fail the checksum when any one character changes', () => {
    const key = generateApiKey();
    fc.assert(fc.property(fc.integer({ min: 5, max: key.length - 1 }), fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'), (at, c) => {
      fc.pre(key[at] !== c);
      expect(isWellFormedApiKey(key.slice(0, at) + c + key.slice(at + 1))).toBe(false);
    }), { seed: 3779 });
  });

  it.each([
    ['empty', ''], ['the prefix alone', 'vino_'], ['one character short', generateApiKey().slice(0, -1)],
    ['an admin token', generateAdminToken()], ['a symbol inside', 'vino_' + '-'.repeat(38)],
  ])('refuse %s', (_name, text) => {
    expect(isWellFormedApiKey(text)).toBe(false);
  });
});

describe('admin tokens', () => {
  it('are vinoadm_ + 40 random characters + a checksum, distinct from API keys', () => {
    const token = generateAdminToken();
    expect(token).toMatch(/^vinoadm_[0-9A-Za-z]{46}$/);
    expect(isWellFormedAdminToken(token)).toBe(true);
    expect(isWellFormedApiKey(token)).toBe(false);
  });
});

describe('hashes', () => {
  it('are SHA-256 in hex, compared in full', () => {
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const a = hashSecret('a');
    expect(sameHash(a, hashSecret('a'))).toBe(true);
    expect(sameHash(a, hashSecret('b'))).toBe(false);
    expect(sameHash(a, a.slice(0, 63) + (a.endsWith('0') ? '1' : '0'))).toBe(false);
    expect(sameHash(a, a.slice(0, 32))).toBe(false);
  });
});
