// Real VINs and what NHTSA's vPIC decides for them (its own answers, read from vPIC's decoder),
// through the built-in registry. Includes the VINs on which the corgi library departs from vPIC's
// precedence (its issue #22 and others) and a VIN for which vPIC decides no model at all.
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/decode/index.js';
import type { DecodeResult } from '../../src/generated/contract.js';

type Want = Partial<Pick<DecodeResult['vehicle'], 'make' | 'model' | 'series' | 'trim' | 'bodyClass' | 'fuelType' | 'doors' | 'gvwr'>>
  & { cylinders?: number | null; litres?: number | null; engineModel?: string | null };

const CASES: [vin: string, want: Want][] = [
  // corgi picks F-550: vPIC's precedence (newest schema link, then newest edit) gives F-150.
  ['1FTFW5L86RFB45612', { make: 'Ford', model: 'F-150', bodyClass: 'Pickup' }],
  // corgi says Dakota; vPIC's Ram schema decides Ram.
  ['1D7RB1CP8BS798034', { make: 'Dodge', model: 'Ram', bodyClass: 'Pickup' }],
  // The model comes from a key with bracketed classes over both halves of the VIN.
  ['1GCHK29U11E231511', { make: 'Chevrolet', model: 'Silverado', series: '2500 (3/4 Ton)', bodyClass: 'Pickup' }],
  // vPIC decides no model here; corgi says Aventador from a key with a VIS part.
  ['ZHWN4VNF6LL682932', { model: null, bodyClass: null }],
  ['1HGCM82633A004352', { make: 'Honda', model: 'Accord', trim: 'EX-V6', bodyClass: 'Coupe', doors: 2, cylinders: 6, engineModel: 'J30A4', gvwr: 'Class 1C: 4,001 - 5,000 lb (1,814 - 2,268 kg)' }],
  ['3VWFE21C04M000001', { make: 'Volkswagen', model: 'Beetle', trim: 'Turbo S', bodyClass: 'Hatchback/Liftback/Notchback', cylinders: 4, litres: 1.781, doors: 2 }],
  ['5YJ3E7EB5LF757595', { make: 'Tesla', model: 'Model 3', bodyClass: 'Sedan/Saloon', fuelType: 'Electric', doors: 4 }],
  ['KNDPUCDF9S7368156', { make: 'Kia', model: 'Sportage', trim: 'LX', litres: 2.5, engineModel: 'GDI THETA III', doors: 5 }],
  ['JTDACACU8T3062569', { make: 'Toyota', model: 'Prius Prime (PHEV)', series: '61 Series', bodyClass: 'Hatchback/Liftback/Notchback', cylinders: 4, engineModel: 'M20A-FXS' }],
  ['1FMCU14T5JU402756', { make: 'Ford', model: 'Bronco II', trim: 'XL', cylinders: 6, litres: 2.9, doors: 2 }],
  ['2D4RN6DX5AR939562', { make: 'Dodge', model: 'Grand Caravan', series: 'RT', trim: 'SXT Crew', bodyClass: 'Minivan', cylinders: 6, litres: 4 }],
  ['1J4BA3H11AL173573', { make: 'Jeep', model: 'Wrangler', series: 'JK', trim: 'Unlimited X', cylinders: 6, litres: 3.8 }],
  ['JTDBT923291344240', { make: 'Toyota', model: 'Yaris', series: 'NCP91L / NCP93L', bodyClass: 'Sedan/Saloon', engineModel: '1NZ-FE', doors: 4 }],
  ['W06VR52R6WR227722', { make: 'Cadillac', model: 'Catera', bodyClass: 'Sedan/Saloon', cylinders: 6, litres: 3 }],
  ['1HD1GP4558K319097', { make: 'Harley-Davidson', model: 'Dyna Wide Glide', series: 'FXDWG,105th Anniversary', bodyClass: 'Motorcycle - Custom', cylinders: 2, litres: 1.584, engineModel: 'Twin CAM 96 V-2' }],
];

describe('vehicle attributes as vPIC decides them', () => {
  it.each(CASES)('%s', (vin, want) => {
    const outcome = decode(vin);
    if (!outcome.ok) throw new Error(outcome.error.code);
    const { vehicle, validation } = outcome.result;
    const { cylinders, litres, engineModel, ...fields } = want;
    expect(vehicle).toMatchObject(fields);
    if (cylinders !== undefined) expect(vehicle.engine.cylinders).toBe(cylinders);
    if (litres !== undefined) expect(vehicle.engine.displacementL).toBeCloseTo(litres!, 3);
    if (engineModel !== undefined) expect(vehicle.engine.model).toBe(engineModel);
    // Each decided attribute group names the vPIC schema and key behind it.
    const groups = validation.evidence.filter((e) => e.layer === 'vehicle');
    if (want.model) expect(groups.some((e) => /^model: schema \d+ \(.+\) key \S+$/.test(e.key))).toBe(true);
    else expect(groups.every((e) => !e.key.startsWith('model:'))).toBe(true);
  });
});
