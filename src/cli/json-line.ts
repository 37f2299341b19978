// The `vino decode --json` line for a result: byte for byte JSON.stringify(result) in UTF-8, made
// faster. Most of a line's bytes come from parts the decoder shares between results and freezes
// (layer 1, the plant's assembly layer, the summary, the check-digit verdict, evidence items), so
// each such part is serialised and encoded to UTF-8 once, together with what comes before it in a
// line (its key, or in a list a comma), and the line is joined from those kept pieces (output.ts).
// JSON.stringify spent half of a million-line run's time re-serialising the same evidence
// sources, and the stream as much again encoding them. Objects the decoder makes for one result
// or a few (the vehicle, its engine, the positions, warnings such as an unknown plant's) are
// written from their values' JSON instead: keeping theirs cost a JSON.stringify and a WeakMap
// entry apiece, 98,000 of them over a 200,000-line fleet file (bench/identifiers.ts).
import type { DecodeResult, Warning } from '../generated/contract.js';
import type { DecodedResult } from '../decode/outcome.js';
import { utf8Bytes, type LineWriter } from './output.js';

/**
 * A frozen object whose values are all primitives cannot change, so its JSON can be kept; with
 * `depth` 1, its values may also be such objects (a template's vehicle: its engine and model-year
 * candidates are frozen too; a template's list: its items).
 */
function unchangeable(part: object, depth = 0): boolean {
  if (!Object.isFrozen(part)) return false;
  for (const value of Object.values(part)) {
    if (typeof value === 'object' && value !== null && (depth === 0 || !unchangeable(value, depth - 1))) return false;
  }
  return true;
}

/**
 * A result's list or object that a result template shares with every result made from it
 * (decode-vin.ts, frozen): its JSON in UTF-8 is kept, weakly, the first time it is written, so a
 * fleet file's repeated models cost one lookup for it instead of a lookup per item or member.
 * Anything not frozen, or holding anything that could change, is written afresh every time.
 */
class KeptWholes {
  private readonly kept = new WeakMap<object, string>();

  bytes(part: object, write: (part: object) => string): string {
    if (!Object.isFrozen(part)) return write(part);
    let bytes = this.kept.get(part);
    if (bytes === undefined) {
      bytes = write(part);
      if (unchangeable(part, 1)) this.kept.set(part, bytes = flat(bytes));
    }
    return bytes;
  }
}

/**
 * A result's evidence or warning list that a template shares with every result made from it
 * (frozen): its pieces (`[` and each item's kept bytes) are kept, weakly, the first time it is
 * written, so a fleet file's repeated models cost one lookup per list instead of one per item.
 * The pieces are the items' own kept strings, not a copy of them joined: a fleet of many models
 * holds thousands of lists that repeat the same plant's evidence.
 */
class KeptLists {
  private readonly kept = new WeakMap<object, readonly string[]>();

  /** `flatten`: the pieces are joined text (to keep them flat); otherwise they are kept strings already. */
  write(out: LineWriter, items: readonly object[], pieces: (items: readonly object[]) => string[], flatten: boolean): void {
    if (items.length === 0) return out.encoded(OPEN_LIST);
    const frozen = Object.isFrozen(items);
    let kept = frozen ? this.kept.get(items) : undefined;
    if (kept === undefined) {
      kept = pieces(items);
      if (frozen && unchangeable(items, 1)) this.kept.set(items, kept = flatten ? kept.map(flat) : kept);
    }
    for (let i = 0; i < kept.length; i++) out.encoded(kept[i]!);
  }
}

/**
 * The same bytes as one flat string. Text joined piece by piece is a chain of pieces; a line that
 * holds it copies it into the output by walking the chain, and a chain kept for many lines would
 * be walked once per line (it made writing a fleet file's lines 10% slower, not faster).
 */
function flat(bytes: string): string {
  return Buffer.from(bytes, 'latin1').toString('latin1');
}

/** `lead` + the part's JSON in UTF-8, kept in `kept` (weakly: the bytes go when the part does) when the part cannot change. */
function keptBytes(kept: WeakMap<object, string>, part: object, lead: string): string {
  let bytes = kept.get(part);
  if (bytes === undefined) {
    bytes = utf8Bytes(lead + JSON.stringify(part));
    if (unchangeable(part)) kept.set(part, bytes = flat(bytes));
  }
  return bytes;
}

/** The parts that take one place in a line, each kept with that place's lead. */
class KeptParts {
  private readonly kept = new WeakMap<object, string>();
  constructor(private readonly lead: string) {}

  write(out: LineWriter, part: object): void {
    out.encoded(keptBytes(this.kept, part, this.lead));
  }

  /** A non-empty list's `[` and items as pieces (its `]` comes with what follows): each item's kept bytes, the first without its lead. */
  listPieces(items: readonly object[]): string[] {
    const pieces = [OPEN_LIST, keptBytes(this.kept, items[0]!, this.lead).slice(this.lead.length)];
    for (let i = 1; i < items.length; i++) pieces.push(keptBytes(this.kept, items[i]!, this.lead));
    return pieces;
  }
}

/**
 * The JSON of an object the decoder makes per result (`vehicle`, `positions`), in UTF-8: its keys'
 * text is written once, and each value's JSON looked up (a string the registry named, or a frozen
 * part such as the engine) rather than made again. The object must hold exactly `keys`, in order,
 * as the decoder makes it; any other object (a caller added, removed or reordered a member, or a
 * value JSON leaves out) is written by JSON.stringify, so the bytes are always its bytes.
 */
class ObjectWriter {
  /** `{"a":`, `,"b":`, …: what comes before each value. */
  private readonly leads: readonly string[];
  /** Per key: its lead and `null`, the value of most keys of a vehicle. */
  private readonly nullPieces: readonly string[];
  /**
   * Per key whose string values are names the registry repeats: each value's lead and JSON in
   * UTF-8, so that a member costs one lookup and one piece of the line (bounded: past
   * KEPT_STRINGS in all, made each time). Keys whose text is per row or per decode have none.
   */
  private readonly keptPieces: readonly (Map<string, string> | undefined)[];
  private kept = 0;
  private readonly parts = new WeakMap<object, string>();
  /** Per key: the writer of its value when that is an object (`members`). */
  private readonly memberWriters: readonly (ObjectWriter | undefined)[];

  /**
   * `keepStrings`: the keys (or all, or none) whose string values are kept. `members`: writers for
   * the values of some keys that are objects the decoder makes afresh for many results (a
   * result's engine): written from their own values, where keeping each one's JSON would cost a
   * JSON.stringify and a WeakMap entry for an object seen once.
   */
  constructor(private readonly keys: readonly string[], keepStrings: boolean | readonly string[], members: Readonly<Record<string, ObjectWriter>> = {}) {
    this.leads = keys.map((k, i) => (i === 0 ? '{' : ',') + JSON.stringify(k) + ':');
    this.nullPieces = this.leads.map((lead) => lead + 'null');
    this.keptPieces = keys.map((k) => ((typeof keepStrings === 'boolean' ? keepStrings : keepStrings.includes(k)) ? new Map<string, string>() : undefined));
    this.memberWriters = keys.map((k) => (Object.hasOwn(members, k) ? members[k] : undefined));
  }

  /**
   * The object's JSON in UTF-8 (`utf8Bytes`). Only a plain object's members are read by key: for-in
   * would also list members it inherits, which JSON leaves out.
   */
  bytes(object: object): string {
    if (Object.getPrototypeOf(object) !== Object.prototype || 'toJSON' in object) return utf8Bytes(JSON.stringify(object));
    let json = '';
    let i = 0;
    const keys = this.keys;
    for (const key in object) {
      if (i === keys.length || key !== keys[i]) return utf8Bytes(JSON.stringify(object));
      const piece = this.piece(i++, (object as Record<string, unknown>)[key]);
      if (piece === undefined) return utf8Bytes(JSON.stringify(object));
      json += piece;
    }
    return i === keys.length ? json + '}' : utf8Bytes(JSON.stringify(object));
  }

  /** A non-empty list of such objects as pieces: its `[` and items (its `]` comes with what follows). */
  listPieces(items: readonly object[]): string[] {
    return items.map((item, i) => (i === 0 ? '[' : ',') + this.bytes(item));
  }

  /** Key i's lead and value's JSON in UTF-8; undefined for a value JSON.stringify leaves out or treats its own way. */
  private piece(i: number, value: unknown): string | undefined {
    if (value === null) return this.nullPieces[i];
    switch (typeof value) {
      case 'string': {
        const kept = this.keptPieces[i];
        return kept !== undefined ? this.keptString(kept, i, value) : this.leads[i] + (plainString(value) ?? utf8Bytes(JSON.stringify(value)));
      }
      case 'number': return this.leads[i] + (Number.isFinite(value) ? String(value) : 'null');
      case 'boolean': return this.leads[i] + (value ? 'true' : 'false');
      case 'object': {
        const writer = this.memberWriters[i];
        return this.leads[i] + (writer !== undefined ? writer.bytes(value) : keptBytes(this.parts, value, ''));
      }
      default: return undefined;
    }
  }

  private keptString(kept: Map<string, string>, i: number, value: string): string {
    let piece = kept.get(value);
    if (piece === undefined) {
      piece = this.leads[i] + utf8Bytes(JSON.stringify(value));
      if (this.kept < KEPT_STRINGS) {
        kept.set(value, piece = flat(piece));
        this.kept++;
      }
    }
    return piece;
  }
}

/** Distinct vehicle strings kept: the registry names far fewer. */
const KEPT_STRINGS = 1 << 16;

/** A string of printable ASCII other than `"` and `\\` as JSON (it is itself between quotes), or undefined when it holds any other character. */
function plainString(value: string): string | undefined {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return undefined;
  }
  return '"' + value + '"';
}

const SUMMARY = new KeptParts(',"summary":');
const CORPORATE_ORIGIN = new KeptParts(',"corporateOrigin":');
const ASSEMBLY = new KeptParts(',"assembly":');
const CHECK_DIGIT = new KeptParts(',"validation":{"checkDigit":');
const EVIDENCE_ITEM = new KeptParts(',');

const OPEN_LIST = '[';
const WARNINGS = '],"warnings":';
const NO_SUGGESTIONS = '],"suggestions":[]},"positions":';

/** `,"confidenceLevel":"HIGH","evidence":` by confidence level: a handful of values. */
const confidenceBytes = new Map<string, string>();
function writeConfidence(out: LineWriter, level: string): void {
  let bytes = confidenceBytes.get(level);
  if (bytes === undefined) {
    const json = `,"confidenceLevel":${JSON.stringify(level)},"evidence":`;
    if (confidenceBytes.size >= 8) return out.text(json); // bounded whatever the decoder returns
    confidenceBytes.set(level, bytes = utf8Bytes(json));
  }
  out.encoded(bytes);
}

// The keys writeResult writes, in the decoder's order. If the contract gains a key, `complete`
// stops compiling; the tests hold writeResult equal to JSON.stringify over the benchmark fleet,
// the golden identifiers and hostile input.
const RESULT_KEYS = ['identifier', 'summary', 'corporateOrigin', 'assembly', 'vehicle', 'validation', 'positions'] as const;
const VALIDATION_KEYS = ['checkDigit', 'confidenceLevel', 'evidence', 'warnings', 'suggestions'] as const;
type Unwritten = Exclude<keyof DecodeResult, (typeof RESULT_KEYS)[number]> | Exclude<keyof DecodeResult['validation'], (typeof VALIDATION_KEYS)[number]>;
const complete: [Unwritten] extends [never] ? true : never = true;
void complete;

// `vehicle`, its `engine`, `positions` and a warning's keys, in the decoder's key order; everyKey
// fails to compile if the contract gains or loses a key there.
type Vehicle = DecodeResult['vehicle'];

/** `keys` as given, when they are every key of T (a type error names the keys missing). */
function everyKey<T>() {
  return <const K extends readonly (keyof T)[]>(keys: K & ([Exclude<keyof T, K[number]>] extends [never] ? unknown : { missing: Exclude<keyof T, K[number]> })): K => keys;
}

const VEHICLE_KEYS = everyKey<Vehicle>()([
  'manufacturer', 'make', 'model', 'series', 'trim', 'modelYear', 'modelYearCandidates', 'vehicleType', 'bodyClass', 'doors',
  'driveType', 'fuelType', 'fuelTypeSecondary', 'electrification', 'engine', 'gvwr', 'productionYears',
]);
const POSITION_KEYS = everyKey<DecodeResult['positions']>()(['wmi', 'vds', 'checkDigit', 'modelYear', 'plantCode', 'serial', 'modelCode']);
const ENGINE_KEYS = everyKey<Vehicle['engine']>()(['cylinders', 'displacementL', 'model', 'configuration', 'turbo']);
// Warnings as code and message: some are made per decode (an unknown plant's names its code), so
// their JSON is not kept; a message is written as it is where it needs no escape.
const WARNING_KEYS = everyKey<Warning>()(['code', 'message']);
const WARNING = new ObjectWriter(WARNING_KEYS, ['code']);

const VEHICLE = new ObjectWriter(VEHICLE_KEYS, true, { engine: new ObjectWriter(ENGINE_KEYS, true) });
const POSITIONS = new ObjectWriter(POSITION_KEYS, false);

// A template's vehicle (its engine and candidates one level down), evidence and warning lists.
const KEPT_VEHICLES = new KeptWholes();
const KEPT_LISTS = new KeptLists();
const vehicleBytes = (vehicle: object): string => VEHICLE.bytes(vehicle);
const evidencePieces = (items: readonly object[]): string[] => EVIDENCE_ITEM.listPieces(items);
const warningPieces = (items: readonly object[]): string[] => WARNING.listPieces(items);

/** Writes JSON.stringify(result) for a DecodeResult, in the decoder's key order, without the line end. */
export function writeResult(out: LineWriter, result: DecodedResult): void {
  const v = result.validation;
  const identifier = plainString(result.identifier);
  if (identifier !== undefined) out.encoded('{"identifier":' + identifier);
  else out.text('{"identifier":' + JSON.stringify(result.identifier));
  SUMMARY.write(out, result.summary);
  CORPORATE_ORIGIN.write(out, result.corporateOrigin);
  ASSEMBLY.write(out, result.assembly);
  // A template's (frozen) is kept whole; one made per decode is written from its values' kept JSON.
  out.encoded(',"vehicle":' + KEPT_VEHICLES.bytes(result.vehicle, vehicleBytes));
  CHECK_DIGIT.write(out, v.checkDigit);
  writeConfidence(out, v.confidenceLevel);
  KEPT_LISTS.write(out, v.evidence, evidencePieces, false);
  out.encoded(WARNINGS);
  KEPT_LISTS.write(out, v.warnings, warningPieces, true);
  if (v.suggestions.length === 0) out.encoded(NO_SUGGESTIONS);
  else out.text(']' + ',"suggestions":' + JSON.stringify(v.suggestions) + '},"positions":');
  out.encoded(POSITIONS.bytes(result.positions) + '}');
}
