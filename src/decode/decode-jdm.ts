// A Japanese domestic chassis (frame) number, MODELCODE-SERIAL. Japan's frame numbers carry no
// WMI or check digit: the model code names the maker and model, and the registry adds production
// years and, where a public source states it, the plant. Honda and Subaru use some of the same
// model codes (GK3, RA1, GD2); Honda's serials have 7 digits and Subaru's 6 (their recall notices
// list frame numbers such as GK3-1000019 and GK3-002001), so a row may hold for one serial length
// only. Everything but the serial depends on the registry row alone, so for registry rows it is
// made once, frozen and shared.
import type { DecodeResult, Evidence, Warning } from '../generated/contract.js';
import { alignment, confidenceLevel, verdictOf } from './verdict.js';
import { NO_ATTRIBUTES, vehicleOf } from './vehicle-attributes.js';
import { jdmKey, type JdmEntry, type Tables } from './tables.js';
import type { DecodedResult } from './outcome.js';

/** What every result of one registry row shares: read-only, as results are (outcome.ts). */
type Shared = Omit<DecodedResult, 'identifier' | 'validation' | 'positions'> & {
  readonly evidence: readonly Readonly<Evidence>[];
  readonly warnings: readonly Readonly<Warning>[];
  readonly confidenceLevel: DecodeResult['validation']['confidenceLevel'];
};

const NO_CANDIDATES: readonly number[] = Object.freeze([]);

const NOT_APPLICABLE: Readonly<DecodeResult['validation']['checkDigit']> = Object.freeze({ status: 'NOT_APPLICABLE', calculated: null, actual: null, required: false });

function unknownMessage(tables: Tables, modelCode: string, serial: string): string {
  if (!tables.jdmBySerialLength.has(modelCode)) return `The model code ${modelCode} is not in the JDM chassis registry; only the format says it is a Japanese frame number.`;
  return `Two makers use the model code ${modelCode}, told apart by the serial's length; the JDM chassis registry has no row for a ${serial.length}-digit serial, so it names neither.`;
}

function sharedParts(tables: Tables, modelCode: string, serial: string, entry: JdmEntry | null): Shared {
  const evidence: Evidence[] = [];
  const warnings: Warning[] = [];
  const japan = tables.countryName.get('JP') ?? 'Japan';
  const plantKnown = entry !== null && (entry.plant !== null || entry.city !== null);
  if (entry) evidence.push(Object.freeze({ layer: 'vehicle', table: 'jdm-chassis', key: jdmKey(modelCode, entry.serialDigits), source: entry.source }));
  else warnings.push({ code: 'MODEL_CODE_UNKNOWN', message: unknownMessage(tables, modelCode, serial) });
  // Rows a steward marked unverified are shown, but never with more than low confidence.
  const unverified = entry !== null && entry.source.startsWith('unverified');
  if (unverified) warnings.push({ code: 'REGISTRY_ROW_UNVERIFIED', message: `The registry row for ${modelCode} has not been checked against a public source yet.` });
  if (entry && !plantKnown) warnings.push({ code: 'PLANT_UNKNOWN', message: `No public source in the registry names the plant for ${modelCode}.` });
  const plantCountry = plantKnown ? 'JP' : null;
  const aligned = alignment('JP', plantCountry);
  const confidence = unverified || !entry ? 'LOW_INFERRED' : plantKnown ? 'HIGH_DETERMINISTIC' : 'MEDIUM_PARTIAL';
  const city = entry?.city ?? null;
  const state = entry?.prefecture ?? null;
  return {
    summary: Object.freeze({ format: 'JDM_CHASSIS', confidence, originAlignment: aligned, verdict: verdictOf(aligned) }),
    corporateOrigin: Object.freeze({ wmi: null, country: japan, countryCode: 'JP', region: 'Asia', manufacturer: entry?.manufacturer ?? null, productionVolume: null }),
    assembly: Object.freeze(plantKnown
      ? { plantCode: null, country: japan, countryCode: 'JP', city, state, cityState: city && state ? `${city}, ${state}` : (city ?? state), details: entry!.plant, source: 'Curated Registry' }
      : { plantCode: null, country: null, countryCode: null, city: null, state: null, cityState: null, details: null, source: null }),
    vehicle: Object.freeze(vehicleOf({
      manufacturer: entry?.manufacturer ?? null,
      make: entry?.make ?? null,
      modelYear: null,
      modelYearCandidates: NO_CANDIDATES,
      vehicleType: null,
      productionYears: entry ? `${entry.yearFrom}-${entry.yearTo === 0 ? '' : entry.yearTo}` : null,
    }, { ...NO_ATTRIBUTES, model: entry?.model ?? null })),
    evidence: Object.freeze(evidence),
    // Not frozen (each result gets a copy, and V8 copies frozen arrays on a slow path); its items are.
    warnings: warnings.map((w) => Object.freeze(w)),
    confidenceLevel: confidenceLevel(confidence),
  };
}

export type JdmDecoder = (text: string, modelCode: string, serial: string) => DecodedResult;

/** The registry row for a frame number: one for its serial length first, then one for any serial. */
function lookUp(tables: Tables, modelCode: string, serial: string): JdmEntry | null {
  if (tables.jdmBySerialLength.has(modelCode)) {
    const bySerial = tables.jdm.get(jdmKey(modelCode, serial.length));
    if (bySerial) return bySerial;
  }
  return tables.jdm.get(modelCode) ?? null;
}

export function createJdmDecoder(tables: Tables): JdmDecoder {
  // One entry per registry row at most: unknown codes are not kept (input cannot grow it).
  const known = new Map<JdmEntry, Shared>();
  return (text, modelCode, serial) => {
    const entry = lookUp(tables, modelCode, serial);
    let shared = entry ? known.get(entry) : undefined;
    if (!shared) {
      shared = sharedParts(tables, modelCode, serial, entry);
      if (entry) known.set(entry, shared);
    }
    return {
      identifier: text,
      summary: shared.summary,
      corporateOrigin: shared.corporateOrigin,
      assembly: shared.assembly,
      vehicle: shared.vehicle,
      validation: {
        checkDigit: NOT_APPLICABLE,
        confidenceLevel: shared.confidenceLevel,
        evidence: shared.evidence,
        warnings: shared.warnings.length === 0 ? [] : shared.warnings.slice(),
        // Corrections are for VINs: a chassis number has no check digit to test them against.
        suggestions: [],
      },
      positions: { wmi: null, vds: null, checkDigit: null, modelYear: null, plantCode: null, serial, modelCode },
    };
  };
}
