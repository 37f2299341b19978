/**
 * What the input can tell about an identifier before any request is made: how long it is against
 * the 17 characters of a VIN, whether it is shaped like a Japanese chassis number or a partial VIN
 * (`*` for unknown positions, or the first 11 or more positions alone), and where the letters
 * ISO 3779 excludes (I, O, Q — they look like the digits 1 and 0) sit.
 */
import { normaliseIdentifier, positionRanges } from '../src/identifier-text.js';

export { positionRanges };

/** A VIN has exactly this many characters (ISO 3779, 49 CFR 565.15). */
export const VIN_LENGTH = 17;

/** The server decodes the first this many positions alone as a partial VIN (src/decode/partial.ts). */
export const MIN_PARTIAL_LENGTH = 11;

/** `partial`: 11-16 characters, decoded as a partial VIN whose remaining positions are unknown. */
export type LengthState = 'empty' | 'short' | 'partial' | 'complete' | 'long' | 'chassis';

export interface IdentifierAnalysis {
  /** Uppercase, whitespace removed: what is sent to the server. */
  normalised: string;
  /** The characters counted and checked: a VIN without the hyphens people type as separators. */
  counted: string;
  length: number;
  lengthState: LengthState;
  /** 1-based positions of I, O or Q in a VIN (positions count over `counted`, as the server's do). */
  excludedLetterPositions: number[];
  /** 1-based positions of a VIN the server will read as unknown: each `*`, and 12-17 of an 11-character prefix. */
  unknownPositions: number[];
}

/** The server's own normalisation (one module for both), so positions named here match its 422 `positions`. */
export { normaliseIdentifier };

/**
 * A Japanese domestic chassis number is MODELCODE-SERIAL (`JZA80-1004956`): a model code starting
 * with a letter, one hyphen, digits. Matching while the serial is still being typed keeps the
 * counter from complaining halfway through; anything else with hyphens is a VIN typed with separators.
 */
const CHASSIS_SO_FAR = /^[A-Z][A-Z0-9]{1,7}-[0-9]{0,8}$/;

export function looksLikeChassisNumber(normalised: string): boolean {
  return CHASSIS_SO_FAR.test(normalised);
}

export function analyseIdentifier(raw: string): IdentifierAnalysis {
  const normalised = normaliseIdentifier(raw);
  const chassis = looksLikeChassisNumber(normalised);
  const counted = chassis ? normalised : normalised.replace(/-/g, '');
  return {
    normalised,
    counted,
    length: counted.length,
    lengthState: lengthStateOf(counted.length, chassis),
    excludedLetterPositions: chassis ? [] : excludedLetterPositions(counted),
    unknownPositions: chassis ? [] : unknownPositions(counted),
  };
}

function lengthStateOf(length: number, chassis: boolean): LengthState {
  if (chassis) return 'chassis';
  if (length === 0) return 'empty';
  if (length < MIN_PARTIAL_LENGTH) return 'short';
  if (length < VIN_LENGTH) return 'partial';
  return length === VIN_LENGTH ? 'complete' : 'long';
}

function excludedLetterPositions(vin: string): number[] {
  const positions: number[] = [];
  for (let index = 0; index < vin.length; index++) {
    if ('IOQ'.includes(vin.charAt(index))) positions.push(index + 1);
  }
  return positions;
}

function unknownPositions(vin: string): number[] {
  if (vin.length < MIN_PARTIAL_LENGTH || vin.length > VIN_LENGTH) return [];
  const positions: number[] = [];
  for (let position = 1; position <= VIN_LENGTH; position++) {
    if (position > vin.length || vin.charAt(position - 1) === '*') positions.push(position);
  }
  return positions;
}

/** The warning sentence naming each offending letter and its position, or '' when there is none. */
export function excludedLetterWarning(vin: string, positions: readonly number[]): string {
  if (positions.length === 0) return '';
  const named = positions.map((position) => `${vin.charAt(position - 1)} at position ${position}`);
  return `ISO 3779 excludes I, O and Q from VINs because they look like the digits 1 and 0: ${joinWithAnd(named)}.`;
}

export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
