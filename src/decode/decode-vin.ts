// A 17-character VIN: corporate origin, plant, model year, check digit, and what they add up to.
//
// A result is built from parts that depend on one small key each and are made once, frozen and
// shared: per WMI its WmiDecoding (layer 1, the plant answers that hold for every VIN, the
// vehicle schemas), the model-year reading per position-10 code and rule, the assembly layer and
// evidence item per plant row, the summary per confidence and alignment, the check-digit verdict
// per digit pair. shared-parts.ts keeps them, and the result templates of models seen before; it
// is the one place a decoder caches, each cache bounded by the registry (or by a constant), never
// by the input, so a server decoding arbitrary VINs for months holds no more than a fleet run
// does. What combines them (the result, vehicle, evidence list, warnings, positions) is allocated
// per decode here: a few small young objects.
import type { Confidence, DecodeResult, Evidence, Warning } from '../generated/contract.js';
import { CHECK_DIGIT_CHARS, checkDigitValue } from './check-digit.js';
import { NO_YEARS, position10Years, readModelYear } from './model-year.js';
import { makerLayout } from './maker-layouts.js';
import { charSlot } from './alphabet.js';
import { originWithoutWmi, PARTIAL, partialCheckDigit, partialModelYear, partialWarning, resolvePartialPlant, wmiKnown } from './partial.js';
import { resolvePlant } from './plant.js';
import { Corrections, OriginCache, ResultTemplates, SharedParts, unregisteredWmi, type WmiDecoding } from './shared-parts.js';
import { FNV_OFFSET, fnvStep, Sightings } from './sightings.js';
import { alignment, confidenceLevel } from './verdict.js';
import type { DecodedResult } from './outcome.js';
import type { Tables } from './tables.js';
import { vehicleOf } from './vehicle-attributes.js';
import { VehicleLayer } from './vehicle-layer.js';

const UNKNOWN_ASSEMBLY: Readonly<DecodeResult['assembly']> = Object.freeze({
  plantCode: null, country: null, countryCode: null, city: null, state: null, cityState: null, details: null, source: null,
});

// Outside North America and China a VIN need not follow 49 CFR 565, and many European makers do
// not encode the model year at position 10; a check digit that does not hold is the sign.
const NOT_PART_565: Warning = Object.freeze({
  code: 'MODEL_YEAR_UNRELIABLE',
  message: 'This VIN does not follow 49 CFR 565 (its check digit does not hold), so position 10 may not encode the model year.',
});

/** A WMI's make when it has exactly one (the registry joins several with ', '). */
function onlyMake(makes: string | null): string | null {
  return makes !== null && !makes.includes(', ') ? makes : null;
}

/**
 * Decodes a clean 17-character VIN; `remainder` is its check-digit value when the caller has it,
 * or PARTIAL for a partial VIN ('*' at each unknown position: partial.ts).
 */
export type VinDecoder = (vin: string, remainder?: number) => DecodedResult;

/**
 * A decoder of clean 17-character VINs over the given tables, with its caches; `corrections` may be
 * shared with the caller (decode.ts asks it for texts with I, O or Q).
 */
export function createVinDecoder(tables: Tables, corrections = new Corrections(tables)): VinDecoder {
  const vehicleLayer = new VehicleLayer(tables.vehicle);
  const origins = new OriginCache(tables, vehicleLayer);
  const shared = new SharedParts(tables);

  const full = (vin: string, remainder: number, wmi: WmiDecoding): DecodedResult => {
    const partial = remainder === PARTIAL;
    const { origin } = wmi;
    const actual = vin.charCodeAt(8);
    // A partial VIN's check digit cannot be verified, so it contradicts nothing.
    const matches = partial || CHECK_DIGIT_CHARS.charCodeAt(remainder) === actual;
    const required = origin.checkDigitRequired;
    // A maker's own layout may leave positions 10 and 11 unread (maker-layouts.ts).
    const layout = partial ? null : makerLayout(vin, matches);
    const position7Rule = origin.position7Rule && (layout === null || layout.position7Rule);
    const noYear = layout?.yearAt10 === false;
    const reading = partial ? partialModelYear(tables, vin, origin)
      : noYear ? tables.modelYearUnknown[charSlot(vin.charCodeAt(9))]! : readModelYear(tables, vin, position7Rule, matches, origin.firstYear);
    const plantCode = vin[10]!;
    // The vehicle layer reads the VIN as vPIC's own decoder does, Part 565's way: without a year,
    // every schema of the WMI would be a candidate, and the 1980s US schemas of Renault's VF1 would
    // give a 2019 Zoe a 1.7-litre petrol engine. So a maker layout changes what it is given only
    // where its own reading of position 10 stands.
    const vehicleRule = noYear ? origin.position7Rule : position7Rule;
    const vehicleYears = noYear ? readModelYear(tables, vin, vehicleRule, matches, origin.firstYear).candidates : reading.candidates;
    const vehicle = vehicleLayer.read(wmi.schemas, vin, vehicleYears, partial, vehicleRule);
    // Where the vehicle patterns settle an ambiguous model year, the plant is read for that year.
    const settledYear = noYear ? null : vehicle.year;
    const years = settledYear === null ? reading.candidates : [settledYear];
    const modelYear = settledYear ?? reading.modelYear;
    // A VIN whose check digit fails where none is required was not written to Part 565: its
    // position 10 may be no year at all, so it bounds nothing (as for a VIN without a year code).
    // Nor does a position 10 that the maker's layout gives to something else.
    const reachYears = (matches || required) && !noYear ? position10Years(tables, vin) : NO_YEARS;
    const partialPlant = partial ? resolvePartialPlant(origin.plants, vin, reading, reachYears) : null;
    const plantAt11 = layout === null || layout.plantAt11;
    const settled = partial || years.length === 0 || !plantAt11 ? undefined : wmi.settledPlants.at(vin, years[years.length - 1]!);
    const plant = partialPlant ? partialPlant.match : settled ?? resolvePlant(origin.plants, vin, years, reachYears, plantAt11);

    let assembly = UNKNOWN_ASSEMBLY;
    let plantWarning: Warning | null = null;
    if (plant) {
      // Where the maker's layout gives position 11 to something else, the answer names no plant code.
      assembly = shared.assembly(plant.entry, plantAt11 ? plantCode : null, plant.cityKnown);
      if (plant.otherYears) plantWarning = shared.otherYearsWarning(origin.wmi, plant.entry, plantCode);
    } else if (origin.entry && !partialPlant?.undecidedBy.length) {
      // Made per decode: keyed by WMI, code and year, a cache of these could grow with the input.
      plantWarning = Object.freeze({
        code: 'PLANT_UNKNOWN',
        message: plantAt11
          ? `The registry has no plant for code ${plantCode} of ${origin.wmi}${modelYear ? ` in ${modelYear}` : ''}.`
          : `The registry has no plant for ${origin.wmi} VINs with ${vin.slice(3, 8)} at positions 4-8 (position 11 is no plant code in this maker's layout).`,
      });
    }

    // In the order people read them: layer 1, check digit, model year, plant.
    const yearNote = settledYear === null ? shared.yearWarning(reading) : shared.settledYearWarning(reading, settledYear);
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
      if (layout?.warning) warnings.push(layout.warning);
      else if (yearNote) warnings.push(yearNote);
      if (plantWarning) warnings.push(plantWarning);
    }

    // Evidence: layer 1's items (the ISO 3780 range and the WMI row), the model year's, the plant's.
    const [e1, e2] = origin.evidence;
    const yearEvidence = reading.evidence;
    const plantEvidence = plant ? shared.plant(origin.wmi, plant.entry) : null;
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
        modelYearCandidates: reading.candidates,
        vehicleType: origin.entry?.vehicleType ?? null,
        productionYears: null,
      }, decision.attributes),
      validation: {
        checkDigit: partial ? partialCheckDigit(vin, required) : shared.checkDigit(remainder, actual, required),
        confidenceLevel: confidenceLevel(confidence),
        evidence,
        warnings,
        // Corrections where the check digit says the VIN is mistyped (or its WMI is unknown, as a mistyped WMI is).
        suggestions: !matches && (required || !origin.entry) ? corrections.of(vin) : [],
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

  return (vin: string, remainder = checkDigitValue(vin)): DecodedResult => {
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
    // A model seen for the first time cannot have a template: no lookup (see Sightings).
    const again = sightings.again(hash);
    const template = again ? templates.get(hash, vin, read) : undefined;
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
    if (again) templates.set(hash, result);
    return result;
  };
}

