// A 17-character VIN: corporate origin, plant, model year, check digit, and what they add up to.
import type { DecodeResult, Evidence, Warning } from '../generated/contract.js';
import { calculateCheckDigit } from './check-digit.js';
import { resolveCorporateOrigin, type CorporateOrigin } from './corporate-origin.js';
import { readModelYear } from './model-year.js';
import { assemblyLayer, resolvePlant } from './plant.js';
import { alignment, confidenceLevel } from './verdict.js';
import type { Tables } from './tables.js';

const UNKNOWN_ASSEMBLY: Readonly<DecodeResult['assembly']> = Object.freeze({
  plantCode: null, country: null, countryCode: null, city: null, state: null, cityState: null, details: null, source: null,
});

/** Check digits are mandatory for vehicles made for North America (49 CFR 565) and China (GB 16735). */
function checkDigitRequired(origin: CorporateOrigin): boolean {
  return origin.range?.region === 'North America' || origin.layer.countryCode === 'CN';
}

export function decodeVin(tables: Tables, vin: string, origins: Map<string, CorporateOrigin>): DecodeResult {
  const wmiKey = vin[2] === '9' ? vin.slice(0, 3) + vin.slice(11, 14) : vin.slice(0, 3);
  let origin = origins.get(wmiKey);
  if (!origin) {
    origin = resolveCorporateOrigin(tables, vin);
    // Cache only registry WMIs, so arbitrary input cannot grow the cache without bound.
    if (origin.entry) origins.set(wmiKey, origin);
  }
  const warnings: Warning[] = [...origin.warnings];
  const evidence: Evidence[] = [...origin.evidence];

  const calculated = calculateCheckDigit(vin);
  const actual = vin[8]!;
  const matches = calculated === actual;
  const required = checkDigitRequired(origin);
  if (!matches) {
    warnings.push({
      code: 'CHECK_DIGIT_MISMATCH',
      message: required
        ? `Position 9 is ${actual} but the VIN's characters give ${calculated}: the VIN is mistyped or not genuine (the check digit is mandatory here).`
        : `Position 9 is ${actual}, the calculated check digit is ${calculated}; outside North America and China the check digit is not mandatory.`,
    });
  }

  const vehicleType = origin.entry?.vehicleType ?? null;
  const year = readModelYear(tables, vin, vehicleType, matches);
  if (year.source) evidence.push({ layer: 'modelYear', table: 'model-years', key: vin[9]!, source: year.byPosition7 ? `${year.source}; position-7 rule` : year.source });
  if (year.modelYear === null) {
    warnings.push({ code: 'MODEL_YEAR_UNKNOWN', message: `Position 10 (${vin[9]}) is not a model-year code.` });
  } else if (year.candidates.length > 1) {
    warnings.push({ code: 'MODEL_YEAR_AMBIGUOUS', message: `Position 10 (${vin[9]}) stands for ${year.candidates.join(' or ')}; ${year.modelYear} is the most recent possible.` });
  }

  const plant = resolvePlant(tables, origin.wmi, vin, year.candidates);
  let assembly = UNKNOWN_ASSEMBLY;
  if (plant) {
    assembly = assemblyLayer(tables, plant.entry, vin[10]!);
    const span = `${plant.entry.yearFrom}-${plant.entry.yearTo === 9999 ? '' : plant.entry.yearTo}`;
    evidence.push({ layer: 'assembly', table: 'plants', key: `${origin.wmi} plant ${vin[10]} ${span}`, source: plant.entry.source });
    if (plant.otherYears) {
      warnings.push({ code: 'PLANT_FROM_OTHER_YEARS', message: `No registry row covers plant code ${vin[10]} for this model year; every other year of ${origin.wmi} names the same plant.` });
    }
  } else {
    warnings.push({ code: 'PLANT_UNKNOWN', message: `The registry has no plant for code ${vin[10]} of ${origin.wmi}${year.modelYear ? ` in ${year.modelYear}` : ''}.` });
  }

  const originAlignment = alignment(origin.layer.countryCode, assembly.countryCode);
  const corporateKnown = origin.entry !== null;
  const plantKnown = plant !== null && !plant.otherYears;
  const confidence = !matches && required ? 'LOW_INFERRED'
    : corporateKnown && plantKnown ? 'HIGH_DETERMINISTIC'
    : corporateKnown || plant !== null ? 'MEDIUM_PARTIAL' : 'LOW_INFERRED';

  return {
    identifier: vin,
    summary: { format: origin.lowVolume ? 'ISO_17_LOW_VOLUME' : 'ISO_17_STANDARD', confidence, originAlignment: originAlignment.code, verdict: originAlignment.verdict },
    corporateOrigin: origin.layer,
    assembly,
    vehicle: {
      manufacturer: origin.entry?.manufacturer ?? null,
      make: origin.entry?.make ?? null,
      model: null,
      modelYear: year.modelYear,
      modelYearCandidates: year.candidates,
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
      wmi: vin.slice(0, 3), vds: vin.slice(3, 8), checkDigit: actual, modelYear: vin[9]!, plantCode: vin[10]!, serial: vin.slice(11), modelCode: null,
    },
  };
}
