// A decoder keeps the first result of a model as a template for VINs that differ only in the
// serial (decode-vin.ts). Those results must equal what a decoder that never saw the model
// answers, including where a WMI's vehicle or plant patterns read serial positions, and a caller
// changing one result must change no other.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identifierMix } from '../../bench/identifiers.js';
import { calculateCheckDigit } from '../../src/decode/check-digit.js';
import { createDecoder } from '../../src/decode/decode.js';
import { registryTables } from '../../src/decode/index.js';
import type { DecodedResult } from '../../src/decode/outcome.js';
import type { DecodeResult } from '../../src/generated/contract.js';

const SERIAL_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

function withSerial(vin: string, serial: string): string {
  const draft = vin.slice(0, 11) + serial;
  return draft.slice(0, 8) + calculateCheckDigit(draft) + draft.slice(9);
}

function resultOf(decode: ReturnType<typeof createDecoder>, vin: string): DecodedResult {
  const outcome = decode(vin);
  if (!outcome.ok) throw new Error(`${vin}: ${outcome.error.code}`);
  return outcome.result;
}

// Real models, two decided by keys over both halves of the VIN (Lotus reads position 13; the
// Silverado key reaches position 11), and the benchmark fleet, low-volume WMIs among them.
const MODELS = ['SCCPC08307HA21234', '1GCHK29U11E231511', '1HGCM82633A004352', 'ZHWN4VNF6LL682932', '1HD1GP4558K319097', 'JTDACACU8T3062569',
  ...identifierMix(400, 3).filter((id) => /^[A-HJ-NPR-Z0-9]{17}$/.test(id))];

describe('results kept as templates', () => {
  const warm = createDecoder(registryTables());
  const cold = createDecoder(registryTables());

  it('a VIN decoded after others of its model equals its decode by a decoder that never saw the model', () => {
    fc.assert(fc.property(
      fc.constantFrom(...MODELS),
      fc.array(fc.string({ unit: fc.constantFrom(...SERIAL_CHARS), minLength: 6, maxLength: 6 }), { minLength: 3, maxLength: 3 }),
      (model, serials) => {
        const [a, b, c] = serials.map((s) => withSerial(model, s)) as [string, string, string];
        resultOf(warm, a);
        resultOf(warm, b);
        expect(resultOf(warm, c)).toEqual(resultOf(cold, c));
      },
    ), { seed: 20261126, numRuns: 600 });
  });

  it('tells apart the VINs of a model whose serial the patterns read', () => {
    // Lotus's 2007 schema (SCC) decides the model from position 13 (`*****|***2`): a decoder
    // keyed on positions 1-11 alone would answer every sibling with the first one's model.
    const models = new Set<string | null>();
    for (const serial of ['A21234', 'A51234', 'A41234', 'A91234']) {
      const vin = withSerial('SCCPC08307HA21234', serial);
      const r = resultOf(warm, vin);
      expect(r).toEqual(resultOf(cold, vin));
      models.add(r.vehicle.model);
    }
    expect(models.size).toBeGreaterThan(1);
  });

  it('a caller changing its result changes neither the template nor the next result', () => {
    // A model is kept from its second VIN on: the second result is the one a template is made from
    // (a decoder of its own, so that no earlier test made it already).
    const fresh = createDecoder(registryTables());
    resultOf(fresh, withSerial('1HGCM82633A004352', '111111'));
    // The type says read-only; this test breaks that contract on purpose (as careless JavaScript
    // would), so it sees the results as the contract's mutable DecodeResult.
    const first = resultOf(fresh, withSerial('1HGCM82633A004352', '222222')) as DecodeResult;
    const before = JSON.stringify(first.vehicle);
    first.vehicle.model = 'changed';
    first.validation.evidence.length = 0;
    first.validation.warnings.push({ code: 'X', message: 'x' } as never);
    first.positions.serial = 'changed';
    const next = resultOf(fresh, withSerial('1HGCM82633A004352', '333333')) as DecodeResult;
    expect(JSON.stringify(next.vehicle)).toBe(before);
    expect(next.validation.evidence.length).toBeGreaterThan(0);
    expect(next.validation.warnings.some((w) => (w.code as string) === 'X')).toBe(false);
    expect(next.positions.serial).toBe('333333');
    // What a template's results share cannot be changed through any of them (strict mode throws);
    // what each holds of its own VIN can, without touching the others.
    const after = resultOf(fresh, withSerial('1HGCM82633A004352', '444444'));
    expect(after.vehicle).toBe(next.vehicle);
    for (const shared of [next.vehicle, next.validation.evidence, next.validation.warnings]) expect(Object.isFrozen(shared)).toBe(true);
    expect(() => { next.vehicle.model = 'changed'; }).toThrow(TypeError);
    expect(() => next.validation.evidence.push(next.validation.evidence[0]!)).toThrow(TypeError);
    next.positions.serial = 'mine';
    next.validation.suggestions.push('1HGCM82633A004352' as never);
    expect(after.positions.serial).toBe('444444');
    expect(after.validation.suggestions).toEqual([]);
  });
});
