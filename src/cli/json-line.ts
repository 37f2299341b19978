// The `vino decode --json` line for a result: byte for byte JSON.stringify(result) in UTF-8, made
// faster. Most of a line's bytes come from parts the decoder shares between results and freezes
// (layer 1, the plant's assembly layer, the summary, the check-digit verdict, evidence and warning
// items), so each such part is serialised and encoded to UTF-8 once, together with what comes
// before it in a line (its key, or in a list a comma), and the line is joined from those kept
// pieces (output.ts). JSON.stringify spent half of a million-line run's time re-serialising the
// same evidence sources, and the stream as much again encoding them.
import type { DecodeResult } from '../generated/contract.js';
import { utf8Bytes, type LineWriter } from './output.js';

/** A frozen object whose values are all primitives cannot change, so its JSON can be kept. */
function unchangeable(part: object): boolean {
  if (!Object.isFrozen(part)) return false;
  for (const value of Object.values(part)) if (typeof value === 'object' && value !== null) return false;
  return true;
}

/** `lead` + the part's JSON in UTF-8, kept in `kept` (weakly: the bytes go when the part does) when the part cannot change. */
function keptBytes(kept: WeakMap<object, string>, part: object, lead: string): string {
  let bytes = kept.get(part);
  if (bytes === undefined) {
    bytes = utf8Bytes(lead + JSON.stringify(part));
    if (unchangeable(part)) kept.set(part, bytes);
  }
  return bytes;
}

/** The parts that take one place in a line, each kept with that place's lead. */
class KeptParts {
  private readonly kept = new WeakMap<object, string>();
  constructor(private readonly lead: string) {}

  write(out: LineWriter, part: object, lead?: string): void {
    const kept = keptBytes(this.kept, part, this.lead);
    out.encoded(lead === undefined ? kept : lead + kept.slice(this.lead.length));
  }

  /** Writes a list's `[` and items (its `]` comes with what follows): the first item's leading comma becomes the `[`. */
  writeList(out: LineWriter, items: readonly object[]): void {
    if (items.length === 0) return out.encoded(OPEN_LIST);
    this.write(out, items[0]!, '[');
    for (let i = 1; i < items.length; i++) this.write(out, items[i]!);
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
  /** A string value's JSON in UTF-8, for strings the registry names (bounded: past the limit, made each time). */
  private readonly strings = new Map<string, string>();
  private readonly parts = new WeakMap<object, string>();

  constructor(private readonly keys: readonly string[], private readonly keepStrings: boolean) {
    this.leads = keys.map((k, i) => (i === 0 ? '{' : ',') + JSON.stringify(k) + ':');
  }

  /** The object's JSON in UTF-8 (`utf8Bytes`). */
  bytes(object: object): string {
    if ('toJSON' in object) return utf8Bytes(JSON.stringify(object));
    let json = '';
    let i = 0;
    const keys = this.keys;
    for (const key in object) {
      if (i === keys.length || key !== keys[i]) return utf8Bytes(JSON.stringify(object));
      const value = this.value((object as Record<string, unknown>)[key]);
      if (value === undefined) return utf8Bytes(JSON.stringify(object));
      json += this.leads[i++] + value;
    }
    return i === keys.length ? json + '}' : utf8Bytes(JSON.stringify(object));
  }

  /** A value's JSON in UTF-8; undefined for a value JSON.stringify leaves out or treats its own way. */
  private value(value: unknown): string | undefined {
    if (value === null) return 'null';
    switch (typeof value) {
      case 'string': return this.keepStrings ? this.keptString(value) : plainString(value) ?? utf8Bytes(JSON.stringify(value));
      case 'number': return Number.isFinite(value) ? String(value) : 'null';
      case 'boolean': return value ? 'true' : 'false';
      case 'object': return keptBytes(this.parts, value, '');
      default: return undefined;
    }
  }

  private keptString(value: string): string {
    let kept = this.strings.get(value);
    if (kept === undefined) {
      kept = utf8Bytes(JSON.stringify(value));
      if (this.strings.size < KEPT_STRINGS) this.strings.set(value, kept);
    }
    return kept;
  }
}

/** Distinct vehicle strings kept: the registry names far fewer. */
const KEPT_STRINGS = 1 << 16;

/** A string of VIN characters (what `positions` holds) as JSON, or undefined when it holds any other. */
function plainString(value: string): string | undefined {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) return undefined;
  }
  return '"' + value + '"';
}

const SUMMARY = new KeptParts(',"summary":');
const CORPORATE_ORIGIN = new KeptParts(',"corporateOrigin":');
const ASSEMBLY = new KeptParts(',"assembly":');
const CHECK_DIGIT = new KeptParts(',"validation":{"checkDigit":');
const EVIDENCE_ITEM = new KeptParts(',');
const WARNING_ITEM = new KeptParts(',');

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

// `vehicle` and `positions` in the decoder's key order; the types fail to compile if the contract
// gains or loses a key there.
type Vehicle = DecodeResult['vehicle'];
type Positions = DecodeResult['positions'];
const VEHICLE_KEYS = [
  'manufacturer', 'make', 'model', 'series', 'trim', 'modelYear', 'modelYearCandidates', 'vehicleType', 'bodyClass', 'doors',
  'driveType', 'fuelType', 'fuelTypeSecondary', 'electrification', 'engine', 'gvwr', 'productionYears',
] as const satisfies readonly (keyof Vehicle)[];
const POSITION_KEYS = ['wmi', 'vds', 'checkDigit', 'modelYear', 'plantCode', 'serial', 'modelCode'] as const satisfies readonly (keyof Positions)[];
const allVehicleKeys: [Exclude<keyof Vehicle, (typeof VEHICLE_KEYS)[number]> | Exclude<keyof Positions, (typeof POSITION_KEYS)[number]>] extends [never] ? true : never = true;
void allVehicleKeys;
const VEHICLE = new ObjectWriter(VEHICLE_KEYS, true);
const POSITIONS = new ObjectWriter(POSITION_KEYS, false);

/** Writes JSON.stringify(result) for a DecodeResult, in the decoder's key order, without the line end. */
export function writeResult(out: LineWriter, result: DecodeResult): void {
  const v = result.validation;
  out.text('{"identifier":' + JSON.stringify(result.identifier));
  SUMMARY.write(out, result.summary);
  CORPORATE_ORIGIN.write(out, result.corporateOrigin);
  ASSEMBLY.write(out, result.assembly);
  // Made per decode (the caller's to change): written from the values' kept JSON.
  out.encoded(',"vehicle":' + VEHICLE.bytes(result.vehicle));
  CHECK_DIGIT.write(out, v.checkDigit);
  writeConfidence(out, v.confidenceLevel);
  EVIDENCE_ITEM.writeList(out, v.evidence);
  out.encoded(WARNINGS);
  WARNING_ITEM.writeList(out, v.warnings);
  if (v.suggestions.length === 0) out.encoded(NO_SUGGESTIONS);
  else out.text(']' + ',"suggestions":' + JSON.stringify(v.suggestions) + '},"positions":');
  out.encoded(POSITIONS.bytes(result.positions) + '}');
}
