// Suggested corrections (DESIGN.md, "Identifiers that are not clean VINs"): for a VIN with I, O or
// Q, or whose check digit does not hold where it is mandatory, up to five corrected VINs, each
// passing the check digit with a registered WMI and a model-year code, likeliest first.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateCheckDigit } from '../../src/decode/check-digit.js';
import { effectiveWmi } from '../../src/decode/corporate-origin.js';
import { decode, registryTables } from '../../src/decode/index.js';
import type { Suggestion } from '../../src/generated/contract.js';
import type { DeepReadonly } from '../../src/decode/outcome.js';
import { decodeProblem } from '../../src/problem.js';
import { problemSchemaErrors, resultSchemaErrors } from '../fixtures/contract.js';

const ACCORD = '1HGCM82633A004352';

/** The suggestions decode gives for an input: from the result, or from the 422 problem. */
function suggestionsFor(input: string): DeepReadonly<Suggestion[]> {
  const outcome = decode(input);
  if (outcome.ok) {
    expect(resultSchemaErrors(outcome.result)).toBe('');
    return outcome.result.validation.suggestions;
  }
  expect(problemSchemaErrors(decodeProblem(outcome.error))).toBe('');
  return outcome.error.suggestions ?? [];
}

const vinsOf = (list: DeepReadonly<Suggestion[]>): string[] => list.map((s) => s.vin);

describe('issue 11, "Done when"', () => {
  it('1HGCM82633A0O4352 is a 422 ILLEGAL_CHARACTERS with 1HGCM82633A004352 first among its suggestions', () => {
    const outcome = decode('1HGCM82633A0O4352');
    if (outcome.ok) throw new Error('expected a refusal');
    const problem = decodeProblem(outcome.error);
    expect(problem).toMatchObject({ status: 422, code: 'ILLEGAL_CHARACTERS', positions: [13] });
    expect(problem.suggestions?.[0]).toEqual({ vin: ACCORD, changes: [{ position: 13, from: 'O', to: '0' }], reason: 'O at position 13 is probably 0 (VINs never use O).' });
  });

  it.each(['1HGCMB2633A004352', '1HGCM82633A0043S2', '1HGCM82633A003452'])('%s lists 1HGCM82633A004352 among its first five', (typo) => {
    const suggestions = suggestionsFor(typo);
    expect(suggestions.length).toBeLessThanOrEqual(5);
    expect(vinsOf(suggestions)).toContain(ACCORD);
  });

  it('a clean VIN has an empty validation.suggestions', () => {
    expect(suggestionsFor(ACCORD)).toEqual([]);
  });
});

type Case = [name: string, { given: string; want: { first?: string; among?: string; changes?: Suggestion['changes']; none?: true } }];

const cases: Case[] = [
  // A character read as another (each pair of the issue), wherever it stands.
  ['B for 8', { given: '1HGCMB2633A004352', want: { first: ACCORD, changes: [{ position: 6, from: 'B', to: '8' }] } }],
  ['S for 5', { given: '1HGCM82633A0043S2', want: { first: ACCORD, changes: [{ position: 16, from: 'S', to: '5' }] } }],
  ['Z for 2', { given: '1HGCM8Z633A004352', want: { among: ACCORD, changes: [{ position: 7, from: 'Z', to: '2' }] } }],
  ['G for 6', { given: '1HGCM82G33A004352', want: { among: ACCORD, changes: [{ position: 8, from: 'G', to: '6' }] } }],
  ['D for 0', { given: '1HGCM82633AD04352', want: { among: ACCORD, changes: [{ position: 12, from: 'D', to: '0' }] } }],
  ['V for U', { given: '4S4GUHV63S3737318', want: { among: '4S4GUHU63S3737318' } }],
  // Letters ISO 3779 leaves out: they must go, and the likeliest replacement comes first.
  ['O for 0', { given: '1HGCM82633A0O4352', want: { first: ACCORD, changes: [{ position: 13, from: 'O', to: '0' }] } }],
  ['I for 1', { given: 'IHGCM82633A004352', want: { first: ACCORD, changes: [{ position: 1, from: 'I', to: '1' }] } }],
  ['Q for 0', { given: '1HGCM82633AQ04352', want: { first: ACCORD, changes: [{ position: 12, from: 'Q', to: '0' }] } }],
  ['two of them', { given: 'IHGCM82633A0O4352', want: { first: ACCORD, changes: [{ position: 1, from: 'I', to: '1' }, { position: 13, from: 'O', to: '0' }] } }],
  ['an O together with another mistake', { given: '1HGCMB2633A0O4352', want: { among: ACCORD } }],
  // Typing mistakes.
  ['two neighbours swapped', { given: '1HGCM82633A003452', want: { among: ACCORD, changes: [{ position: 14, from: '3', to: '4' }, { position: 15, from: '4', to: '3' }] } }],
  ['the check digit swapped with its neighbour', { given: '1HGCM82363A004352', want: { none: true } }],
  ['the check digit itself mistyped', { given: '5YJ3E7EB4LF757595', want: { among: '5YJ3E7EB5LF757595', changes: [{ position: 9, from: '4', to: '5' }] } }],
  ['a mistyped WMI that is registered too', { given: '1HCCM82633A004352', want: { among: ACCORD, changes: [{ position: 3, from: 'C', to: 'G' }] } }],
  // Where nothing is offered.
  ['a check digit that is not mandatory (Europe)', { given: 'YV1FS5251B2010993', want: { none: true } }],
  ['a partial VIN', { given: '1HGCM82633A00435', want: { none: true } }],
  ['a JDM chassis number', { given: 'JZA80-1004956', want: { none: true } }],
  ['characters other than I, O and Q', { given: '1HGCM82633A0_4352', want: { none: true } }],
  ['I, O or Q in a text of the wrong length', { given: '1HGCM82633A0O43521', want: { none: true } }],
];

describe('suggestions for each kind of imperfection', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    const suggestions = suggestionsFor(given);
    if (want.none) {
      // A swap next to the check digit that still holds: the VIN is not known to be wrong.
      expect(suggestions).toEqual([]);
      return;
    }
    const vins = vinsOf(suggestions);
    if (want.first) expect(vins[0]).toBe(want.first);
    if (want.among) expect(vins).toContain(want.among);
    const meant = suggestions.find((s) => s.vin === (want.first ?? want.among));
    if (want.changes) expect(meant?.changes).toEqual(want.changes);
    expect(meant?.reason).toMatch(/^[A-Z].*\.$/);
  });

  it('every suggestion passes the check digit, has a registered WMI and a model-year code, and differs where its changes say', () => {
    const tables = registryTables();
    for (const [, { given }] of cases) {
      const text = given.replace(/-/g, '');
      for (const s of suggestionsFor(given)) {
        expect(s.vin[8]).toBe(calculateCheckDigit(s.vin));
        expect(tables.wmi.has(effectiveWmi(s.vin))).toBe(true);
        expect(tables.modelYearByChar[s.vin.charCodeAt(9) - 48]).toBeDefined();
        for (let i = 0; i < 17; i++) {
          const change = s.changes.find((c) => c.position === i + 1);
          expect(s.vin[i]).toBe(change ? change.to : text[i]);
          if (change) expect(change.from).toBe(text[i]);
        }
      }
    }
  });
});

// Real VINs of North American makers: the golden file's (each row there names its public source).
const goldenText = readFileSync(new URL('./golden.test.ts', import.meta.url), 'utf8');
const NORTH_AMERICAN = [...new Set([...goldenText.matchAll(/\['([1-5][A-HJ-NPR-Z0-9]{16})',/g)].map((m) => m[1]!))]
  .filter((vin) => vin[8] === calculateCheckDigit(vin));

/** Look-alike pairs of the issue, both ways. */
const CONFUSABLE_PAIRS = ['B8', 'S5', 'Z2', 'G6', 'D0', 'UV'].flatMap(([a, b]) => [[a!, b!], [b!, a!]]);

describe('real North American VINs with one confusable character mistyped (B/8, S/5, Z/2, G/6, D/0, U/V)', () => {
  it('has the real VIN among the first five suggestions for at least 90% of the typos', () => {
    expect(NORTH_AMERICAN.length).toBeGreaterThanOrEqual(15);
    let typos = 0, found = 0;
    for (const vin of NORTH_AMERICAN) {
      for (let i = 0; i < 17; i++) {
        for (const [from, to] of CONFUSABLE_PAIRS) {
          if (vin[i] !== from) continue;
          typos++;
          if (vinsOf(suggestionsFor(vin.slice(0, i) + to + vin.slice(i + 1))).includes(vin)) found++;
        }
      }
    }
    expect(typos).toBeGreaterThan(100);
    expect(found / typos).toBeGreaterThanOrEqual(0.9);
  });
});

/** Every look-alike pair the ranking knows of the strongest kind, and I/O/Q for what they stand for. */
const LOOK_ALIKE: Record<string, string> = { O: '0', I: '1', Q: '0', S: '5', '5': 'S', B: '8', '8': 'B', Z: '2', '2': 'Z', G: '6', '6': 'G', D: '0', '0': 'D', U: 'V', V: 'U' };

/**
 * Valid VINs of North American WMIs with a random VDS and serial whose plant resolves, as a real
 * VIN's does (a corrected VIN whose plant resolves is preferred, so a random plant code would
 * rank the original below corrections that happen to reach a real plant).
 */
const validVin = fc
  .tuple(fc.constantFrom('1HG', '1FA', '1G1', '2HG', '2T3', '3FM', '3VV', '4S4', '5YJ', '5XY', '1C6', '4JG'), fc.stringMatching(/^[A-HJ-NPR-Z0-9]{5}$/), fc.constantFrom(...'ABCDEFGHJKLMNPRSTVWXY123456789'), fc.stringMatching(/^[A-HJ-NPR-Z0-9]{7}$/))
  .map(([wmi, vds, year, rest]) => {
    const draft = `${wmi}${vds}0${year}${rest}`;
    return draft.slice(0, 8) + calculateCheckDigit(draft) + draft.slice(9);
  })
  .filter((vin) => { const outcome = decode(vin); return outcome.ok && outcome.result.assembly.countryCode !== null; });

describe('properties (seeded)', () => {
  it('a valid VIN with one look-alike character put in positions 4-17 gets the original among its suggestions whenever the typo breaks the check digit', () => {
    // Positions 1-3 are left out: there a typo can make another registered WMI of a region whose check digit is not mandatory, and that VIN is not known to be wrong.
    fc.assert(fc.property(validVin, fc.integer({ min: 3, max: 16 }), (vin, i) => {
      const typo = vin.slice(0, i) + (Object.entries(LOOK_ALIKE).find(([, meant]) => meant === vin[i])?.[0] ?? vin[i]) + vin.slice(i + 1);
      if (typo === vin) return;
      const broken = /[IOQ]/.test(typo) || typo[8] !== calculateCheckDigit(typo);
      if (broken) expect(vinsOf(suggestionsFor(typo))).toContain(vin);
    }), { seed: 111, numRuns: 1500 });
  });

  it('a valid VIN with two neighbours in positions 4-17 swapped gets the original among its suggestions whenever the swap breaks the check digit', () => {
    fc.assert(fc.property(validVin, fc.integer({ min: 3, max: 15 }), (vin, i) => {
      const typo = vin.slice(0, i) + vin[i + 1] + vin[i] + vin.slice(i + 2);
      if (typo === vin || typo[8] === calculateCheckDigit(typo)) return;
      expect(vinsOf(suggestionsFor(typo))).toContain(vin);
    }), { seed: 112, numRuns: 1500 });
  });

  it('every suggestion passes the check digit, has a registered WMI and a model-year code; at most five, no repeats, the same every time', () => {
    const tables = registryTables();
    const nearVin = fc.tuple(validVin, fc.array(fc.tuple(fc.integer({ min: 0, max: 16 }), fc.constantFrom(...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789IOQ')), { minLength: 1, maxLength: 3 }))
      .map(([vin, edits]) => edits.reduce((v, [i, ch]) => v.slice(0, i) + ch + v.slice(i + 1), vin));
    fc.assert(fc.property(nearVin, (text) => {
      const suggestions = suggestionsFor(text);
      expect(suggestions.length).toBeLessThanOrEqual(5);
      expect(new Set(vinsOf(suggestions)).size).toBe(suggestions.length);
      for (const s of suggestions) {
        expect(s.vin).not.toBe(text);
        expect(s.vin[8]).toBe(calculateCheckDigit(s.vin));
        expect(tables.wmi.has(effectiveWmi(s.vin))).toBe(true);
        expect(tables.modelYearByChar[s.vin.charCodeAt(9) - 48]).toBeDefined();
      }
      expect(suggestionsFor(text)).toEqual(suggestions);
    }), { seed: 113, numRuns: 1500 });
  });

  it('decode never throws on VIN-like text with I, O, Q, * and hyphens, of any length near 17', () => {
    const text = fc.array(fc.constantFrom(...'ABHJ019IOQ*-'), { minLength: 9, maxLength: 19 }).map((chars) => chars.join(''));
    fc.assert(fc.property(text, (input) => { suggestionsFor(input); }), { seed: 114, numRuns: 3000 });
  });
});
