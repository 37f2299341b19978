// The `vino decode --json` line for a result: byte for byte JSON.stringify(result), made faster.
// Most of a line's bytes come from parts the decoder shares between results and freezes (layer 1,
// the plant's assembly layer, the summary, the check-digit verdict, evidence and warning items),
// so each such part is serialised once and its JSON reused. JSON.stringify spent half of a
// million-line run's time re-serialising the same evidence sources.
import type { DecodeResult } from '../generated/contract.js';

const jsonOf = new WeakMap<object, string>();

/** A frozen object whose values are all primitives cannot change, so its JSON can be kept. */
function unchangeable(part: object): boolean {
  if (!Object.isFrozen(part)) return false;
  for (const value of Object.values(part)) if (typeof value === 'object' && value !== null) return false;
  return true;
}

/** JSON of a part, kept per object when the part cannot change (weakly: it goes when the part does). */
function partJson(part: object): string {
  let json = jsonOf.get(part);
  if (json === undefined) {
    json = JSON.stringify(part);
    if (unchangeable(part)) jsonOf.set(part, json);
  }
  return json;
}

function listJson(parts: readonly object[]): string {
  if (parts.length === 0) return '[]';
  let json = '[' + partJson(parts[0]!);
  for (let i = 1; i < parts.length; i++) json += ',' + partJson(parts[i]!);
  return json + ']';
}

// The keys resultJson writes, in the decoder's order. If the contract gains a key, `complete`
// stops compiling; the tests hold resultJson equal to JSON.stringify over the benchmark fleet,
// the golden identifiers and hostile input.
const RESULT_KEYS = ['identifier', 'summary', 'corporateOrigin', 'assembly', 'vehicle', 'validation', 'positions'] as const;
const VALIDATION_KEYS = ['checkDigit', 'confidenceLevel', 'evidence', 'warnings', 'suggestions'] as const;
type Unwritten = Exclude<keyof DecodeResult, (typeof RESULT_KEYS)[number]> | Exclude<keyof DecodeResult['validation'], (typeof VALIDATION_KEYS)[number]>;
const complete: [Unwritten] extends [never] ? true : never = true;
void complete;

/** JSON.stringify(result) for a DecodeResult, in the decoder's key order. */
export function resultJson(result: DecodeResult): string {
  const v = result.validation;
  return '{"identifier":' + JSON.stringify(result.identifier)
    + ',"summary":' + partJson(result.summary)
    + ',"corporateOrigin":' + partJson(result.corporateOrigin)
    + ',"assembly":' + partJson(result.assembly)
    + ',"vehicle":' + JSON.stringify(result.vehicle)
    + ',"validation":{"checkDigit":' + partJson(v.checkDigit)
    + ',"confidenceLevel":' + JSON.stringify(v.confidenceLevel)
    + ',"evidence":' + listJson(v.evidence)
    + ',"warnings":' + listJson(v.warnings)
    + ',"suggestions":' + (v.suggestions.length === 0 ? '[]' : JSON.stringify(v.suggestions))
    + '},"positions":' + JSON.stringify(result.positions) + '}';
}

