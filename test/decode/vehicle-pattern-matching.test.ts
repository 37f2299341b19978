// Pattern matching in the vehicle layer agrees with a plain regular-expression reference: a vPIC
// key matches a prefix of "positions 4-8|10-17", `*` is any character and [..] a class.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemaColumns } from '../../src/decode/vehicle-data.js';
import { admits, admitsPartial, compileSchema, elementFrom, firstPartial, matchingPatterns, partialMatches, passesGate, writeGate, type CompiledSchema } from '../../src/decode/vehicle-schema.js';

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const char = fc.constantFrom(...VIN_CHARS);
const token = fc.oneof(
  { weight: 3, arbitrary: fc.constant('*') },
  { weight: 3, arbitrary: char },
  { weight: 1, arbitrary: fc.array(char, { minLength: 1, maxLength: 4 }).map((cs) => `[${cs.join('')}]`) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 })).map(([a, b]) => `[${Math.min(a, b)}-${Math.max(a, b)}]`) },
);
const key = fc.tuple(fc.array(token, { minLength: 1, maxLength: 5 }), fc.option(fc.array(token, { minLength: 0, maxLength: 8 }), { nil: undefined }))
  .map(([vds, vis]) => (vis === undefined ? vds.join('') : `${vds.join('')}${'*'.repeat(5 - vds.length)}|${vis.join('')}`));
const vin = fc.array(char, { minLength: 17, maxLength: 17 }).map((cs) => cs.join(''));

/** The partial-VIN reference: element e's patterns scanned in rank order with admitsPartial (-2: an unknown position leaves it open). */
function firstMatchPartial(s: CompiledSchema, e: number, vin: string): number {
  for (let p = elementFrom(s, e); p < elementFrom(s, e + 1); p++) {
    const state = admitsPartial(s, p, vin);
    if (state === 1) return p;
    if (state === 2) return -2;
  }
  return -1;
}

/** The reference: the key as an anchored regular expression over positions 4-8 | 10-17. */
function reference(k: string): RegExp {
  const body = k.replace(/\[([^\]]*)\]|\*|\||(.)/g, (m, cls: string | undefined, lit: string | undefined) =>
    cls !== undefined ? `[${cls}]` : m === '*' ? '.' : m === '|' ? '\\|' : lit!);
  return new RegExp(`^${body}`);
}

describe('vehicle pattern matching', () => {
  it('agrees with the regular-expression reference on random keys and VINs', () => {
    fc.assert(fc.property(key, vin, (k, v) => {
      const schema = compileSchema(schemaColumns({ id: 1, name: 'test', patterns: [[k, 0, 'x', 0]] }));
      const subject = `${v.slice(3, 8)}|${v.slice(9)}`;
      expect(admits(schema, 0, v)).toBe(reference(k).test(subject));
    }), { seed: 91, numRuns: 5000 });
  });

  it("a schema's gate turns away only VINs that match none of its patterns, and does turn some away", () => {
    let turnedAway = 0;
    fc.assert(fc.property(fc.array(key, { minLength: 1, maxLength: 6 }), fc.array(vin, { minLength: 1, maxLength: 8 }), (keys, vins) => {
      const schema = compileSchema(schemaColumns({ id: 1, name: 'test', patterns: keys.map((k, i) => [k, i % 3, 'x', i] as [string, number, string, number]) }));
      const gate = new Int32Array(3);
      writeGate(schema, gate, 0);
      const set = new Int32Array(Math.max(schema.words, 1));
      for (const v of vins) {
        const matches = matchingPatterns(schema, v, set);
        const anyAdmits = keys.some((_, p) => admits(schema, p, v));
        expect(matches).toBe(anyAdmits);
        if (!passesGate(gate, 0, v)) { turnedAway++; expect(anyAdmits).toBe(false); }
      }
    }), { seed: 95, numRuns: 1000 });
    expect(turnedAway).toBeGreaterThan(100);
  });

  it('the generated keys are not vacuous: some match and some do not', () => {
    const results = fc.sample(fc.tuple(key, vin), { seed: 92, numRuns: 500 }).map(([k, v]) => reference(k).test(`${v.slice(3, 8)}|${v.slice(9)}`));
    expect(results.filter(Boolean).length).toBeGreaterThan(10);
    expect(results.filter((r) => !r).length).toBeGreaterThan(10);
  });

  it('a partial VIN: a key that admits every character at an unknown position still decides', () => {
    const schema = (k: string) => compileSchema(schemaColumns({ id: 1, name: 'test', patterns: [[k, 0, 'x', 0]] }));
    const partial = '1HG*M82633A004352';
    expect(admitsPartial(schema('[0-9A-Z]'), 0, partial)).toBe(1);
    expect(admitsPartial(schema('[A-Y0-9]'), 0, partial)).toBe(2); // Z is a VIN character it refuses
    expect(admitsPartial(schema('*M'), 0, partial)).toBe(1);
    expect(admitsPartial(schema('*X'), 0, partial)).toBe(0);
    expect(admitsPartial(schema('C'), 0, partial)).toBe(2);
  });

  it('a partial VIN: the bit-set reading (partialMatches, firstPartial) gives every element the answer a scan of admitsPartial gives', () => {
    // Up to 70 patterns over three elements (so more than one word of bits), ranked as drawn.
    const schemaOf = fc.array(fc.tuple(key, fc.integer({ min: 0, max: 2 })), { minLength: 1, maxLength: 70 });
    const partialVin = fc.tuple(vin, fc.array(fc.integer({ min: 3, max: 16 }), { maxLength: 3 }))
      .map(([v, unknown]) => [...v].map((c, i) => (unknown.includes(i) ? '*' : c)).join(''));
    let open = 0, decided = 0;
    fc.assert(fc.property(schemaOf, partialVin, (rows, v) => {
      const schema = compileSchema(schemaColumns({ id: 1, name: 'test', patterns: rows.map(([k, e], i) => [k, e, `v${i}`, i] as [string, number, string, number]) }));
      const known = new Int32Array(schema.words), sure = new Int32Array(schema.words);
      partialMatches(schema, v, known, sure);
      for (let e = 0; e < 3; e++) {
        const want = firstMatchPartial(schema, e, v);
        if (want === -2) open++; else if (want >= 0) decided++;
        expect(firstPartial(schema, e, known, sure)).toBe(want);
      }
    }), { seed: 93, numRuns: 3000 });
    // Not vacuous: elements decided and elements left open both occur.
    expect(open).toBeGreaterThan(50);
    expect(decided).toBeGreaterThan(50);
  });
});
