// Everything a VIN decoder shares between results, in one place: each part is made on first use,
// frozen, and kept in an array indexed by a small key, so a decode reaches it with one index.
//
//  - SharedParts: summaries (by format, confidence, alignment), check-digit verdicts and mismatch
//    warnings (by remainder, position 9 and whether the digit is required), model-year warnings
//    (by reading, and by reading and the year the vehicle patterns settle on), and per plant row
//    (by PlantEntry.id) its assembly layers, evidence item and other-years warning.
//  - OriginCache: per WMI, its WmiDecoding (layer 1, the plant answers that hold for every VIN,
//    the serial positions a template's key reads, the vehicle schemas).
//  - ResultTemplates: whole results of models seen before, by a hash of the key positions.
//  - Corrections: the suggested corrections of mistyped texts seen before, by the text.
//
// The vehicle layer's decisions are kept per plan (vehicle-layer.ts's DecisionCache), beside the
// compiled schemas they come from. Every one is bounded by the registry or
// by a constant, never by the input. Shared parts are read-only (`Readonly<...>`, frozen); a
// result is read-only as a whole (decode()'s contract), so sharing them is safe.
import type { Confidence, DecodeResult, Evidence, Format, OriginAlignment, Suggestion, Warning } from '../generated/contract.js';
import { CHAR_SLOTS, charSlot } from './alphabet.js';
import { CHECK_DIGIT_CHARS } from './check-digit.js';
import { resolveCorporateOrigin, type CorporateOrigin } from './corporate-origin.js';
import { SettledPlants } from './plant.js';
import { hashText, Sightings } from './sightings.js';
import { suggestCorrections } from './suggestions.js';
import { isVpicSource } from './registry-data.js';
import type { DecodedResult } from './outcome.js';
import type { ModelYearReading, PlantEntry, Tables } from './tables.js';
import { vehicleOf } from './vehicle-attributes.js';
import { verdictOf } from './verdict.js';
import type { VehicleLayer, WmiSchemas } from './vehicle-layer.js';

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

type Summary = DecodeResult['summary'];
type CheckDigit = DecodeResult['validation']['checkDigit'];
export type Assembly = Readonly<DecodeResult['assembly']>;

const FORMATS = 3, CONFIDENCES = 3, ALIGNMENTS = 3;
/** Check-digit remainders: 0-9 and 10 (X). */
const REMAINDERS = 11;

/** The slot of a check-digit verdict: by remainder, position 9's character slot, and whether the digit is required. */
const checkDigitSlot = (remainder: number, actual: number, required: boolean): number =>
  (remainder * CHAR_SLOTS + charSlot(actual)) * 2 + (required ? 1 : 0);

/** `list[i]`, growing the list with undefined up to i first, so it stays a dense array however rows are first met. */
function at<T>(list: (T | undefined)[], i: number): T | undefined {
  while (list.length <= i) list.push(undefined);
  return list[i];
}

export class SharedParts {
  private readonly summaries: (Readonly<Summary> | undefined)[] = new Array(FORMATS * CONFIDENCES * ALIGNMENTS).fill(undefined);
  private readonly checkDigits: (Readonly<CheckDigit> | undefined)[] = new Array(REMAINDERS * CHAR_SLOTS * 2).fill(undefined);
  private readonly mismatches: (Readonly<Warning> | undefined)[] = new Array(REMAINDERS * CHAR_SLOTS * 2).fill(undefined);
  /** By reading key (Tables.modelYearReadings of them). */
  private readonly yearWarnings: (Readonly<Warning> | null | undefined)[];
  /** By reading key, then by the settled year's index among the reading's candidates. */
  private readonly settledYearWarnings: ((Readonly<Warning> | undefined)[] | undefined)[];
  /** By plant row id: two each, with the city (id * 2) and the country only (id * 2 + 1). */
  private readonly assemblies: (Assembly | undefined)[] = [];
  /** A '*' row serves every plant code: by row id, then two per code's character slot. */
  private readonly codeAssemblies: ((Assembly | undefined)[] | undefined)[] = [];
  private readonly plantEvidence: (Readonly<Evidence> | undefined)[] = [];
  private readonly otherYears: (Readonly<Warning> | undefined)[] = [];

  constructor(private readonly tables: Tables) {
    this.yearWarnings = new Array(tables.modelYearReadings).fill(undefined);
    this.settledYearWarnings = new Array(tables.modelYearReadings).fill(undefined);
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

  mismatch(remainder: number, actual: number, required: boolean): Readonly<Warning> {
    return this.mismatches[checkDigitSlot(remainder, actual, required)] ??= mismatchWarning(CHECK_DIGIT_CHARS[remainder]!, String.fromCharCode(actual), required);
  }

  /** What position 10's reading warns of (null: nothing). */
  yearWarning(reading: ModelYearReading): Readonly<Warning> | null {
    if (reading.key < 0) return null; // a partial VIN's unknown position 10: its own warning says so
    let warning = this.yearWarnings[reading.key];
    if (warning === undefined) this.yearWarnings[reading.key] = warning = yearWarning(reading);
    return warning;
  }

  /** An ambiguous reading that the vehicle patterns settle on `year`, one of its candidates. */
  settledYearWarning(reading: ModelYearReading, year: number): Readonly<Warning> {
    // A reading of no table key (a partial VIN's) has no slot: made per call.
    if (reading.key < 0) return settledYearWarning(reading, year);
    const byYear = this.settledYearWarnings[reading.key] ??= new Array(reading.candidates.length).fill(undefined);
    return byYear[reading.candidates.indexOf(year)] ??= settledYearWarning(reading, year);
  }

  /**
   * The assembly layer of a plant row for the VIN's plant code; `cityKnown` false gives the country
   * only. `plantCode` null: the maker's layout gives position 11 to something else
   * (maker-layouts.ts), so the answer names no code.
   */
  assembly(entry: PlantEntry, plantCode: string | null, cityKnown: boolean): Assembly {
    const half = cityKnown ? 0 : 1;
    if (entry.plantCode !== '*' && plantCode !== null) {
      return at(this.assemblies, entry.id * 2 + half) ?? (this.assemblies[entry.id * 2 + half] = makeAssembly(this.tables, entry, plantCode, cityKnown));
    }
    // A '*' row serves every code, and a row read without a code names none: one slot per code, and one (CHAR_SLOTS) for none.
    const byCode = at(this.codeAssemblies, entry.id) ?? (this.codeAssemblies[entry.id] = new Array((CHAR_SLOTS + 1) * 2).fill(undefined));
    const slot = plantCode === null ? CHAR_SLOTS : charSlot(plantCode.charCodeAt(0));
    return byCode[slot * 2 + half] ??= makeAssembly(this.tables, entry, plantCode, cityKnown);
  }

  /** The evidence item of a plant row. */
  plant(wmi: string, entry: PlantEntry): Readonly<Evidence> {
    return at(this.plantEvidence, entry.id) ?? (this.plantEvidence[entry.id] = Object.freeze({
      layer: 'assembly', table: 'plants', key: `${wmi} plant ${entry.plantCode} ${entry.yearFrom}-${entry.yearTo === 9999 ? '' : entry.yearTo}`, source: entry.source,
    }));
  }

  /** The warning for a plant that comes from a row of other model years (plant.ts, resolvePlant). */
  otherYearsWarning(wmi: string, entry: PlantEntry, plantCode: string): Readonly<Warning> {
    // A '*' row serves many codes, and the message names the code: made per decode.
    if (entry.plantCode === '*') return otherYearsWarning(wmi, plantCode);
    return at(this.otherYears, entry.id) ?? (this.otherYears[entry.id] = otherYearsWarning(wmi, plantCode));
  }
}

function makeAssembly(tables: Tables, entry: PlantEntry, plantCode: string | null, cityKnown: boolean): Assembly {
  const city = cityKnown ? entry.city : null;
  const state = cityKnown ? entry.state : null;
  return Object.freeze({
    plantCode,
    country: tables.countryName.get(entry.countryCode) ?? null,
    countryCode: entry.countryCode,
    city,
    state,
    cityState: city && state ? `${city}, ${state}` : (city ?? state),
    details: cityKnown ? entry.company : null,
    // A vPIC row whose city plant-city-corrections.csv corrects is still NHTSA's row.
    source: isVpicSource(entry.source) ? 'Government Registry' : 'Curated Registry',
  });
}

function otherYearsWarning(wmi: string, plantCode: string): Readonly<Warning> {
  return Object.freeze({
    code: 'PLANT_FROM_OTHER_YEARS',
    message: `No registry row covers plant code ${plantCode} of ${wmi} for this model year; the plant comes from the years that do, which all name the same country.`,
  });
}

function yearWarning(reading: ModelYearReading): Readonly<Warning> | null {
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

function settledYearWarning(reading: ModelYearReading, year: number): Readonly<Warning> {
  return Object.freeze({
    code: 'MODEL_YEAR_AMBIGUOUS',
    message: `Position 10 (${reading.code}) stands for ${reading.candidates.join(' or ')}; vPIC's VIN patterns decode this vehicle for ${year} only, so ${year} it is.`,
  });
}

function mismatchWarning(calculated: string, actual: string, required: boolean): Readonly<Warning> {
  return Object.freeze({
    code: 'CHECK_DIGIT_MISMATCH',
    message: required
      ? `Position 9 is ${actual} but the VIN's characters give ${calculated}: the VIN is mistyped or not genuine (the check digit is mandatory here).`
      : `Position 9 is ${actual}, the calculated check digit is ${calculated}; outside North America and China the check digit is not mandatory.`,
  });
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
export class ResultTemplates {
  static readonly TEMPLATES_KEPT = 50_000;
  private readonly kept = new Map<number, DecodedResult>();

  get(hash: number, vin: string, read: Int8Array): DecodedResult | undefined {
    const t = this.kept.get(hash);
    if (t === undefined) return undefined;
    const kept = t.identifier;
    for (let i = 0; i < 11; i++) if (i !== 8 && kept.charCodeAt(i) !== vin.charCodeAt(i)) return undefined;
    for (let i = 0; i < read.length; i++) if (kept.charCodeAt(read[i]!) !== vin.charCodeAt(read[i]!)) return undefined;
    return t;
  }

  set(hash: number, r: DecodedResult): void {
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

/**
 * Suggested corrections (suggestions.ts) of texts seen before. A fleet file repeats a vehicle's VIN
 * on every line about it, a mistyped one too, and working out its corrections costs tens of
 * microseconds where a decode costs about one. Direct-mapped: the text's hash picks one of
 * CORRECTIONS_KEPT slots, and the slot keeps the text, so two texts that share a slot cost a
 * recomputation, never a wrong answer; bounded whatever the input. A text is kept from its second
 * sighting (sightings.ts). A kept list is frozen, items and all, and shared by every result of that
 * text.
 */
export class Corrections {
  static readonly CORRECTIONS_KEPT = 4096;
  private readonly texts: (string | undefined)[] = new Array(Corrections.CORRECTIONS_KEPT).fill(undefined);
  private readonly lists: Suggestion[][] = new Array(Corrections.CORRECTIONS_KEPT).fill(undefined);
  private readonly sightings = new Sightings();
  constructor(private readonly tables: Tables) {}

  of(text: string): Suggestion[] {
    const hash = hashText(text);
    const slot = hash & (Corrections.CORRECTIONS_KEPT - 1);
    if (this.texts[slot] === text) return this.lists[slot]!;
    const list = suggestCorrections(this.tables, text);
    if (this.sightings.again(hash)) {
      for (const item of list) {
        Object.freeze(item.changes);
        for (const change of item.changes) Object.freeze(change);
        Object.freeze(item);
      }
      Object.freeze(list);
      this.texts[slot] = ownCopy(text);
      this.lists[slot] = list;
    }
    return list;
  }
}
