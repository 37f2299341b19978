// Invariants of decode over any input (seeded, so a failure replays): it never throws, it is
// deterministic, every result honours the JSON contract, every refusal carries one of the three
// codes, and normalisation (case, surrounding space) never changes the answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/decode/index.js';
import type { DecodeResult } from '../../src/generated/contract.js';
import { decodeProblem } from '../../src/problem.js';
import { problemSchemaErrors, resultSchemaErrors } from '../fixtures/contract.js';

const CODES = ['INVALID_LENGTH', 'ILLEGAL_CHARACTERS', 'UNRECOGNISED_FORMAT'];

/** Strings shaped like identifiers, so the properties reach the decoder and not only the length check. */
const vinShaped = fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/);
const nearVin = fc.stringMatching(/^[A-Za-z0-9 -]{15,19}$/);
const chassisShaped = fc.stringMatching(/^[A-Z][A-Z0-9]{1,7}-[0-9]{3,8}$/);
/** Real WMIs with random rest, so registry rows (plants, model years) are exercised. */
const realWmiVin = fc
  .tuple(fc.constantFrom('1HG', 'WA1', 'WBA', '5YJ', 'KL7', 'JM1', 'YV1', 'SAL', '3VV', '9BW', '1A9', 'WMW'), fc.stringMatching(/^[A-HJ-NPR-Z0-9]{14}$/))
  .map(([wmi, rest]) => wmi + rest);
const realChassis = fc.tuple(fc.constantFrom('JZA80', 'BNR32', 'AZE0', 'ZZZ99', 'GA70'), fc.stringMatching(/^[0-9]{3,8}$/)).map(([m, s]) => `${m}-${s}`);

const anyInput = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  vinShaped,
  nearVin,
  chassisShaped,
  realWmiVin,
  realChassis,
  fc.string({ minLength: 100, maxLength: 3000 }),
);

describe('decode on any string', () => {
  it('never throws', () => {
    fc.assert(fc.property(anyInput, (input) => { decode(input); }), { seed: 1, numRuns: 3000 });
  });

  it('never throws on full Unicode, lone surrogates included', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (input) => { decode(input); }), { seed: 2, numRuns: 2000 });
    fc.assert(fc.property(fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), maxLength: 20 }), (input) => { decode(input); }), { seed: 3, numRuns: 200 });
  });

  it('an untyped JavaScript caller passing no string gets an error outcome, not an exception', () => {
    const call = decode as (input: unknown) => ReturnType<typeof decode>;
    for (const input of [null, undefined, Object.create(null), {}, 42, Symbol('vin'), [], () => 0]) {
      const outcome = call(input);
      expect(outcome.ok).toBe(false);
    }
    expect(call(null)).toMatchObject({ ok: false, error: { code: 'INVALID_LENGTH' } });
    // A number's text is decoded as any text is: too short for a VIN.
    expect(call(12345)).toMatchObject({ ok: false, error: { code: 'INVALID_LENGTH', identifier: '12345' } });
  });

  it('same input, same output: deep-equal and JSON-identical', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const first = decode(input);
        const second = decode(input);
        expect(second).toEqual(first);
        expect(JSON.stringify(second)).toBe(JSON.stringify(first));
      }),
      { seed: 4, numRuns: 2000 },
    );
  });

  it('changing a result handed out cannot change the next decode: its own parts are copies, the shared ones are frozen', () => {
    const outcome = decode('1HGCM82633A004352');
    if (!outcome.ok) throw new Error('expected a result');
    // The type says read-only; this test breaks that contract on purpose, as careless JavaScript would.
    const first = { result: outcome.result as DecodeResult };
    const pristine = JSON.stringify(first.result);
    // The vehicle and the evidence and warning lists are the result's own the first time a model
    // is decoded, and its template's (frozen, shared) once the model is kept: a change either
    // stays in this result or throws.
    const ownOrFrozen = (change: () => unknown): void => {
      try { change(); } catch (error) { expect(error).toBeInstanceOf(TypeError); }
    };
    ownOrFrozen(() => first.result.validation.warnings.push({ code: 'X', message: 'x' }));
    ownOrFrozen(() => { first.result.validation.evidence.length = 0; });
    ownOrFrozen(() => { first.result.vehicle.make = 'changed'; });
    first.result.positions.serial = 'changed';
    first.result.validation.suggestions.push('changed' as never);
    expect(() => first.result.vehicle.modelYearCandidates.push(1900)).toThrow(TypeError);
    expect(() => { (first.result.assembly as { city: string | null }).city = 'Elsewhere'; }).toThrow(TypeError);
    expect(() => { (first.result.summary as { verdict: string }).verdict = 'x'; }).toThrow(TypeError);
    expect(JSON.stringify(decode('1HGCM82633A004352'))).toBe(JSON.stringify({ ok: true, result: JSON.parse(pristine) }));
  });

  it('every result validates against schemas/decode-result.schema.json', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const outcome = decode(input);
        if (outcome.ok) expect(resultSchemaErrors(outcome.result)).toBe('');
      }),
      { seed: 5, numRuns: 3000 },
    );
  });

  it('every failure has one of the three codes, and a problem body that validates', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const outcome = decode(input);
        if (outcome.ok) return;
        expect(CODES).toContain(outcome.error.code);
        expect(problemSchemaErrors(decodeProblem(outcome.error))).toBe('');
        if (outcome.error.code === 'ILLEGAL_CHARACTERS') expect(outcome.error.positions?.length).toBeGreaterThan(0);
      }),
      { seed: 6, numRuns: 3000 },
    );
  });

  it('a refused identifier is echoed back at most 33 characters long, whatever was sent', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 33, maxLength: 5000 }), (input) => {
        const outcome = decode(input);
        return outcome.ok || outcome.error.identifier.length <= 33;
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('normalisation never changes the answer', () => {
  const identifierLike = fc.oneof(vinShaped, realWmiVin, chassisShaped, realChassis, nearVin, fc.stringMatching(/^[A-Z0-9<>'"-]{0,30}$/));

  it('decode of x equals decode of " x "', () => {
    fc.assert(fc.property(identifierLike, (x) => { expect(decode(` ${x} `)).toEqual(decode(x)); }), { seed: 8, numRuns: 2000 });
  });

  it('decode of x equals decode of x in lower case', () => {
    fc.assert(fc.property(identifierLike, (x) => { expect(decode(x.toLowerCase())).toEqual(decode(x)); }), { seed: 9, numRuns: 2000 });
  });

  it('surrounding whitespace of any kind and amount is ignored', () => {
    // Fixed-width fleet exports pad a VIN with hundreds of spaces.
    const space = fc.oneof(
      fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0'), maxLength: 5 }),
      fc.integer({ min: 100, max: 400 }).map((n) => ' '.repeat(n)),
    );
    fc.assert(fc.property(identifierLike, space, space, (x, before, after) => { expect(decode(before + x + after)).toEqual(decode(x)); }), { seed: 10, numRuns: 1000 });
  });

  it('a result names the identifier as it was normalised', () => {
    fc.assert(
      fc.property(fc.oneof(vinShaped, realWmiVin), (vin) => {
        const outcome = decode(` ${vin.toLowerCase()} `);
        return outcome.ok && outcome.result.identifier === vin;
      }),
      { seed: 11, numRuns: 500 },
    );
  });
});
