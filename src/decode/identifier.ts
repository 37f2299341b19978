// What kind of identifier was typed. Spaces never belong to an identifier; a hyphen belongs to a
// Japanese chassis number (MODELCODE-SERIAL) and is otherwise a separator people type into VINs.
import { isVinChar } from './alphabet.js';
import { cleanVinRemainder } from './check-digit.js';
import type { DecodeError } from './outcome.js';
import { normaliseIdentifier } from '../identifier-text.js';
import { MIN_PARTIAL_LENGTH } from './partial.js';

export type Identifier =
  | { kind: 'vin'; vin: string }
  /** 17 positions, '*' at each unknown one (a prefix of 11-16 characters is padded with '*'). */
  | { kind: 'partial'; vin: string }
  | { kind: 'jdm'; text: string; modelCode: string; serial: string };

/** Longer input is refused before looking at its characters, so a megabyte line costs nothing. */
const MAX_LENGTH = 32;

/**
 * A chassis number MODELCODE-SERIAL: a letter and 1-7 more letters or digits, a hyphen, 3-8
 * digits (what /^([A-Z][A-Z0-9]{1,7})-([0-9]{3,8})$/ says, read without a regular expression).
 */
function splitChassis(text: string): { modelCode: string; serial: string } | null {
  const hyphen = text.indexOf('-');
  if (hyphen < 2 || hyphen > 8) return null;
  const serialLength = text.length - hyphen - 1;
  if (serialLength < 3 || serialLength > 8) return null;
  const first = text.charCodeAt(0);
  if (first < 65 || first > 90) return null;
  for (let i = 1; i < hyphen; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 65 && c <= 90) || (c >= 48 && c <= 57))) return null;
  }
  for (let i = hyphen + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  return { modelCode: text.slice(0, hyphen), serial: text.slice(hyphen + 1) };
}

const characterCount = (n: number): string => `${n} character${n === 1 ? '' : 's'}`;


/** Whether the text may hold white space or lower-case letters (anything outside printable ASCII counts, to be safe). */
function needsNormalising(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 32 || c >= 127 || (c >= 97 && c <= 122)) return true;
  }
  return false;
}

export function classifyIdentifier(input: string): { ok: true; id: Identifier } | { ok: false; error: DecodeError } {
  if (cleanVinRemainder(input) >= 0) return { ok: true, id: { kind: 'vin', vin: input } };
  // Padding around an identifier (fixed-width exports) is dropped before the length guard looks.
  const text = input.length > 4 * MAX_LENGTH ? input.trim() : input;
  const trimmed = text.length > 4 * MAX_LENGTH || !needsNormalising(text) ? text : normaliseIdentifier(text);
  if (trimmed.length === 0) {
    return { ok: false, error: { code: 'INVALID_LENGTH', identifier: '', detail: 'The identifier is empty: enter a 17-character VIN or a chassis number such as JZA80-1004956.' } };
  }
  if (trimmed.length > MAX_LENGTH) {
    return { ok: false, error: { code: 'INVALID_LENGTH', identifier: trimmed.slice(0, MAX_LENGTH) + '…', detail: `The identifier has ${characterCount(trimmed.length)}; a VIN has 17.` } };
  }
  const jdm = splitChassis(trimmed);
  if (jdm) return { ok: true, id: { kind: 'jdm', text: trimmed, modelCode: jdm.modelCode, serial: jdm.serial } };
  const hyphenated = trimmed.includes('-');
  const vin = trimmed.replace(/-/g, '');
  const foreign: number[] = [];
  const excluded: number[] = [];
  let unknown = 0;
  // Positions count characters as people see them (code points): an emoji is one position, not two.
  let position = 0;
  for (let i = 0; i < vin.length; i++) {
    const c = vin.charCodeAt(i);
    position++;
    if (isVinChar(c)) continue;
    if (c === 42) unknown++; // '*': an unknown position of a partial VIN
    else if (c === 73 || c === 79 || c === 81) excluded.push(position); // I, O, Q
    else foreign.push(position);
    // A surrogate pair is one character.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < vin.length) {
      const next = vin.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  if (foreign.length > 0) {
    return { ok: false, error: { code: 'ILLEGAL_CHARACTERS', identifier: vin, positions: [...foreign, ...excluded].sort((a, b) => a - b), detail: `Only the letters A-Z (without I, O, Q) and the digits 0-9 can appear in a VIN; position(s) ${foreign.join(', ')} hold other characters${excluded.length > 0 ? `, and ${excluded.join(', ')} hold I, O or Q` : ''}.` } };
  }
  // The first 11 or more positions alone are a partial VIN: the rest unknown.
  const prefix = vin.length >= MIN_PARTIAL_LENGTH && vin.length < 17;
  if (vin.length !== 17 && !prefix) {
    if (hyphenated) {
      return { ok: false, error: { code: 'UNRECOGNISED_FORMAT', identifier: trimmed, detail: 'This is neither a 17-character VIN nor a chassis number of the form MODELCODE-SERIAL (e.g. JZA80-1004956).' } };
    }
    return { ok: false, error: { code: 'INVALID_LENGTH', identifier: vin, detail: `The identifier has ${characterCount(vin.length)}; a VIN has 17 (a partial VIN at least its first ${MIN_PARTIAL_LENGTH}, with * for unknown positions; a chassis number is written MODELCODE-SERIAL).` } };
  }
  if (excluded.length > 0) {
    return { ok: false, error: { code: 'ILLEGAL_CHARACTERS', identifier: vin, positions: excluded, detail: `I, O and Q are not used in VINs (ISO 3779: they look like 1 and 0); found at position(s) ${excluded.join(', ')}.` } };
  }
  return unknown > 0 || prefix ? { ok: true, id: { kind: 'partial', vin: vin.padEnd(17, '*') } } : { ok: true, id: { kind: 'vin', vin } };
}
