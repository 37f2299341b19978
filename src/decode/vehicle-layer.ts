// What the vehicle is, decided as NHTSA's own procedure (spVinDecode) decides it: the schemas
// linked to the WMI for the model year are the candidates; for each element the winner is the
// matching pattern of the link with the highest YearFrom, then the lowest rank (most recent edit,
// fewer non-`*` characters, key text, vPIC id). Formula keys and engine-model fill-ins only fill
// what no pattern decided; an engine size in cc or cubic inches gives litres through vPIC's
// Conversion formulas.
import type { DecodeResult, Evidence } from '../generated/contract.js';
import { NO_ATTRIBUTES, NO_ENGINE, type VehicleAttributes } from './vehicle-attributes.js';
import type { SchemaLinkTuple, VehicleData } from './vehicle-data.js';
import { ELEMENT_INDEX as E, VEHICLE_ELEMENTS } from './vehicle-elements.js';
import { compileSchema, firstMatch, firstOf, formulaMatch, matchingPatterns, type CompiledSchema } from './vehicle-schema.js';

const ELEMENTS = VEHICLE_ELEMENTS.length;
/** vPIC Conversion: cubic inches to litres. */
const LITRES_PER_CUBIC_INCH = 0.016387064;

/** What decided one element: a pattern of a schema, or an engine model's fill-in. */
interface Winner { schema: CompiledSchema; pattern: number; value: string; engineModel: string | null }

export interface VehicleDecision {
  attributes: VehicleAttributes;
  /** The make of the decoded model (vPIC Make_Model), or null. */
  make: string | null;
  /** One item per attribute group that a pattern decided. */
  evidence: readonly Readonly<Evidence>[];
  /** True when any pattern matched. */
  decoded: boolean;
  /** Elements a partial VIN's unknown positions leave open. */
  undecided: readonly string[];
}

export const NOTHING_DECIDED: VehicleDecision = Object.freeze({ attributes: NO_ATTRIBUTES, make: null, evidence: Object.freeze([]), decoded: false, undecided: Object.freeze([]) });

interface Link { schema: CompiledSchema; yearFrom: number; yearTo: number }

/** A WMI's schema links sorted by YearFrom, most recent first, with the schemas compiled on first use. */
export class WmiSchemas {
  /** The candidate links per model year (index year - 1950), made on first use; bounded by the registry. */
  private readonly byYear: (readonly Link[] | undefined)[] = [];
  private readonly readByYear: (Int8Array | undefined)[] = [];
  constructor(readonly wmi: string, readonly links: readonly Link[]) {}

  /** The VIN positions the candidate schemas of a year read (year null: every schema). */
  readPositions(year: number | null): Int8Array {
    const slot = year === null ? 0 : year - 1949;
    if (slot < 0 || slot > 201) return union(this.candidates(year));
    return this.readByYear[slot] ??= union(this.candidates(year));
  }

  /** The links whose years hold `year`, most recent YearFrom first; every link when year is null. */
  candidates(year: number | null): readonly Link[] {
    if (year === null) return this.links;
    const slot = year - 1950;
    if (slot < 0 || slot > 200) return this.links.filter((l) => year >= l.yearFrom && year <= l.yearTo);
    return this.byYear[slot] ??= Object.freeze(this.links.filter((l) => year >= l.yearFrom && year <= l.yearTo));
  }
}

/** Compiles schemas once per registry and keeps each WMI's links: bounded by the registry, not the input. */
export class VehicleSchemas {
  private readonly compiled = new Map<number, CompiledSchema>();
  private readonly byWmi = new Map<string, WmiSchemas | null>();
  constructor(readonly data: VehicleData) {}

  forWmi(wmi: string): WmiSchemas | null {
    let found = this.byWmi.get(wmi);
    if (found !== undefined) return found;
    const links = this.data.linksOf(wmi);
    found = links && links.length > 0 ? new WmiSchemas(wmi, this.link(links)) : null;
    this.byWmi.set(wmi, found);
    return found;
  }

  private link(links: readonly SchemaLinkTuple[]): Link[] {
    const out: Link[] = [];
    for (const [id, yearFrom, yearTo] of links) {
      let schema = this.compiled.get(id);
      if (!schema) {
        const data = this.data.schema(id);
        if (!data) continue;
        schema = compileSchema(data);
        this.compiled.set(id, schema);
      }
      out.push({ schema, yearFrom, yearTo: yearTo === 0 ? 9999 : yearTo });
    }
    return out.sort((a, b) => b.yearFrom - a.yearFrom || a.schema.id - b.schema.id);
  }
}

function union(links: readonly Link[]): Int8Array {
  const positions = new Set<number>();
  for (const link of links) for (const p of link.schema.readPositions) positions.add(p);
  return Int8Array.from([...positions].sort((a, b) => a - b));
}

/** Scratch bit sets, one per candidate link, reused by every decode (decoding is synchronous). */
const scratch: Int32Array[] = [];
function scratchFor(i: number, words: number): Int32Array {
  let set = scratch[i];
  if (!set || set.length < words) scratch[i] = set = new Int32Array(Math.max(words, 64));
  return set;
}

/** `year` null: position 10 is no year code, and every schema of the WMI is a candidate. */
function decideElements(schemas: WmiSchemas, vin: string, year: number | null, partial: boolean, undecided: string[]): (Winner | null)[] {
  const winners: (Winner | null)[] = new Array(ELEMENTS).fill(null);
  const links = schemas.candidates(year);
  if (!partial) for (let i = 0; i < links.length; i++) matchingPatterns(links[i]!.schema, vin, scratchFor(i, links[i]!.schema.words));
  for (let e = 0; e < ELEMENTS; e++) {
    let best: Winner | null = null;
    let bestYear = -1;
    let open = false;
    for (let i = 0; i < links.length; i++) {
      const link = links[i]!;
      if (best && link.yearFrom < bestYear) break;
      const p = partial ? firstMatch(link.schema, e, vin, true) : firstOf(link.schema, e, scratch[i]!);
      if (p === -2) { open = true; continue; }
      if (p >= 0 && (!best || link.schema.rank[p]! < best.schema.rank[best.pattern]!)) {
        best = { schema: link.schema, pattern: p, value: link.schema.values[p]!, engineModel: null };
        bestYear = link.yearFrom;
      }
    }
    if (open) { undecided.push(VEHICLE_ELEMENTS[e]!.name); continue; }
    winners[e] = best;
  }
  if (!partial) {
    // Formula keys fill what no ordinary pattern decided, by the same precedence.
    for (let e = 0; e < ELEMENTS; e++) {
      if (winners[e]) continue;
      for (const link of links) {
        const hit = formulaMatch(link.schema, e, vin);
        if (hit) { winners[e] = { schema: link.schema, pattern: hit[0], value: hit[1], engineModel: null }; break; }
      }
    }
  }
  return winners;
}

/** Engine-model fill-ins: what vPIC's EngineModelPattern says of the decoded engine model, for elements still open. */
function fillFromEngineModel(data: VehicleData, winners: (Winner | null)[]): void {
  const engine = winners[E.engine_model];
  if (!engine) return;
  const fills = data.engineModel(engine.value);
  if (!fills) return;
  const taken = new Set<number>();
  for (const [element, value] of fills) { // in rank order: the first fill per element wins
    if (winners[element] || taken.has(element)) continue;
    taken.add(element);
    winners[element] = { schema: engine.schema, pattern: engine.pattern, value, engineModel: engine.value };
  }
}

const integer = (w: Winner | null): number | null => {
  if (!w) return null;
  const n = Number(w.value);
  return Number.isInteger(n) ? n : null;
};
const decimal = (w: Winner | null): number | null => {
  if (!w) return null;
  const n = Number(w.value);
  return w.value !== '' && Number.isFinite(n) ? n : null;
};
const text = (w: Winner | null): string | null => w?.value ?? null;

/** Litres, from the litre pattern or else through vPIC's Conversion formulas (rounded as vPIC shows them). */
function litres(winners: readonly (Winner | null)[]): number | null {
  const l = decimal(winners[E.displacement_l]!);
  if (l !== null) return l;
  const cc = decimal(winners[E.displacement_cc]!);
  if (cc !== null) return Math.round(cc) / 1000;
  const ci = decimal(winners[E.displacement_ci]!);
  return ci === null ? null : Math.round(ci * LITRES_PER_CUBIC_INCH * 1e6) / 1e6;
}

const GROUPS = [...new Set(VEHICLE_ELEMENTS.map((e) => e.group))];
const GROUP_OF = VEHICLE_ELEMENTS.map((e) => GROUPS.indexOf(e.group));

function evidenceOf(source: string, cache: Map<string, Readonly<Evidence>>, winners: readonly (Winner | null)[]): Readonly<Evidence>[] {
  const out: Readonly<Evidence>[] = [];
  let seen = 0;
  for (let e = 0; e < ELEMENTS; e++) {
    const w = winners[e];
    const g = GROUP_OF[e]!;
    if (!w || (seen & (1 << g)) !== 0) continue;
    seen |= 1 << g;
    let item: Readonly<Evidence> | undefined;
    if (w.engineModel !== null) {
      // Keyed by engine model and group: bounded by the registry.
      const key = `${GROUPS[g]}: engine model ${w.engineModel}`;
      item = cache.get(key);
      if (!item) cache.set(key, item = Object.freeze({ layer: 'vehicle', table: 'engine-models', key, source }));
    } else {
      // Kept on the schema, one slot per pattern and group: bounded by the registry.
      const slot = w.pattern * GROUPS.length + g;
      item = w.schema.evidence[slot] as Readonly<Evidence> | undefined;
      if (!item) {
        const key = `${GROUPS[g]}: schema ${w.schema.id} (${w.schema.name}) key ${w.schema.keys[w.pattern]}`;
        w.schema.evidence[slot] = item = Object.freeze({ layer: 'vehicle', table: 'vehicle-patterns', key, source });
      }
    }
    out.push(item);
  }
  return out;
}

/** Decides the vehicle attributes of a VIN for one model year. */
export function decideVehicle(
  data: VehicleData, schemas: WmiSchemas, vin: string, year: number | null, partial: boolean, evidenceCache: Map<string, Readonly<Evidence>>,
): VehicleDecision {
  const undecided: string[] = [];
  const winners = decideElements(schemas, vin, year, partial, undecided);
  if (!winners.some((w) => w !== null)) {
    return undecided.length === 0 ? NOTHING_DECIDED : { ...NOTHING_DECIDED, undecided };
  }
  fillFromEngineModel(data, winners);
  const model = winners[E.model];
  const engine: DecodeResult['vehicle']['engine'] = {
    cylinders: integer(winners[E.cylinders]!), displacementL: litres(winners), model: text(winners[E.engine_model]!),
    configuration: text(winners[E.engine_configuration]!), turbo: text(winners[E.turbo]!),
  };
  const attributes: VehicleAttributes = {
    model: text(model!), series: text(winners[E.series]!), trim: text(winners[E.trim]!), bodyClass: text(winners[E.body_class]!),
    doors: integer(winners[E.doors]!), driveType: text(winners[E.drive_type]!), fuelType: text(winners[E.fuel_type]!),
    fuelTypeSecondary: text(winners[E.fuel_type_secondary]!), electrification: text(winners[E.electrification]!),
    engine: Object.values(engine).every((v) => v === null) ? NO_ENGINE : Object.freeze(engine), gvwr: text(winners[E.gvwr]!),
  };
  // Shared by every result of the same decision (the decision cache): frozen.
  return {
    attributes: Object.freeze(attributes), make: model ? (model.schema.makes[model.pattern] ?? null) : null,
    evidence: evidenceOf(data.source, evidenceCache, winners), decoded: true, undecided,
  };
}

/** The vehicle layer for a VIN's model-year candidates, and the year it settles on (null: the reading's own). */
export interface VehicleReading { decision: VehicleDecision; year: number | null }

const NO_READING: VehicleReading = Object.freeze({ decision: NOTHING_DECIDED, year: null });

/**
 * Decisions of clean VINs, keyed by WMI, model year and the characters at the positions the
 * candidate schemas read: a fleet repeats models, so most decodes are one lookup. At most
 * DECISIONS_KEPT entries; when full it starts over, so memory is bounded whatever the input.
 */
export class DecisionCache {
  static readonly DECISIONS_KEPT = 50_000;
  private readonly decisions = new Map<string, VehicleDecision>();

  /** decide() with decideVehicle's signature (partial is always false here), bound once. */
  readonly decideFor = (data: VehicleData, schemas: WmiSchemas, vin: string, year: number | null, _partial: boolean, evidenceCache: Map<string, Readonly<Evidence>>): VehicleDecision =>
    this.decide(data, schemas, vin, year, evidenceCache);

  decide(data: VehicleData, schemas: WmiSchemas, vin: string, year: number | null, evidenceCache: Map<string, Readonly<Evidence>>): VehicleDecision {
    const read = schemas.readPositions(year);
    let key = schemas.wmi + (year ?? '');
    for (let i = 0; i < read.length; i++) key += vin[read[i]!];
    let decision = this.decisions.get(key);
    if (decision === undefined) {
      decision = decideVehicle(data, schemas, vin, year, false, evidenceCache);
      if (this.decisions.size >= DecisionCache.DECISIONS_KEPT) this.decisions.clear();
      this.decisions.set(key, decision);
    }
    return decision;
  }
}

/**
 * Reads the vehicle for each model-year candidate. None (position 10 is no year code): every
 * schema of the WMI. One candidate, or a type under the position-7 rule: the latest candidate.
 * Several, for types outside the rule (motorcycles, trailers, buses, ...): the reading whose
 * patterns decode is kept; where both or neither decode, the most recent candidate stands, as
 * the model-year rule says.
 */
export function readVehicle(
  data: VehicleData, schemas: WmiSchemas | null, vin: string, candidates: readonly number[], partial: boolean,
  evidenceCache: Map<string, Readonly<Evidence>>, cache: DecisionCache, position7Rule: boolean,
): VehicleReading {
  // Clean VINs go through the decision cache; a partial VIN's unknown positions are not a key.
  const decideOne = partial ? decideVehicle : cache.decideFor;
  if (!schemas) return NO_READING;
  // Position 10 is no year code: every schema of the WMI is a candidate (vPIC's rule).
  if (candidates.length === 0) return partial ? NO_READING : { decision: decideOne(data, schemas, vin, null, partial, evidenceCache), year: null };
  const latest = candidates[candidates.length - 1]!;
  // Cars, MPVs and trucks keep the model-year rule's answer (a VIN of theirs with several
  // candidates does not follow 49 CFR 565); only other types are read in both cycles.
  if (candidates.length === 1 || position7Rule) return { decision: decideOne(data, schemas, vin, latest, partial, evidenceCache), year: null };
  let decoded: { decision: VehicleDecision; year: number } | null = null;
  let latestDecision: VehicleDecision | null = null;
  for (let i = candidates.length - 1; i >= 0; i--) {
    const year = candidates[i]!;
    const decision = decideOne(data, schemas, vin, year, partial, evidenceCache);
    if (i === candidates.length - 1) latestDecision = decision;
    if (!decision.decoded) continue;
    if (decoded) return { decision: latestDecision!, year: null }; // more than one reading decodes
    decoded = { decision, year };
  }
  return decoded ? { decision: decoded.decision, year: decoded.year } : { decision: latestDecision!, year: null };
}
