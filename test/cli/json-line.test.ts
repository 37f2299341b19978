// `vino decode --json` writes results with writeResult, which copies in the kept bytes of the
// parts the decoder shares. It must give exactly JSON.stringify's bytes, for every kind of result.
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identifierMix } from '../../bench/identifiers.js';
import { writeResult } from '../../src/cli/json-line.js';
import { LineWriter } from '../../src/cli/output.js';
import { calculateCheckDigit } from '../../src/decode/check-digit.js';
import { decode } from '../../src/decode/index.js';
import { WMI } from '../../src/generated/wmi.js';
import type { DecodeResult } from '../../src/generated/contract.js';
import { PROJECT_ROOT } from '../fixtures/registry-root.js';
import { readWorldCases } from '../fixtures/world-cases.js';

/** The curators' dev sets in this repository (eval/world-*.csv): real identifiers from every region. */
const devSetIds = readWorldCases(PROJECT_ROOT).flatMap((f) => f.cases.map((c) => c.values.input));

// Typed as the contract's mutable DecodeResult: some tests below replace parts of a result, as a
// caller that breaks the read-only contract would, to show the writer still matches JSON.stringify.
const results = (ids: readonly string[]): DecodeResult[] =>
  ids.flatMap((id) => { const o = decode(id); return o.ok ? [o.result as DecodeResult] : []; });

/**
 * The lines writeResult gives for the results, through a LineWriter as `vino decode --json` uses
 * it, with chunks small enough (1,000 bytes; a line is about 2,000) that lines and the kept parts
 * within them are cut at chunk ends.
 */
function jsonLines(all: readonly DecodeResult[]): string[] {
  const chunks: Buffer[] = [];
  const sink = new Writable({ write(chunk: Buffer, _encoding, done) { chunks.push(chunk); done(); } });
  const out = new LineWriter(sink, 1_000);
  for (const r of all) {
    writeResult(out, r);
    out.endLine();
  }
  void out.flush();
  const lines = Buffer.concat(chunks).toString('utf8').split('\n');
  expect(lines.pop()).toBe('');
  return lines;
}

/** Holds each result's line to JSON.stringify of the result. */
function expectStringify(all: readonly DecodeResult[]): void {
  const lines = jsonLines(all);
  expect(lines).toHaveLength(all.length);
  all.forEach((r, i) => expect(lines[i]).toBe(JSON.stringify(r)));
}

const resultJson = (r: DecodeResult): string => jsonLines([r])[0]!;

describe('writeResult', () => {
  it('equals JSON.stringify over the benchmark fleet and the long tail (VINs, low-volume WMIs, JDM)', () => {
    const all = results([...identifierMix(10_000, 3, 'fleet'), ...identifierMix(10_000, 4, 'long-tail')]);
    expect(all.length).toBeGreaterThan(17_000);
    expect(new Set(all.map((r) => r.summary.format))).toEqual(new Set(['ISO_17_STANDARD', 'ISO_17_PARTIAL', 'JDM_CHASSIS']));
    // Twice: the second pass reads the kept bytes of shared parts.
    for (let pass = 0; pass < 2; pass++) expectStringify(all);
  }, 120_000); // the first decode of each WMI compiles its vehicle schemas: slow on a loaded machine

  it('equals JSON.stringify on golden and arbitrary identifiers, low-volume and unknown WMIs and model codes included', () => {
    // Low-volume makers: WMI positions 1-3 (third character 9) + 12-14.
    const lowVolume = WMI.rows.filter((r) => r[0].length === 6).slice(0, 300).map((r) => {
      const draft = `${r[0].slice(0, 3)}AB12C0H1${r[0].slice(3)}123`;
      return draft.slice(0, 8) + calculateCheckDigit(draft) + draft.slice(9);
    });
    expect(results(lowVolume).filter((r) => r.summary.format === 'ISO_17_LOW_VOLUME')).toHaveLength(300);
    const ids = [...lowVolume, '1HGCM82633A004352', 'WAUZZZF49HA036141', 'JZA80-1004956', 'ZZZ99-123456', 'Q1234567890123456'.replace('Q', '9'), ...devSetIds];
    expect(devSetIds.length).toBeGreaterThan(20);
    expectStringify(results(ids));
    const vinChar = fc.constantFrom(...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789');
    fc.assert(fc.property(fc.array(vinChar, { minLength: 17, maxLength: 17 }), (chars) => {
      expectStringify(results([chars.join('')]));
    }), { seed: 21, numRuns: 3000 });
  });

  it('never reuses the JSON of a part that can still change', () => {
    const first = results(['1HGCM82633A004352'])[0]!;
    const before = resultJson(first);
    // A result made from a template shares the template's frozen vehicle and lists (decode-vin.ts):
    // a caller who wants to change them puts copies in their place.
    first.vehicle = { ...first.vehicle };
    first.validation.warnings = [...first.validation.warnings];
    first.vehicle.make = 'Changed "quoted" \u2028 make';
    first.validation.warnings.push({ code: 'X', message: 'added' });
    const after = resultJson(first);
    expect(after).not.toBe(before);
    expect(after).toBe(JSON.stringify(first));
    // A member the decoder did not make, one JSON leaves out, and an engine that can change are
    // written as JSON.stringify writes them.
    Object.assign(first.vehicle, { engine: { ...first.vehicle.engine, model: 'Changed' }, extra: [1, 'two'], skipped: undefined });
    expect(resultJson(first)).toBe(JSON.stringify(first));
    first.vehicle.engine.model = 'Changed again';
    expect(resultJson(first)).toBe(JSON.stringify(first));
    // Members in another order, a member removed, a toJSON of its own, positions that are not VIN
    // characters: each as JSON.stringify writes it.
    const second = results(['WA1EAAFYXN2065837'])[0]!;
    const { make, ...rest } = second.vehicle;
    Object.assign(second, { vehicle: { ...rest, make } });
    expect(resultJson(second)).toBe(JSON.stringify(second));
    delete (second.vehicle as Partial<DecodeResult['vehicle']>).gvwr;
    expect(resultJson(second)).toBe(JSON.stringify(second));
    Object.defineProperty(second.positions, 'toJSON', { value: () => 'positions by toJSON', enumerable: false });
    expect(resultJson(second)).toContain('"positions":"positions by toJSON"');
    second.positions = { ...second.positions, serial: 'é"\\\n', vds: '' };
    expect(resultJson(second)).toBe(JSON.stringify(second));
    // A warning made for one result (not frozen) is written afresh after it changes.
    const unknownPlant = results(identifierMix(2_000, 5, 'fleet')).find((r) => r.validation.warnings.some((w) => !Object.isFrozen(w)))!;
    resultJson(unknownPlant);
    const own = unknownPlant.validation.warnings.find((w) => !Object.isFrozen(w))!;
    own.message = 'changed after it was written';
    expect(resultJson(unknownPlant)).toContain('changed after it was written');
    // Warnings and engines are written from their values: text that needs escapes, numbers JSON
    // writes its own way, and members in another order come out as JSON.stringify writes them.
    own.message = 'a "quoted" \\ message\u2028 with \u0007 and é';
    unknownPlant.vehicle.engine = { cylinders: -0, displacementL: NaN, model: '\ud800', configuration: 'V"8', turbo: '\n' };
    expect(resultJson(unknownPlant)).toBe(JSON.stringify(unknownPlant));
    unknownPlant.vehicle.engine = { turbo: 'Yes', cylinders: Infinity, displacementL: 1.6e-7, model: null, configuration: null };
    expect(resultJson(unknownPlant)).toBe(JSON.stringify(unknownPlant));
    // Members an object inherits are no members of its JSON.
    unknownPlant.vehicle.engine = Object.create({ cylinders: 4, displacementL: 2, model: 'inherited', configuration: null, turbo: null }) as DecodeResult['vehicle']['engine'];
    unknownPlant.positions = Object.assign(Object.create({ wmi: 'XXX' }) as DecodeResult['positions'], { vds: 'ABCDE' });
    expect(resultJson(unknownPlant)).toBe(JSON.stringify(unknownPlant));
  });
});
