// A Japanese domestic chassis (frame) number, MODELCODE-SERIAL. Japan's frame numbers carry no
// WMI or check digit: the model code names the maker and model, and the registry adds production
// years and, where a public source states it, the plant.
import type { DecodeResult, Evidence, Warning } from '../generated/contract.js';
import { alignment, confidenceLevel, verdictOf } from './verdict.js';
import type { Tables } from './tables.js';

export function decodeJdm(tables: Tables, text: string, modelCode: string, serial: string): DecodeResult {
  const entry = tables.jdm.get(modelCode) ?? null;
  const evidence: Evidence[] = [];
  const warnings: Warning[] = [];
  const japan = tables.countryName.get('JP') ?? 'Japan';
  const plantKnown = entry !== null && (entry.plant !== null || entry.city !== null);
  if (entry) evidence.push({ layer: 'vehicle', table: 'jdm-chassis', key: modelCode, source: entry.source });
  else warnings.push({ code: 'MODEL_CODE_UNKNOWN', message: `The model code ${modelCode} is not in the JDM chassis registry; only the format says it is a Japanese frame number.` });
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
    identifier: text,
    summary: { format: 'JDM_CHASSIS', confidence, originAlignment: aligned, verdict: verdictOf(aligned) },
    corporateOrigin: { wmi: null, country: japan, countryCode: 'JP', region: 'Asia', manufacturer: entry?.manufacturer ?? null, productionVolume: null },
    assembly: plantKnown
      ? { plantCode: null, country: japan, countryCode: 'JP', city, state, cityState: city && state ? `${city}, ${state}` : (city ?? state), details: entry!.plant, source: 'Curated Registry' }
      : { plantCode: null, country: null, countryCode: null, city: null, state: null, cityState: null, details: null, source: null },
    vehicle: {
      manufacturer: entry?.manufacturer ?? null,
      make: entry?.make ?? null,
      model: entry?.model ?? null,
      modelYear: null,
      modelYearCandidates: [],
      vehicleType: null,
      series: null,
      productionYears: entry ? `${entry.yearFrom}-${entry.yearTo === 0 ? '' : entry.yearTo}` : null,
    },
    validation: {
      checkDigit: { status: 'NOT_APPLICABLE', calculated: null, actual: null, required: false },
      confidenceLevel: confidenceLevel(confidence),
      evidence,
      warnings,
    },
    positions: { wmi: null, vds: null, checkDigit: null, modelYear: null, plantCode: null, serial, modelCode },
  };
}
