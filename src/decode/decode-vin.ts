// A 17-character VIN: corporate origin, plant, model year, check digit, and what they add up to.
//
// A result is built from parts that depend on one small key each and are made once, frozen and
// shared: per WMI its WmiDecoding (layer 1, the plant answers that hold for every VIN, the
// vehicle schemas), the model-year reading per position-10 code and rule, the assembly
// layer and evidence item per plant row, the summary per confidence and alignment, the
// check-digit verdict per digit pair. Every cache is bounded by the registry (or by a constant),
// never by the input, so a server decoding arbitrary VINs for months holds no more than a fleet
// run does. What combines them (the result, vehicle, evidence list, warnings, positions) is
// allocated per decode: a few small young objects.
import type { Confidence, DecodeResult, Evidence, Format, OriginAlignment, Warning } from '../generated/contract.js';
import { CHAR_SLOTS, charSlot } from './alphabet.js';
import { CHECK_DIGIT_CHARS, checkDigitValue } from './check-digit.js';
import { resolveCorporateOrigin, type CorporateOrigin } from './corporate-origin.js';
import { NO_YEARS, position10Years, readModelYear, type ModelYearReading } from './model-year.js';
import { originWithoutWmi, PARTIAL, partialCheckDigit, partialModelYear, partialWarning, resolvePartialPlant, wmiKnown } from './partial.js';
import { assemblyLayer, resolvePlant, SettledPlants } from './plant.js';
import { FNV_OFFSET, fnvStep, Sightings } from './sightings.js';
import { suggestCorrections } from './suggestions.js';
import { alignment, confidenceLevel, verdictOf } from './verdict.js';
import type { PlantEntry, Tables } from './tables.js';
import { vehicleOf } from './vehicle-attributes.js';
import { VehicleLayer, type WmiSchemas } from './vehicle-layer.js';

type Summary = DecodeResult['summary'];
type CheckDigit = DecodeResult['validation']['checkDigit'];

const UNKNOWN_ASSEMBLY: Readonly<DecodeResult['assembly']> = Object.freeze({
  plantCode: null, country: null, countryCode: null, city: null, state: null, cityState: null, details: null, source: null,
});

// Outside North America and China a VIN need not follow 49 CFR 565, and many European makers do
// not encode the model year at position 10; a check digit that does not hold is the sign.
const NOT_PART_565: Warning = Object.freeze({
  code: 'MODEL_YEAR_UNRELIABLE',
  message: 'This VIN does not follow 49 CFR 565 (its check digit does not hold), so position 10 may not encode the model year.',
});

function evidenceForPlant(wmi: string, entry: PlantEntry): Evidence {
  return entry.evidence ??= Object.freeze({
    layer: 'assembly', table: 'plants', key: `${wmi} plant ${entry.plantCode} ${entry.yearFrom}-${entry.yearTo === 9999 ? '' : entry.yearTo}`, source: entry.source,
  });
}

function otherYearsWarning(wmi: string, plantCode: string): Warning {
  return Object.freeze({
    code: 'PLANT_FROM_OTHER_YEARS',
    message: `No registry row covers plant code ${plantCode} of ${wmi} for this model year; the plant comes from the years that do, which all name the same country.`,
  });
}

function yearWarning(reading: ModelYearReading): Warning | null {
  if (reading.modelYear === null) {
    return Object.freeze({ code: 'MODEL_YEAR_UNKNOWN', message: `Position 10 (${reading.code}) is not a model-year code.` });
  }
  if (reading.candidates.length > 1) {
    return Object.freeze({
      code: 'MODEL_YEAR_AMBIGUOUS',
      message: `Position 10 (${reading.code}) stands for ${reading.candidates.join(' or ')}; ${reading.modelYear} is the most recent possible.`,
    });
  }
  return null;
}

/** A WMI's make when it has exactly one (the registry joins several with ', '). */
function onlyMake(makes: string | null): string | null {
  return makes !== null && !makes.includes(', ') ? makes : null;
}

function settledYearWarning(cache: Map<string, Warning>, reading: ModelYearReading, year: number): Warning {
  const key = `${reading.key} ${year}`;
  let warning = cache.get(key);
  if (!warning) {
    warning = Object.freeze({
      code: 'MODEL_YEAR_AMBIGUOUS',
      message: `Position 10 (${reading.code}) stands for ${reading.candidates.join(' or ')}; vPIC's VIN patterns decode this vehicle for ${year} only, so ${year} it is.`,
    });
    cache.set(key, warning);
  }
  return warning;
}

function mismatchWarning(calculated: string, actual: string, required: boolean): Warning {
  return Object.freeze({
    code: 'CHECK_DIGIT_MISMATCH',
    message: required
      ? `Position 9 is ${actual} but the VIN's characters give ${calculated}: the VIN is mistyped or not genuine (the check digit is mandatory here).`
      : `Position 9 is ${actual}, the calculated check digit is ${calculated}; outside North America and China the check digit is not mandatory.`,
  });
}

/**
 * What every decode of one WMI shares, worked out once: layer 1, the serial positions a result
 * template's key reads (see ResultTemplates), and the WMI's vehicle schemas. One object reached by
 * one index per decode, rather than a lookup per part keyed by the WMI.
 */
export interface WmiDecoding {
  readonly origin: CorporateOrigin;
  /** Positions 12-17 that the WMI's plant rows or vehicle patterns read (or a low-volume WMI's 12-14), ascending. */
  readonly serialReads: Int8Array;
  /** Null: the tables have no vehicle schema for the WMI (or it is no registry WMI). */
  readonly schemas: WmiSchemas | null;
  /** The plant answers that hold for every VIN of the WMI (plant.ts). */
  readonly settledPlants: SettledPlants;
}

const NO_SERIAL_READS = new Int8Array(0);

/** A WMI outside the registry (or a partial VIN's unknown one): no serial reads, no schemas. */
export function unregisteredWmi(origin: CorporateOrigin): WmiDecoding {
  return { origin, serialReads: NO_SERIAL_READS, schemas: null, settledPlants: SettledPlants.NONE };
}

/**
 * Layer 1 and the rest of WmiDecoding per WMI, worked out once. A 3-character WMI has a slot in an
 * array indexed by its character codes (an index, not a hash lookup, which matters when a fleet
 * spans thousands of WMIs and a hash table no longer fits in cache); 6-character ones are keyed by
 * their text. Only registry WMIs are kept: bounded by the registry.
 */
export class OriginCache {
  /** By the character slots (alphabet.ts) of positions 1-3. */
  private readonly short: (WmiDecoding | undefined)[] = new Array(CHAR_SLOTS ** 3).fill(undefined);
  private readonly long = new Map<string, WmiDecoding>();
  constructor(private readonly tables: Tables, private readonly vehicleLayer: VehicleLayer) {}

  get(vin: string): WmiDecoding {
    const lowVolume = vin.charCodeAt(2) === 57; // '9'
    const shortKey = (charSlot(vin.charCodeAt(0)) * CHAR_SLOTS + charSlot(vin.charCodeAt(1))) * CHAR_SLOTS + charSlot(vin.charCodeAt(2));
    const longKey = lowVolume ? vin.slice(0, 3) + vin.slice(11, 14) : '';
    const cached = lowVolume ? this.long.get(longKey) : this.short[shortKey];
    if (cached) return cached;
    const origin = resolveCorporateOrigin(this.tables, vin);
    // Cache only registry WMIs, so arbitrary input cannot grow the cache without bound.
    if (!origin.entry) return unregisteredWmi(origin);
    const decoding: WmiDecoding = {
      origin, serialReads: this.serialReadsOf(origin), schemas: this.vehicleLayer.schemasOf(origin.wmi), settledPlants: SettledPlants.of(origin.plants),
    };
    if (lowVolume) this.long.set(longKey, decoding);
    else this.short[shortKey] = decoding;
    return decoding;
  }

  private serialReadsOf(origin: CorporateOrigin): Int8Array {
    const positions = new Set(this.tables.vehicle.serialReads(origin.wmi));
    for (const code of [...origin.plants.codes, origin.plants.wildcard]) {
      for (const row of code?.all ?? []) for (const p of row.pattern?.positions ?? []) if (p >= 11) positions.add(p);
    }
    if (origin.lowVolume) for (let p = 11; p < 14; p++) positions.add(p);
    return Int8Array.from([...positions].sort((a, b) => a - b));
  }
}

const FORMATS = 3, CONFIDENCES = 3, ALIGNMENTS = 3;
/** Check-digit remainders: 0-9 and 10 (X). */
const REMAINDERS = 11;

/** The slot of a check-digit verdict: by remainder, position 9's character slot, and whether the digit is required. */
const checkDigitSlot = (remainder: number, actual: number, required: boolean): number =>
  (remainder * CHAR_SLOTS + charSlot(actual)) * 2 + (required ? 1 : 0);

/** Parts with a small, fixed set of keys, made on first use: summaries, check-digit verdicts, year warnings. */
class SharedParts {
  private readonly summaries: (Readonly<Summary> | undefined)[] = new Array(FORMATS * CONFIDENCES * ALIGNMENTS).fill(undefined);
  private readonly checkDigits: (Readonly<CheckDigit> | undefined)[] = new Array(REMAINDERS * CHAR_SLOTS * 2).fill(undefined);
  private readonly mismatches: (Warning | undefined)[] = new Array(REMAINDERS * CHAR_SLOTS * 2).fill(undefined);
  private readonly yearWarnings: (Warning | null | undefined)[];

  constructor(readings: number) {
    this.yearWarnings = new Array(readings).fill(undefined);
  }

  summary(format: Format, confidence: Confidence, originAlignment: OriginAlignment): Readonly<Summary> {
    const f = format === 'ISO_17_STANDARD' ? 0 : format === 'ISO_17_LOW_VOLUME' ? 1 : 2;
    const c = confidence === 'HIGH_DETERMINISTIC' ? 0 : confidence === 'MEDIUM_PARTIAL' ? 1 : 2;
    const a = originAlignment === 'VERIFIED_ORIGIN_ALIGNMENT' ? 0 : originAlignment === 'TRANSNATIONAL_ASSEMBLY' ? 1 : 2;
    return this.summaries[(f * CONFIDENCES + c) * ALIGNMENTS + a] ??= Object.freeze({ format, confidence, originAlignment, verdict: verdictOf(originAlignment) });
  }

  /** `actual` is the character code of position 9 (a VIN character). */
  checkDigit(remainder: number, actual: number, required: boolean): Readonly<CheckDigit> {
    return this.checkDigits[checkDigitSlot(remainder, actual, required)] ??= Object.freeze({
      status: CHECK_DIGIT_CHARS.charCodeAt(remainder) === actual ? 'MATCH' : 'MISMATCH',
      calculated: CHECK_DIGIT_CHARS[remainder]!, actual: String.fromCharCode(actual), required,
    });
  }

  mismatch(remainder: number, actual: number, required: boolean): Warning {
    return this.mismatches[checkDigitSlot(remainder, actual, required)] ??= mismatchWarning(CHECK_DIGIT_CHARS[remainder]!, String.fromCharCode(actual), required);
  }

  yearWarning(reading: ModelYearReading): Warning | null {
    if (reading.key < 0) return null; // a partial VIN's unknown position 10: its own warning says so
    let warning = this.yearWarnings[reading.key];
    if (warning === undefined) this.yearWarnings[reading.key] = warning = yearWarning(reading);
    return warning;
  }
}

/**
 * Decodes a clean 17-character VIN; `remainder` is its check-digit value when the caller has it,
 * or PARTIAL for a partial VIN ('*' at each unknown position: partial.ts).
 */
export type VinDecoder = (vin: string, remainder?: number) => DecodeResult;

/** A decoder of clean 17-character VINs over the given tables, with its caches. */
export function createVinDecoder(tables: Tables): VinDecoder {
  const vehicleLayer = new VehicleLayer(tables.vehicle);
  const origins = new OriginCache(tables, vehicleLayer);
  const shared = new SharedParts(tables.modelYearReadings);
  // Keyed by reading and year: bounded by the model-year table.
  const settledYearWarnings = new Map<string, Warning>();

  const full = (vin: string, remainder: number, wmi: WmiDecoding): DecodeResult => {
    const partial = remainder === PARTIAL;
    const { origin } = wmi;
    const actual = vin.charCodeAt(8);
    // A partial VIN's check digit cannot be verified, so it contradicts nothing.
    const matches = partial || CHECK_DIGIT_CHARS.charCodeAt(remainder) === actual;
    const required = origin.checkDigitRequired;
    const reading = partial ? partialModelYear(tables, vin, origin) : readModelYear(tables, vin, origin.position7Rule, matches);
    const plantCode = vin[10]!;
    const vehicle = vehicleLayer.read(wmi.schemas, vin, reading.candidates, partial, origin.position7Rule);
    // Where the vehicle patterns settle an ambiguous model year, the plant is read for that year.
    const years = vehicle.year === null ? reading.candidates : [vehicle.year];
    const modelYear = vehicle.year ?? reading.modelYear;
    // A VIN whose check digit fails where none is required was not written to Part 565: its
    // position 10 may be no year at all, so it bounds nothing (as for a VIN without a year code).
    const reachYears = matches || required ? position10Years(tables, vin) : NO_YEARS;
    const partialPlant = partial ? resolvePartialPlant(origin.plants, vin, reading, reachYears) : null;
    const settled = partial || years.length === 0 ? undefined : wmi.settledPlants.at(vin, years[years.length - 1]!);
    const plant = partialPlant ? partialPlant.match : settled ?? resolvePlant(origin.plants, vin, years, reachYears);

    let assembly = UNKNOWN_ASSEMBLY;
    let plantWarning: Warning | null = null;
    if (plant) {
      assembly = assemblyLayer(tables, plant.entry, plantCode, plant.cityKnown);
      if (plant.otherYears) {
        // Kept on an exact row; a '*' row serves many codes, and the message names the code.
        plantWarning = plant.entry.plantCode === '*' ? otherYearsWarning(origin.wmi, plantCode)
          : (plant.entry.otherYearsWarning ??= otherYearsWarning(origin.wmi, plantCode));
      }
    } else if (origin.entry && !partialPlant?.undecidedBy.length) {
      // Made per decode: keyed by WMI, code and year, a cache of these could grow with the input.
      plantWarning = Object.freeze({
        code: 'PLANT_UNKNOWN',
        message: `The registry has no plant for code ${plantCode} of ${origin.wmi}${modelYear ? ` in ${modelYear}` : ''}.`,
      });
    }

    // In the order people read them: layer 1, check digit, model year, plant.
    const yearNote = vehicle.year === null ? shared.yearWarning(reading) : settledYearWarning(settledYearWarnings, reading, vehicle.year);
    const gapNote = partialPlant ? partialWarning(vin, origin, reading, partialPlant) : null;
    let warnings: Warning[];
    if (matches && origin.warnings.length === 0 && yearNote === null && plantWarning === null && gapNote === null) warnings = [];
    else {
      warnings = origin.warnings.slice();
      if (gapNote) warnings.push(gapNote);
      if (!matches) {
        warnings.push(shared.mismatch(remainder, actual, required));
        if (!required && reading.modelYear !== null) warnings.push(NOT_PART_565);
      }
      if (yearNote) warnings.push(yearNote);
      if (plantWarning) warnings.push(plantWarning);
    }

    // Evidence: layer 1's items (the ISO 3780 range and the WMI row), the model year's, the plant's.
    const [e1, e2] = origin.evidence;
    const yearEvidence = reading.evidence;
    const plantEvidence = plant ? evidenceForPlant(origin.wmi, plant.entry) : null;
    const evidence: Evidence[] = origin.evidence.length === 2 && yearEvidence && plantEvidence ? [e1!, e2!, yearEvidence, plantEvidence]
      : [...origin.evidence, ...(yearEvidence ? [yearEvidence] : []), ...(plantEvidence ? [plantEvidence] : [])];
    const { decision } = vehicle;
    for (let i = 0; i < decision.evidence.length; i++) evidence.push(decision.evidence[i]!);

    const originAlignment = alignment(origin.layer.countryCode, assembly.countryCode);
    const corporateKnown = origin.entry !== null;
    const confidence: Confidence = !matches && required ? 'LOW_INFERRED'
      : corporateKnown && plant !== null && !plant.otherYears ? 'HIGH_DETERMINISTIC'
      : corporateKnown || plant !== null ? 'MEDIUM_PARTIAL' : 'LOW_INFERRED';

    return {
      identifier: vin,
      summary: shared.summary(partial ? 'ISO_17_PARTIAL' : origin.lowVolume ? 'ISO_17_LOW_VOLUME' : 'ISO_17_STANDARD', confidence, originAlignment),
      corporateOrigin: origin.layer,
      assembly,
      vehicle: vehicleOf({
        manufacturer: origin.entry?.manufacturer ?? null,
        // From the decoded model; without one, from the WMI only when it has exactly one make.
        make: decision.make ?? onlyMake(origin.entry?.make ?? null),
        modelYear,
        modelYearCandidates: reading.candidates as number[],
        vehicleType: origin.entry?.vehicleType ?? null,
        productionYears: null,
      }, decision.attributes),
      validation: {
        checkDigit: partial ? partialCheckDigit(vin, required) : shared.checkDigit(remainder, actual, required),
        confidenceLevel: confidenceLevel(confidence),
        evidence,
        warnings,
        // Corrections where the check digit says the VIN is mistyped (or its WMI is unknown, as a mistyped WMI is).
        suggestions: !matches && (required || !origin.entry) ? suggestCorrections(tables, vin) : [],
      },
      positions: {
        wmi: origin.wmi.length === 3 ? origin.wmi : vin.slice(0, 3), vds: vin.slice(3, 8), checkDigit: vin[8]!, modelYear: vin[9]!, plantCode, serial: vin.slice(11), modelCode: null,
      },
    };
  };

  // A fleet repeats models: VINs that differ only in the serial (and so the check digit) decode
  // alike wherever nothing reads the serial. The first decode of such a VIN with a right check
  // digit is kept as a template, keyed by positions 1-8, 10 and 11 and whichever serial positions
  // the WMI's plant and vehicle patterns (or a low-volume WMI) read; later ones copy it. A model is
  // kept from its second VIN on (sightings.ts).
  const templates = new ResultTemplates();
  const sightings = new Sightings();

  return (vin: string, remainder = checkDigitValue(vin)): DecodeResult => {
    const actual = vin.charCodeAt(8);
    if (remainder === PARTIAL) return full(vin, remainder, wmiKnown(vin) ? origins.get(vin) : unregisteredWmi(originWithoutWmi(tables, vin)));
    const wmi = origins.get(vin);
    const { origin } = wmi;
    // Only registry WMIs with a right check digit: their serial positions are known.
    if (CHECK_DIGIT_CHARS.charCodeAt(remainder) !== actual || !origin.entry) return full(vin, remainder, wmi);
    const read = wmi.serialReads;
    let hash = FNV_OFFSET;
    for (let i = 0; i < 11; i++) if (i !== 8) hash = fnvStep(hash, vin.charCodeAt(i));
    for (let i = 0; i < read.length; i++) hash = fnvStep(hash, vin.charCodeAt(read[i]!));
    const template = templates.get(hash, vin, read);
    if (template) {
      const t = template.positions;
      return {
        identifier: vin, summary: template.summary, corporateOrigin: template.corporateOrigin, assembly: template.assembly,
        // Frozen and shared by every result of the template (see ResultTemplates).
        vehicle: template.vehicle,
        validation: {
          checkDigit: shared.checkDigit(remainder, actual, origin.checkDigitRequired), confidenceLevel: template.validation.confidenceLevel,
          evidence: template.validation.evidence, warnings: template.validation.warnings, suggestions: [],
        },
        positions: { wmi: t.wmi, vds: t.vds, checkDigit: vin[8]!, modelYear: t.modelYear, plantCode: t.plantCode, serial: vin.slice(11), modelCode: t.modelCode },
      };
    }
    const result = full(vin, remainder, wmi);
    // Kept from the second VIN of a model on: a one-off costs no template.
    if (sightings.again(hash)) templates.set(hash, result);
    return result;
  };
}

/**
 * Results kept as templates, by the hash of their key (positions 1-8, 10 and 11 and the serial
 * positions read): at most TEMPLATES_KEPT; when full it starts over, so memory is bounded whatever
 * the input. A template is used only when its VIN has the same characters at every key position,
 * so a hash shared by two keys costs a cache miss, never a wrong answer. The template's vehicle and
 * its evidence and warning lists are frozen copies that every result made from it shares (a fleet
 * file's JSON writer then serialises each once: cli/json-line.ts); the parts a result holds of
 * its own VIN (the result, validation, positions) are made per decode.
 */
class ResultTemplates {
  static readonly TEMPLATES_KEPT = 50_000;
  private readonly kept = new Map<number, DecodeResult>();

  get(hash: number, vin: string, read: Int8Array): DecodeResult | undefined {
    const t = this.kept.get(hash);
    if (t === undefined) return undefined;
    const kept = t.identifier;
    for (let i = 0; i < 11; i++) if (i !== 8 && kept.charCodeAt(i) !== vin.charCodeAt(i)) return undefined;
    for (let i = 0; i < read.length; i++) if (kept.charCodeAt(read[i]!) !== vin.charCodeAt(read[i]!)) return undefined;
    return t;
  }

  set(hash: number, r: DecodeResult): void {
    if (this.kept.size >= ResultTemplates.TEMPLATES_KEPT) this.kept.clear();
    const v = r.validation;
    // Copied field by field (vehicleOf), not spread: the shape every result's vehicle has.
    const vehicle = vehicleOf(r.vehicle, r.vehicle), evidence = v.evidence.slice(), warnings = v.warnings.slice();
    Object.freeze(vehicle);
    Object.freeze(evidence);
    Object.freeze(warnings);
    this.kept.set(hash, {
      ...r, identifier: ownCopy(r.identifier), vehicle, positions: { ...r.positions },
      validation: { ...v, evidence, warnings, suggestions: [] },
    });
  }
}

/**
 * A copy of a VIN that holds only its own characters. An identifier split from a caller's text
 * (a line of a 64 KB chunk the CLI read) may be a slice that keeps the whole text alive; a kept
 * template would then hold its chunk for as long as it is kept. Joining the characters makes a new
 * string (slicing does not: V8 slices the original again).
 */
function ownCopy(text: string): string {
  return [...text].join('');
}
