/** The vino_* columns of `vino decode --format csv`: old ones keep their place, each vehicle attribute has one. */
import { describe, expect, it } from 'vitest';
import { DECODED_COLUMNS, decodedValues } from '../../src/cli/csv-columns.js';
import type { Suggestion } from '../../src/generated/contract.js';
import { hondaResult, sparseResult } from '../ui/fixtures.js';

const row = (values: (string | number | null)[]) => Object.fromEntries(DECODED_COLUMNS.map((column, i) => [column, values[i]]));

describe('decoded CSV columns', () => {
  it('keep the columns of earlier releases first, in their order', () => {
    expect(DECODED_COLUMNS.slice(0, 16)).toEqual([
      'vino_format', 'vino_confidence', 'vino_origin_alignment', 'vino_wmi', 'vino_corporate_country', 'vino_manufacturer',
      'vino_make', 'vino_model', 'vino_plant_code', 'vino_plant_country', 'vino_plant_city', 'vino_plant_state', 'vino_model_year',
      'vino_vehicle_type', 'vino_check_digit', 'vino_error',
    ]);
    expect(new Set(DECODED_COLUMNS).size).toBe(DECODED_COLUMNS.length);
  });

  it('carry every vehicle attribute of a result', () => {
    const values = decodedValues({ ok: true, result: hondaResult });
    expect(values).toHaveLength(DECODED_COLUMNS.length);
    expect(row(values)).toMatchObject({
      vino_make: 'Honda', vino_model: 'Accord', vino_series: null, vino_trim: 'EX-V6', vino_body_class: 'Coupe', vino_doors: 2,
      vino_drive_type: null, vino_fuel_type: 'Gasoline', vino_fuel_type_secondary: null, vino_electrification: null,
      vino_engine_model: 'J30A4', vino_engine_cylinders: 6, vino_displacement_l: 3, vino_engine_configuration: 'V-Shaped',
      vino_turbo: null, vino_gvwr: 'Class 1C: 4,001 - 5,000 lb (1,814 - 2,268 kg)', vino_error: null,
    });
  });

  it('leave unknown attributes empty', () => {
    const values = row(decodedValues({ ok: true, result: sparseResult }));
    for (const column of DECODED_COLUMNS.slice(16)) expect(values[column]).toBeNull();
  });

  it('name the likeliest corrected VIN of a mistyped one, refused or decoded', () => {
    const suggestions: Suggestion[] = [{ vin: '1HGCM82633A004352', changes: [{ position: 13, from: 'O', to: '0' }], reason: 'O at position 13 is probably 0 (VINs never use O).' }];
    const refused = row(decodedValues({ ok: false, error: { code: 'ILLEGAL_CHARACTERS', identifier: '1HGCM82633A0O4352', detail: 'O', positions: [13], suggestions } }));
    expect(refused).toMatchObject({ vino_error: 'ILLEGAL_CHARACTERS', vino_did_you_mean: '1HGCM82633A004352' });
    const decoded = row(decodedValues({ ok: true, result: { ...hondaResult, validation: { ...hondaResult.validation, suggestions } } }));
    expect(decoded.vino_did_you_mean).toBe('1HGCM82633A004352');
    expect(row(decodedValues({ ok: true, result: hondaResult })).vino_did_you_mean).toBeNull();
  });

  it('put a failure in vino_error and nothing else', () => {
    const values = row(decodedValues({ ok: false, error: { code: 'INVALID_LENGTH', identifier: '1HG', detail: 'too short' } }));
    expect(Object.entries(values).filter(([, value]) => value !== null)).toEqual([['vino_error', 'INVALID_LENGTH']]);
  });
});
