// The check digit (49 CFR 565.15(c)) on real VINs whose digit is public, and the arithmetic's
// invariants as seeded properties.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateCheckDigit, CHECK_DIGIT_CHARS, cleanVinRemainder } from '../../src/decode/check-digit.js';
import { decode } from '../../src/decode/index.js';

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

describe('calculateCheckDigit on real VINs', () => {
  const cases: [string, { given: string; want: string }][] = [
    ['2003 Honda Accord, the example of DESIGN.md and many public test suites', { given: '1HGCM82633A004352', want: '3' }],
    ['the check-digit worked example of Wikipedia "Vehicle identification number": X', { given: '1M8GDM9AXKP042788', want: 'X' }],
    ['seventeen 1s, the classic test VIN that is valid', { given: '11111111111111111', want: '1' }],
    ['2020 Tesla Model 3 (example VIN of the test brief)', { given: '5YJ3E7EB5LF757595', want: '5' }],
    ['2001 BMW X5 from Greer: a digit of 10 is written X', { given: 'WBAFB335X1LH13517', want: 'X' }],
    ['2022 Audi Q5 from San José Chiapa (cardog-ai/corgi test/fixtures.ts): X as well', { given: 'WA1EAAFYXN2065837', want: 'X' }],
    ['2026 Chevrolet Corvette (cardog-ai/corgi test/fixtures.ts)', { given: '1G1YC2D47T5102754', want: '7' }],
    ['2019 RAM 1500 (cardog-ai/corgi test/fixtures.ts)', { given: '1C6SRFETXKN545625', want: 'X' }],
    ['1994 Acura Integra (davidpeckham/vin tests/cars/test_decode.yaml)', { given: 'JH4DC4340RS003205', want: '0' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(calculateCheckDigit(given)).toBe(want);
    // The digit calculated is the one the manufacturer stamped at position 9.
    expect(given[8]).toBe(want);
  });

  it('ignores what position 9 holds (its weight is 0)', () => {
    expect(calculateCheckDigit('1HGCM82603A004352')).toBe('3');
    expect(calculateCheckDigit('1HGCM826X3A004352')).toBe('3');
  });
});

/** 49 CFR 565.15(c) Tables IV and V, written out again from the regulation as an oracle. */
const TABLE_IV: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
  0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9,
};
const TABLE_V = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const byRegulation = (vin: string): string => {
  const remainder = [...vin].reduce((sum, ch, i) => sum + TABLE_IV[ch]! * TABLE_V[i]!, 0) % 11;
  return remainder === 10 ? 'X' : String(remainder);
};

const vinChar = fc.constantFrom(...VIN_CHARS);
const vinBody = fc.array(vinChar, { minLength: 17, maxLength: 17 }).map((chars) => chars.join(''));
/** A VIN of the VIN alphabet whose position 9 holds its own check digit. */
const validVin = vinBody.map((body) => body.slice(0, 8) + calculateCheckDigit(body) + body.slice(9));
const replaceAt = (text: string, index: number, ch: string): string => text.slice(0, index) + ch + text.slice(index + 1);
/** A position other than the check digit's (0-based), and a different VIN character for it. */
const substitution = (vin: string) =>
  fc.record({
    index: fc.integer({ min: 0, max: 16 }).filter((i) => i !== 8),
    ch: vinChar,
  }).filter(({ index, ch }) => vin[index] !== ch);

describe('check digit properties', () => {
  it('is always one of 0-9 or X', () => {
    fc.assert(fc.property(vinBody, (vin) => /^[0-9X]$/.test(calculateCheckDigit(vin))), { seed: 42, numRuns: 2000 });
  });

  it('agrees with 49 CFR 565.15(c) worked out from its tables', () => {
    fc.assert(fc.property(vinBody, (vin) => calculateCheckDigit(vin) === byRegulation(vin)), { seed: 43, numRuns: 2000 });
  });

  it('catches every single substitution except between characters of equal value (A/J/1, B/K/S/2, ...)', () => {
    // Every weight but position 9's is 1-10 and 11 is prime, so weight × difference is never a
    // multiple of 11: only a swap between characters Table IV gives the same value slips through.
    fc.assert(
      fc.property(validVin.chain((vin) => fc.tuple(fc.constant(vin), substitution(vin))), ([vin, { index, ch }]) => {
        const changed = replaceAt(vin, index, ch);
        const caught = calculateCheckDigit(changed) !== changed[8];
        return caught === (TABLE_IV[ch] !== TABLE_IV[vin[index]!]);
      }),
      { seed: 44, numRuns: 3000 },
    );
  });
});

describe('issue 2 property', () => {
  // Real VINs (so the decode names a maker and a plant) and arbitrary valid ones.
  const realVins = ['1HGCM82633A004352', 'WA1EAAFYXN2065837', '5YJ3E7EB5LF757595', 'WBAFB335X1LH13517', 'KL77LJE29TC062289', 'JM1NDAM79S0658829'];
  const startingVin = fc.oneof(fc.constantFrom(...realVins), validVin);

  it("any single-character change to a valid VIN's non-check positions is caught by the check digit or changes the decode", () => {
    fc.assert(
      fc.property(startingVin.chain((vin) => fc.tuple(fc.constant(vin), substitution(vin))), ([vin, { index, ch }]) => {
        const before = decode(vin);
        const after = decode(replaceAt(vin, index, ch));
        if (!before.ok || !after.ok) return false;
        expect(before.result.validation.checkDigit.status).toBe('MATCH');
        const changed = replaceAt(vin, index, ch);
        const caught = after.result.validation.checkDigit.status === 'MISMATCH';
        if (caught) {
          // Caught means said: the digit the VIN should carry, and a warning naming the mismatch.
          expect(after.result.validation.checkDigit.calculated).toBe(calculateCheckDigit(changed));
          expect(after.result.validation.warnings.map((w) => w.code)).toContain('CHECK_DIGIT_MISMATCH');
        }
        return caught || (!isDeepStrictEqual(after.result, before.result) && after.result.identifier === changed);
      }),
      { seed: 45, numRuns: 1500 },
    );
  });

  it('a change the check digit cannot see still shows in the decode', () => {
    // Plant code A→J keeps the weighted sum (both are worth 1), so only the decode can tell.
    const original = decode('1HGCM82633A004352');
    const twin = decode('1HGCM82633J004352');
    if (!original.ok || !twin.ok) throw new Error('both should decode');
    expect(twin.result.validation.checkDigit.status).toBe('MATCH');
    expect(original.result.assembly.city).toBe('Marysville');
    expect(twin.result.assembly.city).toBeNull();
    expect(twin.result.summary.originAlignment).toBe('UNVERIFIED');
  });
});

describe('cleanVinRemainder', () => {
  it('is the check-digit value for clean VINs and -1 for anything else', () => {
    fc.assert(fc.property(vinBody, (vin) => CHECK_DIGIT_CHARS[cleanVinRemainder(vin)] === calculateCheckDigit(vin)), { seed: 44, numRuns: 2000 });
    fc.assert(fc.property(fc.string({ maxLength: 20 }), (text) => {
      const clean = /^[A-HJ-NPR-Z0-9]{17}$/.test(text);
      expect(cleanVinRemainder(text) >= 0).toBe(clean);
    }), { seed: 45, numRuns: 5000 });
    for (const text of ['1HGCM82633A00435', '1HGCM82633A0043520', '1hgcm82633a004352', '1HGCM82633A0O4352', '1HGCM82633A00435\u0130']) {
      expect(cleanVinRemainder(text)).toBe(-1);
    }
  });
});
