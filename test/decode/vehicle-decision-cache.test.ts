// The vehicle layer keeps decisions keyed by the characters a plan reads, and skips the lookup on a
// key's first sighting. A key that left out a position some pattern reads would hand one VIN
// another's decision. Seeded fast-check: VINs made from real ones by changing the positions the
// patterns read (4-8 and the serial) decode the same through a decoder that has seen many of their
// neighbours (and cached their decisions) as through a new decoder each.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateCheckDigit } from '../../src/decode/check-digit.js';
import { createDecoder } from '../../src/decode/decode.js';
import { registryTables } from '../../src/decode/index.js';
import type { DecodedResult } from '../../src/decode/outcome.js';

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/** Real VINs of makers whose schemas read many positions (vehicle-golden.test.ts names what vPIC decides for each). */
const BASES = ['1FTFW5L86RFB45612', '1HGCM82633A004352', '5YJ3E7EB5LF757595', 'KNDPUCDF9S7368156', '1HD1GP4558K319097', '2D4RN6DX5AR939562'];
/** The positions changed (VIN indexes): the VDS and the serial; the WMI, year and plant stay, so the plan stays. */
const CHANGED = [3, 4, 5, 6, 7, 11, 12, 13, 14, 15, 16];

function vehicleOf(decode: (vin: string) => ReturnType<ReturnType<typeof createDecoder>>, vin: string): DecodedResult['vehicle'] {
  const outcome = decode(vin);
  if (!outcome.ok) throw new Error(`${vin}: ${outcome.error.code}`);
  return outcome.result.vehicle;
}

/** A neighbour of a base VIN: some changed positions drawn from a few characters each (so neighbours share many), check digit made right. */
const neighbour = fc.record({
  base: fc.constantFrom(...BASES),
  changes: fc.array(fc.tuple(fc.constantFrom(...CHANGED), fc.constantFrom(...'A1K5ZE0RT')), { minLength: 1, maxLength: 4 }),
}).map(({ base, changes }) => {
  const chars = [...base];
  for (const [index, c] of changes) chars[index] = VIN_CHARS.includes(c) ? c : 'A';
  const draft = chars.join('');
  return draft.slice(0, 8) + calculateCheckDigit(draft) + draft.slice(9);
});

describe('cached vehicle decisions', () => {
  it('give every VIN what a decoder that has cached nothing gives it', () => {
    const tables = registryTables();
    const seasoned = createDecoder(tables);
    fc.assert(fc.property(fc.array(neighbour, { minLength: 20, maxLength: 40 }), (vins) => {
      // Three times over: decisions are kept from a key's second sighting and read from its third.
      for (const vin of [...vins, ...vins, ...vins]) vehicleOf(seasoned, vin);
      for (const vin of vins) expect(vehicleOf(seasoned, vin)).toEqual(vehicleOf(createDecoder(tables), vin));
    }), { seed: 20261129, numRuns: 25 });
  });
});
