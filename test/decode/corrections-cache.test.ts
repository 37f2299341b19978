// A decoder keeps the corrections it suggested for a mistyped text from the text's second sighting
// (shared-parts.ts, Corrections). What a decoder answers for a text it has seen many times must
// equal what a decoder that never saw it answers; the kept lists are frozen; texts that share a
// slot of the direct-mapped table each keep their own answer.
import { describe, expect, it } from 'vitest';
import { createDecoder } from '../../src/decode/decode.js';
import { registryTables } from '../../src/decode/index.js';
import { Corrections } from '../../src/decode/shared-parts.js';
import { suggestCorrections } from '../../src/decode/suggestions.js';
import { hashText } from '../../src/decode/sightings.js';

// Mistyped VINs: an O for a 0 (refused, with suggestions), a check digit that fails where it is
// required (decoded, with suggestions), and a look-alike at position 5.
const MISTYPED = ['1HGCM82633A0O4352', '1HGCM82633A004353', '1HGCN82633A004352'];

describe('corrections of mistyped texts kept by the decoder', () => {
  it('a text decoded many times answers as a decoder that never saw it answers', () => {
    const warm = createDecoder(registryTables());
    for (const text of MISTYPED) {
      const first = JSON.stringify(createDecoder(registryTables())(text));
      for (let i = 0; i < 5; i++) expect(JSON.stringify(warm(text))).toBe(first);
    }
  });

  it('suggestions are computed for these texts (the test is not vacuous)', () => {
    for (const text of MISTYPED) expect(suggestCorrections(registryTables(), text).length).toBeGreaterThan(0);
  });

  it('keeps a list from the second sighting on, frozen, and returns that same list after', () => {
    const corrections = new Corrections(registryTables());
    const text = MISTYPED[0]!;
    const first = corrections.of(text);
    expect(Object.isFrozen(first)).toBe(false); // a one-off is not kept
    const second = corrections.of(text);
    expect(Object.isFrozen(second)).toBe(true);
    expect(Object.isFrozen(second[0]!.changes[0])).toBe(true);
    expect(corrections.of(text)).toBe(second);
    expect(second).toEqual(first);
  });

  it('two texts that share a slot each get their own corrections', () => {
    const slots = Corrections.CORRECTIONS_KEPT;
    const slotOf = (t: string): number => hashText(t) & (slots - 1);
    // Two VIN-like texts (most with a check digit that fails) whose hashes land in one slot.
    const bySlot = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (const a of 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789') {
      for (const b of 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789') {
        const t = `1HGC${a}${b}2633A00435`.slice(0, 16) + '2';
        const other = bySlot.get(slotOf(t));
        if (other !== undefined && other !== t) { pair = [other, t]; break; }
        bySlot.set(slotOf(t), t);
      }
      if (pair) break;
    }
    expect(pair).not.toBeNull();
    const [one, two] = pair!;
    const corrections = new Corrections(registryTables());
    for (let i = 0; i < 3; i++) {
      expect(corrections.of(one)).toEqual(suggestCorrections(registryTables(), one));
      expect(corrections.of(two)).toEqual(suggestCorrections(registryTables(), two));
    }
  });
});
