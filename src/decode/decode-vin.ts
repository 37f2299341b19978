// A 17-character VIN: corporate origin, plant, model year, check digit, and what they add up to.
// Evidence and warning objects depend on a handful of keys, so they are made once and shared
// (frozen); a decode allocates little beyond the result itself.
import type { DecodeResult, Evidence, Warning } from '../generated/contract.js';
import { calculateCheckDigit } from './check-digit.js';
import { resolveCorporateOrigin, type CorporateOrigin } from './corporate-origin.js';
import { readModelYear } from './model-year.js';
import { assemblyLayer, countryOnlyLayer, resolvePlant } from './plant.js';
import { alignment, confidenceLevel, verdictOf } from './verdict.js';
import type { PlantEntry, Tables } from './tables.js';

const UNKNOWN_ASSEMBLY: Readonly<DecodeResult['assembly']> = Object.freeze({
  plantCode: null, country: null, countryCode: null, city: null, state: null, cityState: null, details: null, source: null,
});

/** Memoises frozen values by key; used only with keys drawn from small finite sets (bounded memory). */
function memo<T>(): (key: string, make: () => T) => T {
  const cache = new Map<string, T>();
  return (key, make) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = Object.freeze(make())));
    return value;
  };
}

const checkDigitWarning = memo<Warning>();
const modelYearWarning = memo<Warning>();
const otherYearsWarning = new WeakMap<PlantEntry, Warning>();

// Outside North America and China a VIN need not follow 49 CFR 565, and many European makers do
// not encode the model year at position 10; a check digit that does not hold is the sign.
const NOT_PART_565: Warning = Object.freeze({
  code: 'MODEL_YEAR_UNRELIABLE',
  message: 'This VIN does not follow 49 CFR 565 (its check digit does not hold), so position 10 may not encode the model year.',
});


function mismatchWarning(actual: string, calculated: string, required: boolean): Warning {
  return checkDigitWarning(actual + calculated + (required ? '!' : ''), () => ({
    code: 'CHECK_DIGIT_MISMATCH',
    message: required
      ? `Position 9 is ${actual} but the VIN's characters give ${calculated}: the VIN is mistyped or not genuine (the check digit is mandatory here).`
      : `Position 9 is ${actual}, the calculated check digit is ${calculated}; outside North America and China the check digit is not mandatory.`,
  }));
}

function evidenceForPlant(wmi: string, entry: PlantEntry): Evidence {
  let e = entry.evidence;
  if (!e) {
    const span = `${entry.yearFrom}-${entry.yearTo === 9999 ? '' : entry.yearTo}`;
    e = Object.freeze({ layer: 'assembly', table: 'plants', key: `${wmi} plant ${entry.plantCode} ${span}`, source: entry.source });
    entry.evidence = e;
  }
  return e;
}

function warningForOtherYears(wmi: string, code: string, entry: PlantEntry): Warning {
  let w = otherYearsWarning.get(entry);
  if (!w) {
    w = Object.freeze({ code: 'PLANT_FROM_OTHER_YEARS', message: `No registry row covers plant code ${code} of ${wmi} for this model year; the plant comes from the years that do, which all name the same country.` });
    otherYearsWarning.set(entry, w);
  }
  return w;
}

/**
 * Layer 1 per WMI, worked out once. A 3-character WMI is keyed by a number made of its character
 * codes (cheaper to hash than a fresh string); 6-character ones by their text.
 */
export class OriginCache {
  // Slot per possible 3-character WMI (characters '0'-'Z', 43 each): an index, not a hash lookup,
  // which matters when a fleet spans thousands of WMIs and the hash table no longer fits in cache.
  private readonly short: (CorporateOrigin | undefined)[] = new Array(43 * 43 * 43).fill(undefined);
  private readonly long = new Map<string, CorporateOrigin>();
  constructor(private readonly tables: Tables) {}

  get(vin: string): CorporateOrigin {
    const lowVolume = vin.charCodeAt(2) === 57; // '9'
    const shortKey = (vin.charCodeAt(0) - 48) * 1849 + (vin.charCodeAt(1) - 48) * 43 + (vin.charCodeAt(2) - 48);
    const longKey = lowVolume ? vin.slice(0, 3) + vin.slice(11, 14) : '';
    const cached = lowVolume ? this.long.get(longKey) : this.short[shortKey];
    if (cached) return cached;
    const origin = resolveCorporateOrigin(this.tables, vin);
    // Cache only registry WMIs, so arbitrary input cannot grow the cache without bound.
    if (origin.entry) {
      if (lowVolume) this.long.set(longKey, origin);
      else this.short[shortKey] = origin;
    }
    return origin;
  }
}

export function decodeVin(tables: Tables, vin: string, origins: OriginCache): DecodeResult {
  const origin = origins.get(vin);
  const warnings: Warning[] = origin.warnings.length === 0 ? [] : origin.warnings.slice();

  const calculated = calculateCheckDigit(vin);
  const actual = vin[8]!;
  const matches = calculated === actual;
  const required = origin.checkDigitRequired;
  if (!matches) warnings.push(mismatchWarning(actual, calculated, required));

  const yearCode = vin[9]!;
  const vehicleType = origin.entry?.vehicleType ?? null;
  const year = readModelYear(tables, vin, vehicleType, matches);
  if (!matches && !required && year.modelYear !== null) {
    warnings.push(NOT_PART_565);
  }
  if (year.modelYear === null) {
    warnings.push(modelYearWarning(yearCode, () => ({ code: 'MODEL_YEAR_UNKNOWN', message: `Position 10 (${yearCode}) is not a model-year code.` })));
  } else if (year.candidates.length > 1) {
    warnings.push(modelYearWarning(yearCode + year.candidates.length, () => ({
      code: 'MODEL_YEAR_AMBIGUOUS',
      message: `Position 10 (${yearCode}) stands for ${year.candidates.join(' or ')}; ${year.modelYear} is the most recent possible.`,
    })));
  }

  const plantCode = vin[10]!;
  const plant = resolvePlant(origin.plants, vin, year.candidates);
  // Evidence in one array literal (layer 1, model year, plant): no growth, no copy.
  const yearEvidence = year.evidence;
  const plantEvidence = plant ? evidenceForPlant(origin.wmi, plant.entry) : null;
  const [e1, e2] = origin.evidence;
  const evidence: Evidence[] = origin.evidence.length === 2 && yearEvidence && plantEvidence ? [e1!, e2!, yearEvidence, plantEvidence]
    : [...origin.evidence, ...(yearEvidence ? [yearEvidence] : []), ...(plantEvidence ? [plantEvidence] : [])];
  let assembly = UNKNOWN_ASSEMBLY;
  if (plant) {
    assembly = plant.cityKnown ? assemblyLayer(tables, plant.entry, plantCode) : countryOnlyLayer(tables, plant.entry, plantCode);
    if (plant.otherYears) warnings.push(warningForOtherYears(origin.wmi, plantCode, plant.entry));
  } else if (origin.entry) {
    // Made per decode: keyed by WMI, code and year it could grow with every distinct input.
    warnings.push({
      code: 'PLANT_UNKNOWN',
      message: `The registry has no plant for code ${plantCode} of ${origin.wmi}${year.modelYear ? ` in ${year.modelYear}` : ''}.`,
    });
  }

  const originAlignment = alignment(origin.layer.countryCode, assembly.countryCode);
  const corporateKnown = origin.entry !== null;
  const confidence = !matches && required ? 'LOW_INFERRED'
    : corporateKnown && plant !== null && !plant.otherYears ? 'HIGH_DETERMINISTIC'
    : corporateKnown || plant !== null ? 'MEDIUM_PARTIAL' : 'LOW_INFERRED';

  return {
    identifier: vin,
    summary: { format: origin.lowVolume ? 'ISO_17_LOW_VOLUME' : 'ISO_17_STANDARD', confidence, originAlignment, verdict: verdictOf(originAlignment) },
    corporateOrigin: origin.layer,
    assembly,
    vehicle: {
      manufacturer: origin.entry?.manufacturer ?? null,
      make: origin.entry?.make ?? null,
      model: null,
      modelYear: year.modelYear,
      modelYearCandidates: year.candidates.slice(),
      vehicleType,
      series: null,
      productionYears: null,
    },
    validation: {
      checkDigit: { status: matches ? 'MATCH' : 'MISMATCH', calculated, actual, required },
      confidenceLevel: confidenceLevel(confidence),
      evidence,
      warnings,
    },
    positions: {
      wmi: origin.wmi.length === 3 ? origin.wmi : vin.slice(0, 3), vds: vin.slice(3, 8), checkDigit: actual, modelYear: yearCode, plantCode, serial: vin.slice(11), modelCode: null,
    },
  };
}
