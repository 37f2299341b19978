// What the vehicle is, decided as NHTSA's own procedure (spVinDecode) decides it: the schemas
// linked to the WMI for the model year are the candidates; for each element the winner is the
// matching pattern of the link with the highest YearFrom, then the lowest rank (most recent edit,
// fewer non-`*` characters, key text, vPIC id). Formula keys and engine-model fill-ins only fill
// what no pattern decided; an engine size in cc or cubic inches gives litres through vPIC's
// Conversion formulas.
//
// Speed: a WMI's candidate schemas for one model year are a Plan, made once (bounded by the
// registry). Deciding a clean VIN is one bit-set AND per position the plan's schemas constrain
// (after a gate per schema, kept in the plan, has passed over those the VIN cannot match), then
// the set bits walked element by element; the winners go into scratch arrays, not objects.
// Decisions are cached per plan, keyed by the characters the plan reads (a number: base-33
// digits), at most DECISIONS_KEPT in all.
import type { DecodeResult, Evidence } from '../generated/contract.js';
import { NO_ATTRIBUTES, NO_ENGINE, type VehicleAttributes } from './vehicle-attributes.js';
import type { EngineFillTuple, VehicleData } from './vehicle-data.js';
import { interner } from './interner.js';
import { hashNumber, hashText, Sightings } from './sightings.js';
import { ELEMENT_INDEX as E, VEHICLE_ELEMENTS } from './vehicle-elements.js';
import { VIN_CHARACTERS, vinCharIndex } from './alphabet.js';
import { compileSchema, elementFrom, firstPartial, formulaCount, formulaMatch, keyAt, makeAt, matchingPatterns, partialMatches, passesGate, rankAt, readPositionsOf, valueAt, writeGate, type CompiledSchema } from './vehicle-schema.js';

const ELEMENTS = VEHICLE_ELEMENTS.length;
/** vPIC Conversion: cubic inches to litres. */
const LITRES_PER_CUBIC_INCH = 0.016387064;
/** Model years a plan is kept for by index (year - FIRST_PLAN_YEAR); others are made per call. */
const FIRST_PLAN_YEAR = 1950;
const PLAN_YEARS = 201;
/** Up to this many read positions, a decision's key is a base-33 number below 2^53. */
const NUMERIC_KEY_POSITIONS = 10;

export interface VehicleDecision {
  attributes: VehicleAttributes;
  /** The make of the decoded model (vPIC Make_Model), or null. */
  make: string | null;
  /** One item per attribute group that a pattern decided. */
  evidence: readonly Readonly<Evidence>[];
  /** Elements a partial VIN's unknown positions leave open. */
  undecided: readonly string[];
}

export const NOTHING_DECIDED: VehicleDecision = Object.freeze({ attributes: NO_ATTRIBUTES, make: null, evidence: Object.freeze([]), undecided: Object.freeze([]) });

/** A compiled schema and the evidence items of its pattern winners, by pattern (a pattern's element names its group), made on first use. */
interface SchemaEntry { readonly schema: CompiledSchema; readonly evidence: (Readonly<Evidence> | undefined)[] }
interface Link { schema: CompiledSchema; yearFrom: number; yearTo: number; evidence: (Readonly<Evidence> | undefined)[] }
/** A WMI's link to a schema, before the schema is compiled. */
interface SchemaLink { id: number; yearFrom: number; yearTo: number }

let plansMade = 0;

/** The candidate schema links of one WMI for one model year (or for every year), and the decisions made over them. */
class Plan {
  /** A number naming the plan in this process, for hashing its decision keys. */
  readonly id = ++plansMade;
  /** The VIN positions the candidates read: nothing else can change the decision. */
  readonly read: Int8Array;
  /** Whether any candidate has a formula (`#`) pattern. */
  readonly formulas: boolean;
  /** Each candidate's gate (writeGate), three numbers per link: read before its schema's tables are. */
  readonly gates: Int32Array;
  /** Decisions by the characters at `read` (see DecisionCache); valid while `generation` is the cache's. */
  readonly decisions = new Map<number | string, VehicleDecision>();
  generation = -1;

  /** `links` most recent YearFrom first. */
  constructor(readonly links: readonly Link[]) {
    const positions = new Set<number>();
    for (const link of links) for (const p of readPositionsOf(link.schema)) positions.add(p);
    this.read = Int8Array.from([...positions].sort((a, b) => a - b));
    this.formulas = links.some((l) => formulaCount(l.schema) > 0);
    this.gates = new Int32Array(links.length * 3);
    links.forEach((link, i) => writeGate(link.schema, this.gates, i * 3));
  }
}

/**
 * A WMI's schema links sorted by YearFrom, most recent first, and its plans per model year, made
 * on first use. A schema is compiled when a plan first needs it, so decoding one VIN of a WMI
 * with forty schemas over the years compiles only the few of its year.
 */
export class WmiSchemas {
  private readonly byYear: (Plan | undefined)[] = new Array(PLAN_YEARS).fill(undefined);
  private everyYear: Plan | undefined;
  constructor(private readonly links: readonly SchemaLink[], private readonly compile: (id: number) => SchemaEntry | undefined) {}

  /** The plan of a model year: the links whose years hold it; every link when year is null. */
  plan(year: number | null): Plan {
    if (year === null) return this.everyYear ??= this.planOf(this.links);
    const slot = year - FIRST_PLAN_YEAR;
    const make = (): Plan => this.planOf(this.links.filter((l) => year >= l.yearFrom && year <= l.yearTo));
    if (slot < 0 || slot >= PLAN_YEARS) return make();
    return this.byYear[slot] ??= make();
  }

  private planOf(links: readonly SchemaLink[]): Plan {
    const compiled: Link[] = [];
    for (const { id, yearFrom, yearTo } of links) {
      const entry = this.compile(id);
      if (entry) compiled.push({ schema: entry.schema, yearFrom, yearTo, evidence: entry.evidence });
    }
    return new Plan(compiled);
  }
}

/**
 * Decisions of clean VINs, kept on each plan and keyed by the characters at the positions its
 * schemas read: a fleet repeats models, so most decodes are one lookup. At most DECISIONS_KEPT in
 * all; when full, every plan's decisions are dropped and counting starts over, so memory is
 * bounded whatever the input.
 */
class DecisionCache {
  static readonly DECISIONS_KEPT = 50_000;
  private generation = 0;
  private size = 0;
  /** The plans holding decisions of the current generation. */
  private readonly holding: Plan[] = [];

  get(plan: Plan, key: number | string): VehicleDecision | undefined {
    return plan.generation === this.generation ? plan.decisions.get(key) : undefined;
  }

  set(plan: Plan, key: number | string, decision: VehicleDecision): void {
    if (this.size >= DecisionCache.DECISIONS_KEPT) {
      for (const p of this.holding) p.decisions.clear();
      this.holding.length = 0;
      this.generation++;
      this.size = 0;
    }
    if (plan.generation !== this.generation) {
      plan.decisions.clear();
      plan.generation = this.generation;
      this.holding.push(plan);
    }
    plan.decisions.set(key, decision);
    this.size++;
  }
}

/** The key of a clean VIN's decision within a plan: its characters at the plan's read positions. */
function decisionKey(read: Int8Array, vin: string): number | string {
  if (read.length <= NUMERIC_KEY_POSITIONS) {
    let key = 0;
    for (let i = 0; i < read.length; i++) key = key * VIN_CHARACTERS + vinCharIndex(vin.charCodeAt(read[i]!));
    return key;
  }
  let key = '';
  for (let i = 0; i < read.length; i++) key += vin[read[i]!];
  return key;
}

// The winners of the decode in progress, one slot per element (decoding is synchronous, so one
// set serves every decode): the link and pattern that decided it (link -1: nothing did), the value,
// and the engine model behind an engine-model fill-in.
const winLink = new Int32Array(ELEMENTS);
const winPattern = new Int32Array(ELEMENTS);
const winValue: string[] = new Array<string>(ELEMENTS).fill('');
const winEngine: (string | null)[] = new Array<string | null>(ELEMENTS).fill(null);

/**
 * Scratch bit sets, one per candidate link, reused by every decode: `scratch` for the patterns a
 * VIN matches, `partialScratch` (decidePartial) for those no unknown position can refuse.
 */
const scratch: Int32Array[] = [];
const partialScratch: Int32Array[] = [];
function scratchFor(sets: Int32Array[], i: number, words: number): Int32Array {
  let set = sets[i];
  if (!set || set.length < words) sets[i] = set = new Int32Array(Math.max(words, 64));
  return set;
}

/** The rank of each element's winner so far (decideClean). */
const winRank = new Int32Array(ELEMENTS);

/**
 * Fills the winner slots for a clean VIN; returns how many elements a pattern decided. Per
 * candidate (most recent YearFrom first) the VIN's matching patterns are one bit set, in element
 * then rank order, so the first set bit of an element is the candidate's answer for it: walking
 * the set bits and skipping to the next element after each costs what the VIN matches, not what
 * the plan holds. A later candidate takes an element only from one of the same YearFrom with a
 * lower rank (precedence: YearFrom, then rank).
 */
function decideClean(plan: Plan, vin: string): number {
  const { links, gates } = plan;
  winLink.fill(-1);
  winEngine.fill(null);
  let decided = 0;
  for (let i = 0; i < links.length; i++) {
    // Most candidates admit nothing of a given VIN, and the gate says so for most of them.
    if (!passesGate(gates, i * 3, vin)) continue;
    const { schema: s, yearFrom } = links[i]!;
    const set = scratchFor(scratch, i, s.words);
    if (!matchingPatterns(s, vin, set)) continue;
    const ordinary = s.ordinary;
    // Element e's patterns end at `next`; those below `from` are passed over.
    let e = 0, next = elementFrom(s, 1), from = 0;
    for (let w = 0; w < s.words; w++) {
      let bits = set[w]!;
      if (w === from >>> 5) bits &= -1 << (from & 31);
      while (bits !== 0) {
        const p = (w << 5) + (31 - Math.clz32(bits & -bits));
        if (p >= ordinary) break;
        while (p >= next) next = elementFrom(s, ++e + 1);
        const held = winLink[e]!;
        if (held < 0) {
          winLink[e] = i; winPattern[e] = p; winRank[e] = rankAt(s, p); decided++;
        } else if (links[held]!.yearFrom === yearFrom && rankAt(s, p) < winRank[e]!) {
          winLink[e] = i; winPattern[e] = p; winRank[e] = rankAt(s, p);
        }
        // The element's other patterns rank lower in this schema: on to the next element's.
        from = next;
        if (next >>> 5 !== w) { w = (next >>> 5) - 1; break; }
        bits &= -1 << (next & 31);
      }
    }
  }
  for (let e = 0; e < ELEMENTS; e++) if (winLink[e]! >= 0) winValue[e] = valueAt(links[winLink[e]!]!.schema, winPattern[e]!);
  if (plan.formulas) {
    // Formula keys fill what no ordinary pattern decided, by the same precedence.
    for (let e = 0; e < ELEMENTS; e++) {
      if (winLink[e]! >= 0) continue;
      for (let i = 0; i < links.length; i++) {
        const hit = formulaMatch(links[i]!.schema, e, vin);
        if (hit) { winLink[e] = i; winPattern[e] = hit[0]; winValue[e] = hit[1]; decided++; break; }
      }
    }
  }
  return decided;
}

/**
 * Fills the winner slots for a partial VIN; returns how many elements a pattern decided. An
 * element an unknown position leaves open goes into `undecided` (and stays undecided).
 */
function decidePartial(plan: Plan, vin: string, undecided: string[]): number {
  const { links } = plan;
  // Per candidate, the patterns the known positions admit and those no unknown position can refuse.
  for (let i = 0; i < links.length; i++) {
    const s = links[i]!.schema;
    partialMatches(s, vin, scratchFor(scratch, i, s.words), scratchFor(partialScratch, i, s.words));
  }
  let decided = 0;
  for (let e = 0; e < ELEMENTS; e++) {
    let best = -1, bestPattern = -1, bestYear = -1, bestRank = 0;
    let open = false;
    for (let i = 0; i < links.length; i++) {
      const link = links[i]!;
      if (best >= 0 && link.yearFrom < bestYear) break;
      const s = link.schema;
      const p = firstPartial(s, e, scratch[i]!, partialScratch[i]!); // -1 at once for a schema without patterns of e
      if (p === -2) { open = true; continue; }
      if (p >= 0 && (best < 0 || rankAt(s, p) < bestRank)) {
        best = i; bestPattern = p; bestYear = link.yearFrom; bestRank = rankAt(s, p);
      }
    }
    winEngine[e] = null;
    if (open) { undecided.push(VEHICLE_ELEMENTS[e]!.name); best = -1; }
    winLink[e] = best;
    if (best >= 0) {
      winPattern[e] = bestPattern;
      winValue[e] = valueAt(links[best]!.schema, bestPattern);
      decided++;
    }
  }
  return decided;
}

/** Engine-model fill-ins: what vPIC's EngineModelPattern says of the decoded engine model, for elements still open. */
function fillFromEngineModel(fills: readonly EngineFillTuple[] | undefined): void {
  if (!fills) return;
  const engine = E.engine_model;
  // In rank order: the first fill per element wins.
  for (let i = 0; i < fills.length; i++) {
    const [element, value] = fills[i]!;
    if (winLink[element]! >= 0) continue;
    winLink[element] = winLink[engine]!;
    winPattern[element] = winPattern[engine]!;
    winValue[element] = value;
    winEngine[element] = winValue[engine]!;
  }
}

const integer = (e: number): number | null => {
  if (winLink[e]! < 0) return null;
  const n = Number(winValue[e]);
  return Number.isInteger(n) ? n : null;
};
const decimal = (e: number): number | null => {
  if (winLink[e]! < 0) return null;
  const v = winValue[e]!;
  const n = Number(v);
  return v !== '' && Number.isFinite(n) ? n : null;
};
const text = (e: number): string | null => (winLink[e]! < 0 ? null : winValue[e]!);

/** Litres, from the litre pattern or else through vPIC's Conversion formulas (rounded as vPIC shows them). */
function litres(): number | null {
  const l = decimal(E.displacement_l);
  if (l !== null) return l;
  const cc = decimal(E.displacement_cc);
  if (cc !== null) return Math.round(cc) / 1000;
  const ci = decimal(E.displacement_ci);
  return ci === null ? null : Math.round(ci * LITRES_PER_CUBIC_INCH * 1e6) / 1e6;
}

const GROUPS = [...new Set(VEHICLE_ELEMENTS.map((e) => e.group))];
const GROUP_OF = VEHICLE_ELEMENTS.map((e) => GROUPS.indexOf(e.group));

/** Vehicle tables compiled for deciding, with the caches that belong to them: bounded by the registry, not the input. */
export class VehicleLayer {
  private readonly compiled = new Map<number, SchemaEntry>();
  private readonly engines = new Map<string, readonly EngineFillTuple[] | undefined>();
  /** Evidence items of engine-model fill-ins, by group and engine model. */
  private readonly engineEvidence = new Map<string, Readonly<Evidence>>();
  private readonly cache = new DecisionCache();
  private readonly sightings = new Sightings();
  /** Value and make names, one string per name: bounded by the registry. */
  private readonly intern = interner();

  constructor(readonly data: VehicleData) {}

  /**
   * A WMI's schemas (null: none). Made anew on each call: the caller keeps them, once per WMI
   * (decode-vin.ts's OriginCache, in its WmiDecoding), so they are bounded by the registry.
   */
  schemasOf(wmi: string): WmiSchemas | null {
    const links = (this.data.linksOf(wmi) ?? []).map(([id, yearFrom, yearTo]) => ({ id, yearFrom, yearTo: yearTo === 0 ? 9999 : yearTo }));
    links.sort((a, b) => b.yearFrom - a.yearFrom || a.id - b.id);
    return links.length > 0 ? new WmiSchemas(links, this.compile) : null;
  }

  /** A schema compiled on first use (undefined: the tables lack it): bounded by the registry. */
  private readonly compile = (id: number): SchemaEntry | undefined => {
    let entry = this.compiled.get(id);
    if (!entry) {
      const data = this.data.schema(id);
      if (!data) return undefined;
      // The same names recur in thousands of schemas ("Gasoline", "Pickup"): one string each.
      const schema = compileSchema({ ...data, values: data.values.map(this.intern), makes: data.makes.map(this.intern) });
      this.compiled.set(id, entry = { schema, evidence: new Array<Readonly<Evidence> | undefined>(schema.patterns) });
    }
    return entry;
  };

  /**
   * Reads the vehicle for each model-year candidate. None (position 10 is no year code): every
   * schema of the WMI. One candidate, or a type under the position-7 rule: the latest candidate.
   * Several, for types outside the rule (motorcycles, trailers, buses, and every type of a WMI that
   * does not build to Part 565: model-year.ts): the reading whose patterns decide the model is
   * kept; where both or neither do, the most recent candidate stands, as the model-year rule says.
   * `schemas` (schemasOf) null: nothing to read.
   */
  read(schemas: WmiSchemas | null, vin: string, candidates: readonly number[], partial: boolean, position7Rule: boolean): VehicleReading {
    if (!schemas) return NO_READING;
    // Position 10 is no year code: every schema of the WMI is a candidate (vPIC's rule).
    if (candidates.length === 0) return partial ? NO_READING : { decision: this.decide(schemas.plan(null), vin, false), year: null };
    const latest = candidates[candidates.length - 1]!;
    // Cars, MPVs and trucks under the rule keep its answer (a VIN of theirs with several
    // candidates does not follow 49 CFR 565); only others are read in both cycles.
    if (candidates.length === 1 || position7Rule) return { decision: this.decide(schemas.plan(latest), vin, partial), year: null };
    let decoded: { decision: VehicleDecision; year: number } | null = null;
    let latestDecision: VehicleDecision | null = null;
    for (let i = candidates.length - 1; i >= 0; i--) {
      const year = candidates[i]!;
      const decision = this.decide(schemas.plan(year), vin, partial);
      if (i === candidates.length - 1) latestDecision = decision;
      // A reading decodes when its patterns decide the model: a schema's catch-all GVWR or brake
      // key that admits any VIN of the WMI says nothing of which year the VIN is.
      if (decision.attributes.model === null) continue;
      if (decoded) return { decision: latestDecision!, year: null }; // more than one reading decodes
      decoded = { decision, year };
    }
    return decoded ? { decision: decoded.decision, year: decoded.year } : { decision: latestDecision!, year: null };
  }

  /** A plan's decision for a VIN: from the cache for a clean VIN; a partial VIN's unknown positions are not a key. */
  private decide(plan: Plan, vin: string, partial: boolean): VehicleDecision {
    if (plan.links.length === 0) return NOTHING_DECIDED;
    if (partial) return this.decideNow(plan, vin, true);
    const key = decisionKey(plan.read, vin);
    // Kept from the second sighting on: a one-off costs no cache entry, and a first sighting no
    // lookup (a key whose sighting another key has since overwritten is decided again: the same answer).
    const again = this.sightings.again(typeof key === 'number' ? hashNumber(key, plan.id) : hashText(key) ^ plan.id);
    let decision = again ? this.cache.get(plan, key) : undefined;
    if (decision === undefined) {
      decision = this.decideNow(plan, vin, false);
      if (again) this.cache.set(plan, key, decision);
    }
    return decision;
  }

  private decideNow(plan: Plan, vin: string, partial: boolean): VehicleDecision {
    const undecided: string[] = [];
    if ((partial ? decidePartial(plan, vin, undecided) : decideClean(plan, vin)) === 0) {
      return undecided.length === 0 ? NOTHING_DECIDED : { ...NOTHING_DECIDED, undecided };
    }
    if (winLink[E.engine_model]! >= 0) fillFromEngineModel(this.engineFills(winValue[E.engine_model]!));
    const cylinders = integer(E.cylinders), displacementL = litres(), engineModel = text(E.engine_model);
    const configuration = text(E.engine_configuration), turbo = text(E.turbo);
    const engine: DecodeResult['vehicle']['engine'] = cylinders === null && displacementL === null && engineModel === null && configuration === null && turbo === null
      ? NO_ENGINE : Object.freeze({ cylinders, displacementL, model: engineModel, configuration, turbo });
    const attributes: VehicleAttributes = Object.freeze({
      model: text(E.model), series: text(E.series), trim: text(E.trim), bodyClass: text(E.body_class),
      doors: integer(E.doors), driveType: text(E.drive_type), fuelType: text(E.fuel_type),
      fuelTypeSecondary: text(E.fuel_type_secondary), electrification: text(E.electrification), engine, gvwr: text(E.gvwr),
    });
    const model = winLink[E.model]!;
    // Shared by every result of the same decision (the decision cache): frozen.
    return {
      attributes, make: model >= 0 ? makeAt(plan.links[model]!.schema, winPattern[E.model]!) : null,
      evidence: this.evidence(plan), undecided,
    };
  }

  private engineFills(name: string): readonly EngineFillTuple[] | undefined {
    if (this.engines.has(name)) return this.engines.get(name);
    const fills = this.data.engineModel(name);
    this.engines.set(name, fills);
    return fills;
  }

  /** One evidence item per attribute group a winner decided, in element order. */
  private evidence(plan: Plan): Readonly<Evidence>[] {
    const out: Readonly<Evidence>[] = [];
    let seen = 0;
    for (let e = 0; e < ELEMENTS; e++) {
      const link = winLink[e]!;
      const g = GROUP_OF[e]!;
      if (link < 0 || (seen & (1 << g)) !== 0) continue;
      seen |= 1 << g;
      const engineModel = winEngine[e];
      let item: Readonly<Evidence> | undefined;
      if (engineModel !== null) {
        // Keyed by engine model and group: bounded by the registry.
        const key = `${GROUPS[g]}: engine model ${engineModel}`;
        item = this.engineEvidence.get(key);
        if (!item) this.engineEvidence.set(key, item = Object.freeze({ layer: 'vehicle', table: 'engine-models', key, source: this.data.source }));
      } else {
        // One per schema and pattern (its element's group): bounded by the registry.
        const { schema, evidence: kept } = plan.links[link]!;
        const pattern = winPattern[e]!;
        item = kept[pattern];
        if (!item) {
          // Joined, not concatenated: a flat string, rather than a chain of pieces kept as long as the item.
          const key = [GROUPS[g], ': schema ', schema.id, ' (', schema.name, ') key ', keyAt(schema, pattern)].join('');
          kept[pattern] = item = Object.freeze({ layer: 'vehicle', table: 'vehicle-patterns', key, source: this.data.source });
        }
      }
      out.push(item);
    }
    return out;
  }
}

/** The vehicle layer for a VIN's model-year candidates, and the year it settles on (null: the reading's own). */
export interface VehicleReading { decision: VehicleDecision; year: number | null }

const NO_READING: VehicleReading = Object.freeze({ decision: NOTHING_DECIDED, year: null });
