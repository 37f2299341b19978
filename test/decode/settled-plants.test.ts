// SettledPlants (plant.ts) is a shortcut the decoder takes before resolvePlant: wherever it has an
// answer, it must be resolvePlant's own, for any VIN of that plant code and year. Checked over
// every plant row of the registry's WMIs (a sample of them, for speed), each code and model year,
// with VINs whose other positions vary.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registryTables } from '../../src/decode/index.js';
import { resolvePlant, SettledPlants } from '../../src/decode/plant.js';
import { PLANTS } from '../../src/generated/plants.js';
import { FIRST_MODEL_YEAR, LAST_MODEL_YEAR } from '../../src/decode/tables.js';

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const PLANT_CODES = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';

describe('SettledPlants', () => {
  const tables = registryTables();
  // Every 7th WMI with plant rows: thousands of codes and years, patterned rows and '*' rows among them.
  const wmis = Object.keys(PLANTS.groups).filter((w, i) => w.length === 3 && i % 7 === 0);

  it('answers only where resolvePlant gives the same match for every VIN', () => {
    let answered = 0;
    fc.assert(fc.property(fc.constantFrom(...wmis), fc.constantFrom(...PLANT_CODES), fc.integer({ min: FIRST_MODEL_YEAR - 2, max: LAST_MODEL_YEAR + 2 }),
      fc.array(fc.constantFrom(...VIN_CHARS), { minLength: 17, maxLength: 17 }), (wmi, code, year, chars) => {
        const plants = tables.plants.get(wmi)!;
        const vin = wmi + chars.slice(3, 10).join('') + code + chars.slice(11).join('');
        const settled = SettledPlants.of(plants).at(vin, year);
        if (settled === undefined) return;
        answered++;
        expect(settled).toEqual(resolvePlant(plants, vin, [year], [year]));
      }), { numRuns: 3000 });
    expect(answered).toBeGreaterThan(100);
  });

  it('has no answer for a WMI without plant rows', () => {
    expect(SettledPlants.NONE.at('1HGCM82633A004352', 2003)).toBeUndefined();
  });
});
