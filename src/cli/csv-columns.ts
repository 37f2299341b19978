// The columns `vino decode --format csv` appends to each row of a fleet file.
import type { DecodeOutcome } from '../decode/outcome.js';

export const DECODED_COLUMNS = [
  'vino_format', 'vino_confidence', 'vino_origin_alignment', 'vino_wmi', 'vino_corporate_country', 'vino_manufacturer',
  'vino_make', 'vino_model', 'vino_plant_code', 'vino_plant_country', 'vino_plant_city', 'vino_plant_state', 'vino_model_year',
  'vino_vehicle_type', 'vino_check_digit', 'vino_error',
] as const;

export function decodedValues(outcome: DecodeOutcome): (string | number | null)[] {
  if (!outcome.ok) return [...Array(DECODED_COLUMNS.length - 1).fill(null), outcome.error.code];
  const { summary: s, corporateOrigin: o, assembly: a, vehicle: v, validation } = outcome.result;
  return [
    s.format, s.confidence, s.originAlignment, o.wmi, o.countryCode, o.manufacturer, v.make, v.model, a.plantCode,
    a.countryCode, a.city, a.state, v.modelYear, v.vehicleType, validation.checkDigit.status, null,
  ];
}
