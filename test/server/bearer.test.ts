// The Bearer scheme is read by character codes (auth.ts); it must give exactly the answers of the
// regular expression it replaced, /^bearer +/i, for every Authorization value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bearerCredentialStart } from '../../src/server/auth.js';

const REGEX = /^bearer +/i;
const byRegex = (authorization: string): number => REGEX.exec(authorization)?.[0].length ?? -1;

/** Values near the scheme: its letters in any case, cut short or with a look-alike, spaces and tabs, then anything. */
const LOOK_ALIKES = ['ʙ', 'ſ', 'K', '\u0130', '\u00e9', 'c', 'q', '"', ' '];
const nearBearer = fc.tuple(
  fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: fc.tuple(fc.nat(5), fc.constantFrom(...LOOK_ALIKES)), weight: 1 }),
  fc.oneof({ arbitrary: fc.constant(6), weight: 4 }, { arbitrary: fc.integer({ min: 0, max: 5 }), weight: 1 }),
  fc.array(fc.constantFrom(' ', ' ', '\t', '\u00a0', '\u3000'), { maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
).map(([upper, swap, keep, gap, rest]) => {
  const letters = [...'bearer'].map((letter, i) => (upper[i] ? letter.toUpperCase() : letter));
  if (swap) letters[swap[0]] = swap[1];
  return letters.slice(0, keep).join('') + gap.join('') + rest;
});

const cases: [string, { given: string; want: number }][] = [
  ['the scheme as written', { given: 'Bearer abc', want: 7 }],
  ['any letter case', { given: 'bEaReR abc', want: 7 }],
  ['several spaces', { given: 'Bearer    abc', want: 10 }],
  ['spaces and nothing else', { given: 'Bearer   ', want: 9 }],
  ['no space', { given: 'Bearerabc', want: -1 }],
  ['a tab instead of a space', { given: 'Bearer\tabc', want: -1 }],
  ['the scheme alone', { given: 'Bearer', want: -1 }],
  ['another scheme', { given: 'Basic abc', want: -1 }],
  ['a space before the scheme', { given: ' Bearer abc', want: -1 }],
  ['empty', { given: '', want: -1 }],
];

describe('bearerCredentialStart', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(bearerCredentialStart(given)).toBe(want);
    expect(byRegex(given)).toBe(want);
  });

  it('answers as /^bearer +/i does for any value', () => {
    let schemes = 0;
    fc.assert(fc.property(fc.oneof({ arbitrary: nearBearer, weight: 4 }, fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme-ascii' })), (value) => {
      const want = byRegex(value);
      if (want >= 0) schemes++;
      expect(bearerCredentialStart(value)).toBe(want);
    }), { numRuns: 5_000, seed: 0x5eed_b3a7 });
    // The values reach the scheme often enough to say something about its spaces and credential.
    expect(schemes).toBeGreaterThan(400);
  });
});
