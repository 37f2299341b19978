// The costs that rank suggested corrections (src/decode/confusables.ts): the look-alikes the issue
// names are the cheapest, neighbouring keys come after every look-alike, anything else last, and
// a cost does not depend on which of the two characters was given.
import { describe, expect, it } from 'vitest';
import { COST, mistakeKind, substitutionCost } from '../../src/decode/confusables.js';

const cost = (given: string, meant: string): number => substitutionCost(given.charCodeAt(0), meant.charCodeAt(0));

describe('substitutionCost', () => {
  it.each([
    ['O', '0', COST.lookAlike], ['I', '1', COST.lookAlike], ['Q', '0', COST.lookAlike], ['S', '5', COST.lookAlike],
    ['B', '8', COST.lookAlike], ['Z', '2', COST.lookAlike], ['G', '6', COST.lookAlike],
    ['D', '0', COST.nearlyAlike], ['U', 'V', COST.nearlyAlike],
    ['A', '4', COST.sometimesAlike], ['M', 'N', COST.sometimesAlike],
    ['4', '5', COST.neighbouringKeys], ['K', 'J', COST.neighbouringKeys], ['A', 'Z', COST.neighbouringKeys],
    ['A', '9', COST.other], ['X', 'P', COST.other],
    ['7', '7', 0],
  ])('%s given for %s costs %i', (given, meant, want) => {
    expect(cost(given, meant)).toBe(want);
    expect(cost(meant, given)).toBe(want);
  });

  it('is symmetric over every pair of VIN characters and I, O, Q', () => {
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    for (const a of chars) for (const b of chars) expect(cost(a, b), `${a}/${b}`).toBe(cost(b, a));
  });

  it('orders the kinds of mistake: look-alikes, neighbouring keys, anything else', () => {
    expect(COST.lookAlike).toBeLessThan(COST.nearlyAlike);
    expect(COST.sometimesAlike).toBeLessThan(COST.neighbouringKeys);
    expect(COST.neighbouringKeys).toBeLessThan(COST.other);
    expect([COST.lookAlike, COST.sometimesAlike, COST.neighbouringKeys, COST.other].map(mistakeKind)).toEqual(['lookAlike', 'lookAlike', 'neighbouringKeys', 'other']);
  });
});
