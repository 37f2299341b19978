// The held-out sets (eval/held-out/world-*.csv): identifiers gathered by people who read neither
// the registry nor vino's answers, held to their facts like the curators' dev sets. Curators do not
// read that folder or run this test, so what it measures stays a measure of VINs nobody curated
// against; its misses are in eval/held-out/known-misses.csv.
import { describe, expect, it } from 'vitest';
import { DEV_SETS, HELD_OUT_SETS, readWorldCases, repeatsAcrossFiles } from '../fixtures/world-cases.js';
import { PROJECT_ROOT } from '../fixtures/registry-root.js';
import { describeWorldSets } from '../fixtures/world-suite.js';

const heldOut = describeWorldSets(HELD_OUT_SETS);

describe('the held-out sets', () => {
  it('share no identifier with each other or with a curator\'s dev set', () => {
    expect(repeatsAcrossFiles([...heldOut, ...readWorldCases(PROJECT_ROOT, DEV_SETS)])).toEqual([]);
  });
});
