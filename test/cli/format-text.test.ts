/** `vino decode`'s human text: the vehicle attributes in a few lines, `-` for unknowns, no line when a group is all unknown. */
import { describe, expect, it } from 'vitest';
import { formatResult } from '../../src/cli/format-text.js';
import { engineParts, fuelParts, litresText } from '../../src/vehicle-text.js';
import { hondaResult, sparseResult } from '../ui/fixtures.js';

const linesOf = (text: string) => text.split('\n').slice(1, -1).map((line) => line.trim());

describe('formatResult', () => {
  it('shows model, series/trim, body, engine, fuel, drive and GVWR, with - where a value is unknown', () => {
    expect(linesOf(formatResult(hondaResult))).toEqual([
      'Corporate origin United States · American Honda Motor Co., Inc. (WMI 1HG, North America)',
      'Assembly         Marysville, Ohio, United States · Marysville Auto Plant (plant A, Government Registry)',
      'Vehicle          Honda · Accord · 2003 · Passenger Car',
      'Series / trim    - · EX-V6',
      'Body             Coupe · 2 doors · drive -',
      'Engine           6 cyl · 3.0 L · J30A4 · V-Shaped · turbo -',
      'Fuel             Gasoline · secondary - · electrification -',
      'GVWR             Class 1C: 4,001 - 5,000 lb (1,814 - 2,268 kg)',
    ]);
  });

  it('leaves out every vehicle line whose values are all unknown', () => {
    const text = formatResult(sparseResult);
    expect(text).toContain('Vehicle          Toyota · Supra · 1993-2002 · -');
    for (const label of ['Series / trim', 'Body', 'Engine', 'Fuel', 'GVWR']) expect(text).not.toContain(`  ${label} `);
  });

  it('keeps a line when one value of its group is known', () => {
    const hybrid = { ...sparseResult.vehicle, driveType: 'AWD/All-Wheel Drive', electrification: 'Strong HEV (Hybrid Electric Vehicle)', engine: { ...sparseResult.vehicle.engine, turbo: 'Yes' } };
    const text = formatResult({ ...sparseResult, vehicle: hybrid });
    expect(text).toContain('Body             - · - doors · drive AWD/All-Wheel Drive');
    expect(text).toContain('Fuel             - · secondary - · electrification Strong HEV (Hybrid Electric Vehicle)');
    expect(text).toContain('Engine           - cyl · - L · - · - · turbo Yes');
  });
});

describe('vehicle wording', () => {
  it.each([
    [3, '3.0'], [2.4, '2.4'], [1.598, '1.598'], [350 * 0.016387064, '5.735'], [null, '-'],
  ] as const)('litres %s read as %s', (given, want) => {
    expect(litresText(given)).toBe(want);
  });

  it('is null for an engine or fuel nobody decided, so the page shows a single -', () => {
    expect(engineParts(sparseResult.vehicle.engine)).toBeNull();
    expect(fuelParts(sparseResult.vehicle)).toBeNull();
  });
});
