// The decoder bound to the registry compiled into src/generated/ (the one place that binds it).
import { BUILD_YEAR, COUNTRY_CODES, ISO_3780 } from '../generated/countries.js';
import { JDM_CHASSIS } from '../generated/jdm-chassis.js';
import { MODEL_YEARS } from '../generated/model-years.js';
import { PLANTS } from '../generated/plants.js';
import { WMI } from '../generated/wmi.js';
import { createDecoder, type Decoder } from './decode.js';
import { indexTables, type Tables } from './tables.js';
import { vehicleDataFromFiles } from './vehicle-file.js';

export type { DecodeOutcome, DecodedResult, DecodeError, DecodeErrorCode } from './outcome.js';
export type { Decoder } from './decode.js';

let tables: Tables | null = null;
let bound: Decoder | null = null;

/** The registry's indexes, built on first use. */
export function registryTables(): Tables {
  tables ??= indexTables({ buildYear: BUILD_YEAR, countryCodes: COUNTRY_CODES, iso3780: ISO_3780, wmi: WMI, plants: PLANTS, modelYears: MODEL_YEARS, jdm: JDM_CHASSIS,
    vehicle: vehicleDataFromFiles(new URL('../generated/vehicle/', import.meta.url)),
  });
  return tables;
}

/**
 * Decodes a VIN or Japanese chassis number against the built-in registry. Never throws.
 * A result is read-only. Its `summary`, `corporateOrigin`, `assembly`, `validation.checkDigit`,
 * `vehicle.modelYearCandidates`, `vehicle.engine` and every evidence and warning item are frozen
 * objects shared with other results of the same WMI, plant or model year; a VIN whose model the
 * decoder has seen before also shares that model's frozen `vehicle` and evidence and warning
 * lists (decode-vin.ts, ResultTemplates), and a mistyped text seen before shares its frozen
 * `suggestions` (shared-parts.ts, Corrections). Read them, copy them, never modify them (in
 * strict-mode code an attempt throws). Only the result object, `validation` and `positions` are
 * always made per call.
 */
export function decode(input: string): import('./outcome.js').DecodeOutcome {
  bound ??= createDecoder(registryTables());
  return bound(input);
}
