// The columns `vino decode --format csv` appends to each row of a fleet file. Columns are only ever
// added at the end, so a spreadsheet or script that reads them by position keeps working.
import type { DecodeOutcome } from '../decode/outcome.js';

export const DECODED_COLUMNS = [
  'vino_format', 'vino_confidence', 'vino_origin_alignment', 'vino_wmi', 'vino_corporate_country', 'vino_manufacturer',
  'vino_make', 'vino_model', 'vino_plant_code', 'vino_plant_country', 'vino_plant_city', 'vino_plant_state', 'vino_model_year',
  'vino_vehicle_type', 'vino_check_digit', 'vino_error',
  'vino_series', 'vino_trim', 'vino_body_class', 'vino_doors', 'vino_drive_type', 'vino_fuel_type', 'vino_fuel_type_secondary',
  'vino_electrification', 'vino_engine_model', 'vino_engine_cylinders', 'vino_displacement_l', 'vino_engine_configuration',
  'vino_turbo', 'vino_gvwr',
  // The likeliest corrected VIN for a mistyped one (I, O or Q, or a mandatory check digit that fails).
  'vino_did_you_mean',
] as const;

const ERROR_COLUMN = DECODED_COLUMNS.indexOf('vino_error');
const DID_YOU_MEAN_COLUMN = DECODED_COLUMNS.indexOf('vino_did_you_mean');

export function decodedValues(outcome: DecodeOutcome): (string | number | null)[] {
  if (!outcome.ok) {
    const values: (string | number | null)[] = Array(DECODED_COLUMNS.length).fill(null);
    values[ERROR_COLUMN] = outcome.error.code;
    values[DID_YOU_MEAN_COLUMN] = outcome.error.suggestions?.[0]?.vin ?? null;
    return values;
  }
  const { summary: s, corporateOrigin: o, assembly: a, vehicle: v, validation } = outcome.result;
  const e = v.engine;
  return [
    s.format, s.confidence, s.originAlignment, o.wmi, o.countryCode, o.manufacturer, v.make, v.model, a.plantCode,
    a.countryCode, a.city, a.state, v.modelYear, v.vehicleType, validation.checkDigit.status, null,
    v.series, v.trim, v.bodyClass, v.doors, v.driveType, v.fuelType, v.fuelTypeSecondary,
    v.electrification, e.model, e.cylinders, e.displacementL, e.configuration,
    e.turbo, v.gvwr,
    validation.suggestions[0]?.vin ?? null,
  ];
}
