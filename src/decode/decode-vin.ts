// A 17-character VIN: corporate origin, plant, model year, check digit, and what they add up to.
//
// Almost all of a result depends on a few keys: the WMI (layer 1), and for a WMI the plant code
// (position 11) and the model-year reading (positions 7 and 10). So the parts those keys decide
// (assembly layer, vehicle, evidence, the plant and model-year warnings, the alignment) are worked
// out once per WMI, plant code and reading, frozen, and shared by every result with the same keys.
// A decode then reads a handful of cached objects and allocates little beyond the result itself,
// which is what lets a fleet of a million VINs decode at memory speed. Plant rows tied to other
// VIN positions by a pattern depend on the whole VIN and are resolved per decode.
import type { Confidence, DecodeResult, Evidence, OriginAlignment, Warning } from '../generated/contract.js';
import { CHECK_DIGIT_CHARS, checkDigitValue } from './check-digit.js';
import { resolveCorporateOrigin, type CorporateOrigin } from './corporate-origin.js';
import { readModelYear, type ModelYearReading } from './model-year.js';
import { assemblyLayer, countryOnlyLayer, resolvePlant, type PlantMatch } from './plant.js';
import { alignment, confidenceLevel, verdictOf } from './verdict.js';
import type { PlantEntry, Tables } from './tables.js';

type Assembly = DecodeResult['assembly'];
type Vehicle = DecodeResult['vehicle'];
type Summary = DecodeResult['summary'];
type CheckDigit = DecodeResult['validation']['checkDigit'];
type ConfidenceLevel = DecodeResult['validation']['confidenceLevel'];

const UNKNOWN_ASSEMBLY: Readonly<Assembly> = Object.freeze({
  plantCode: null, country: null, countryCode: null, city: null, state: null, cityState: null, details: null, source: null,
});

// Outside North America and China a VIN need not follow 49 CFR 565, and many European makers do
// not encode the model year at position 10; a check digit that does not hold is the sign.
const NOT_PART_565: Warning = Object.freeze({
  code: 'MODEL_YEAR_UNRELIABLE',
  message: 'This VIN does not follow 49 CFR 565 (its check digit does not hold), so position 10 may not encode the model year.',
});

/** What a WMI, a plant code and a model-year reading decide together: frozen, shared by every result with those keys. */
interface PlantAndYear {
  plant: PlantMatch | null;
  assembly: Readonly<Assembly>;
  vehicle: Readonly<Vehicle>;
  /** Layer 1's items, then the model year's, then the plant's. */
  evidence: readonly Evidence[];
  yearWarning: Warning | null;
  plantWarning: Warning | null;
  /** The summary and confidence level when the check digit holds or is not required... */
  summary: Readonly<Summary>;
  confidenceLevel: ConfidenceLevel;
  /** ...and when a required check digit fails (low confidence, whatever else is known). */
  summaryIfInvalid: Readonly<Summary>;
}

/**
 * A WMI's layer 1, and for registry WMIs (the only ones cached) the cache of what it decides with
 * a plant code and a model-year reading: by plant code (charCode - 48), then reading key.
 */
class WmiState {
  constructor(readonly origin: CorporateOrigin, readonly byCode: ((PlantAndYear | PlantAndYear[] | undefined)[] | undefined)[] | null) {}
}

const samePlant = (a: PlantMatch | null, b: PlantMatch | null): boolean =>
  a === b || (a !== null && b !== null && a.entry === b.entry && a.otherYears === b.otherYears && a.cityKnown === b.cityKnown);

function evidenceForPlant(wmi: string, entry: PlantEntry): Evidence {
  let e = entry.evidence;
  if (!e) {
    const span = `${entry.yearFrom}-${entry.yearTo === 9999 ? '' : entry.yearTo}`;
    e = Object.freeze({ layer: 'assembly', table: 'plants', key: `${wmi} plant ${entry.plantCode} ${span}`, source: entry.source });
    entry.evidence = e;
  }
  return e;
}

function yearWarning(reading: ModelYearReading, yearCode: string): Warning | null {
  if (reading.modelYear === null) {
    return Object.freeze({ code: 'MODEL_YEAR_UNKNOWN', message: `Position 10 (${yearCode}) is not a model-year code.` });
  }
  if (reading.candidates.length > 1) {
    return Object.freeze({
      code: 'MODEL_YEAR_AMBIGUOUS',
      message: `Position 10 (${yearCode}) stands for ${reading.candidates.join(' or ')}; ${reading.modelYear} is the most recent possible.`,
    });
  }
  return null;
}

function plantAndYear(tables: Tables, origin: CorporateOrigin, plantCode: string, reading: ModelYearReading, plant: PlantMatch | null, shared: SharedParts): PlantAndYear {
  let assembly = UNKNOWN_ASSEMBLY;
  let plantWarning: Warning | null = null;
  if (plant) {
    assembly = plant.cityKnown ? assemblyLayer(tables, plant.entry, plantCode) : countryOnlyLayer(tables, plant.entry, plantCode);
    if (plant.otherYears) {
      plantWarning = Object.freeze({ code: 'PLANT_FROM_OTHER_YEARS', message: `No registry row covers plant code ${plantCode} of ${origin.wmi} for this model year; the plant comes from the years that do, which all name the same country.` });
    }
  } else if (origin.entry) {
    plantWarning = Object.freeze({
      code: 'PLANT_UNKNOWN',
      message: `The registry has no plant for code ${plantCode} of ${origin.wmi}${reading.modelYear ? ` in ${reading.modelYear}` : ''}.`,
    });
  }
  const evidence = [...origin.evidence];
  if (reading.evidence) evidence.push(reading.evidence);
  if (plant) evidence.push(evidenceForPlant(origin.wmi, plant.entry));
  const corporateKnown = origin.entry !== null;
  const originAlignment = alignment(origin.layer.countryCode, assembly.countryCode);
  const confidence: Confidence = corporateKnown && plant !== null && !plant.otherYears ? 'HIGH_DETERMINISTIC'
    : corporateKnown || plant !== null ? 'MEDIUM_PARTIAL' : 'LOW_INFERRED';
  return {
    plant,
    assembly,
    vehicle: Object.freeze({
      manufacturer: origin.entry?.manufacturer ?? null,
      make: origin.entry?.make ?? null,
      model: null,
      modelYear: reading.modelYear,
      modelYearCandidates: Object.freeze(reading.candidates.slice()) as number[],
      vehicleType: origin.entry?.vehicleType ?? null,
      series: null,
      productionYears: null,
    }),
    evidence: Object.freeze(evidence),
    yearWarning: yearWarning(reading, reading.code),
    plantWarning,
    summary: shared.summary(origin.lowVolume, confidence, originAlignment),
    confidenceLevel: confidenceLevel(confidence),
    summaryIfInvalid: shared.summary(origin.lowVolume, 'LOW_INFERRED', originAlignment),
  };
}

/**
 * Layer 1 per WMI, worked out once. A 3-character WMI has a slot in an array indexed by its
 * character codes (an index, not a hash lookup, which matters when a fleet spans thousands of WMIs
 * and a hash table no longer fits in cache); 6-character ones are keyed by their text.
 */
export class OriginCache {
  // Characters '0'-'Z': 43 possible values per position.
  private readonly short: (WmiState | undefined)[] = new Array(43 * 43 * 43).fill(undefined);
  private readonly long = new Map<string, WmiState>();
  constructor(private readonly tables: Tables) {}

  get(vin: string): WmiState {
    const lowVolume = vin.charCodeAt(2) === 57; // '9'
    const shortKey = (vin.charCodeAt(0) - 48) * 1849 + (vin.charCodeAt(1) - 48) * 43 + (vin.charCodeAt(2) - 48);
    const longKey = lowVolume ? vin.slice(0, 3) + vin.slice(11, 14) : '';
    const cached = lowVolume ? this.long.get(longKey) : this.short[shortKey];
    if (cached) return cached;
    const origin = resolveCorporateOrigin(this.tables, vin);
    // Cache only registry WMIs, so arbitrary input cannot grow the cache without bound.
    if (!origin.entry) return new WmiState(origin, null);
    const state = new WmiState(origin, new Array(43).fill(undefined));
    if (lowVolume) this.long.set(longKey, state);
    else this.short[shortKey] = state;
    return state;
  }
}

/** Shared, frozen summaries, check-digit verdicts and warnings: each is one of a few hundred combinations. */
class SharedParts {
  private readonly summaries: (Readonly<Summary> | undefined)[] = new Array(18).fill(undefined);
  // By remainder (0-10), actual character (code - 48) and whether the digit is required.
  private readonly checkDigits: (Readonly<CheckDigit> | undefined)[] = new Array(11 * 43 * 2).fill(undefined);
  private readonly mismatches: (Warning | undefined)[] = new Array(11 * 43 * 2).fill(undefined);

  summary(lowVolume: boolean, confidence: Confidence, originAlignment: OriginAlignment): Readonly<Summary> {
    const c = confidence === 'HIGH_DETERMINISTIC' ? 0 : confidence === 'MEDIUM_PARTIAL' ? 1 : 2;
    const a = originAlignment === 'VERIFIED_ORIGIN_ALIGNMENT' ? 0 : originAlignment === 'TRANSNATIONAL_ASSEMBLY' ? 1 : 2;
    return this.summaries[(lowVolume ? 9 : 0) + c * 3 + a] ??= Object.freeze({
      format: lowVolume ? 'ISO_17_LOW_VOLUME' : 'ISO_17_STANDARD', confidence, originAlignment, verdict: verdictOf(originAlignment),
    });
  }

  /** `actual` is the character code of position 9 (48-90). */
  checkDigit(remainder: number, actual: number, required: boolean): Readonly<CheckDigit> {
    const key = (remainder * 43 + actual - 48) * 2 + (required ? 1 : 0);
    return this.checkDigits[key] ??= Object.freeze({
      status: CHECK_DIGIT_CHARS.charCodeAt(remainder) === actual ? 'MATCH' : 'MISMATCH',
      calculated: CHECK_DIGIT_CHARS[remainder]!, actual: String.fromCharCode(actual), required,
    });
  }

  mismatch(remainder: number, actual: number, required: boolean): Warning {
    const key = (remainder * 43 + actual - 48) * 2 + (required ? 1 : 0);
    return this.mismatches[key] ??= mismatchWarning(CHECK_DIGIT_CHARS[remainder]!, String.fromCharCode(actual), required);
  }
}

function mismatchWarning(calculated: string, actual: string, required: boolean): Warning {
  return Object.freeze({
    code: 'CHECK_DIGIT_MISMATCH',
    message: required
      ? `Position 9 is ${actual} but the VIN's characters give ${calculated}: the VIN is mistyped or not genuine (the check digit is mandatory here).`
      : `Position 9 is ${actual}, the calculated check digit is ${calculated}; outside North America and China the check digit is not mandatory.`,
  });
}

/** Decodes a clean 17-character VIN; `remainder` is its check-digit value when the caller has it. */
export type VinDecoder = (vin: string, remainder?: number) => DecodeResult;

/** A decoder of clean 17-character VINs over the given tables, with its caches. */
export function createVinDecoder(tables: Tables): VinDecoder {
  const origins = new OriginCache(tables);
  const shared = new SharedParts();
  const make = (origin: CorporateOrigin, vin: string, reading: ModelYearReading, plant: PlantMatch | null): PlantAndYear =>
    plantAndYear(tables, origin, vin[10]!, reading, plant, shared);

  const partsFor = (state: WmiState, vin: string, reading: ModelYearReading): PlantAndYear => {
    const { origin, byCode } = state;
    const code = vin.charCodeAt(10) - 48;
    if (byCode === null) return make(origin, vin, reading, resolvePlant(origin.plants, vin, reading.candidates));
    const byReading = byCode[code] ??= new Array(tables.modelYearReadings).fill(undefined);
    const slot = byReading[reading.key];
    if (slot !== undefined && !Array.isArray(slot)) return slot;
    const plant = resolvePlant(origin.plants, vin, reading.candidates);
    // Rows tied to other VIN positions by a pattern make the plant depend on the whole VIN:
    // such a slot keeps one answer per plant row found (a handful at most).
    const patterned = (origin.plants.codes[code]?.patterned.length ?? 0) + (origin.plants.wildcard?.patterned.length ?? 0) > 0;
    if (!patterned) return (byReading[reading.key] = make(origin, vin, reading, plant));
    const variants = slot ?? (byReading[reading.key] = []);
    for (let i = 0; i < variants.length; i++) if (samePlant(variants[i]!.plant, plant)) return variants[i]!;
    const made = make(origin, vin, reading, plant);
    variants.push(made);
    return made;
  };

  return (vin: string, remainder = checkDigitValue(vin)): DecodeResult => {
    const state = origins.get(vin);
    const origin = state.origin;
    const actual = vin.charCodeAt(8);
    const matches = CHECK_DIGIT_CHARS.charCodeAt(remainder) === actual;
    const required = origin.checkDigitRequired;
    const reading = readModelYear(tables, vin, origin.position7Rule, matches);
    const parts = partsFor(state, vin, reading);

    // In the order people read them: layer 1, check digit, model year, plant.
    let warnings: Warning[];
    if (matches && origin.warnings.length === 0 && parts.yearWarning === null && parts.plantWarning === null) warnings = [];
    else {
      warnings = origin.warnings.slice();
      if (!matches) {
        warnings.push(shared.mismatch(remainder, actual, required));
        if (!required && reading.modelYear !== null) warnings.push(NOT_PART_565);
      }
      if (parts.yearWarning) warnings.push(parts.yearWarning);
      if (parts.plantWarning) warnings.push(parts.plantWarning);
    }
    const invalid = !matches && required;

    return {
      identifier: vin,
      summary: invalid ? parts.summaryIfInvalid : parts.summary,
      corporateOrigin: origin.layer,
      assembly: parts.assembly,
      vehicle: parts.vehicle,
      validation: {
        checkDigit: shared.checkDigit(remainder, actual, required),
        confidenceLevel: invalid ? 'LOW' : parts.confidenceLevel,
        evidence: parts.evidence as Evidence[],
        warnings,
      },
      positions: {
        wmi: origin.wmi.length === 3 ? origin.wmi : vin.slice(0, 3), vds: vin.slice(3, 8), checkDigit: vin[8]!, modelYear: vin[9]!, plantCode: vin[10]!, serial: vin.slice(11), modelCode: null,
      },
    };
  };
}
