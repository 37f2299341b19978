/**
 * What the input can tell about an identifier before any request is made: how long it is against
 * the 17 characters of a VIN, whether it is shaped like a Japanese chassis number, and where the
 * letters ISO 3779 excludes (I, O, Q — they read as 1 and 0) sit.
 */

/** A VIN has exactly this many characters (ISO 3779, 49 CFR 565.15). */
export const VIN_LENGTH = 17;

export type LengthState = 'empty' | 'short' | 'complete' | 'long' | 'chassis';

export interface IdentifierAnalysis {
  /** Uppercase, whitespace removed: what the server decodes and what positions count over. */
  normalised: string;
  length: number;
  lengthState: LengthState;
  /** 1-based positions of I, O or Q in a VIN-shaped identifier. */
  excludedLetterPositions: number[];
}

/** Mirrors the server's normalisation, so the positions named here match its 422 `positions`. */
export function normaliseIdentifier(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/**
 * A hyphen never occurs in a VIN, and every Japanese domestic chassis number has one between the
 * model code and the serial (`JZA80-1004956`), so it is the earliest reliable sign of one.
 */
export function looksLikeChassisNumber(normalised: string): boolean {
  return normalised.includes('-');
}

export function analyseIdentifier(raw: string): IdentifierAnalysis {
  const normalised = normaliseIdentifier(raw);
  const length = normalised.length;
  const chassis = looksLikeChassisNumber(normalised);
  return {
    normalised,
    length,
    lengthState: lengthStateOf(length, chassis),
    excludedLetterPositions: chassis ? [] : excludedLetterPositions(normalised),
  };
}

function lengthStateOf(length: number, chassis: boolean): LengthState {
  if (chassis) return 'chassis';
  if (length === 0) return 'empty';
  if (length < VIN_LENGTH) return 'short';
  return length === VIN_LENGTH ? 'complete' : 'long';
}

function excludedLetterPositions(normalised: string): number[] {
  const positions: number[] = [];
  for (let index = 0; index < normalised.length; index++) {
    if ('IOQ'.includes(normalised.charAt(index))) positions.push(index + 1);
  }
  return positions;
}

/** The warning sentence naming each offending letter and its position, or '' when there is none. */
export function excludedLetterWarning(normalised: string, positions: readonly number[]): string {
  if (positions.length === 0) return '';
  const named = positions.map((position) => `${normalised.charAt(position - 1)} at position ${position}`);
  return `VINs never use I, O or Q (they read as 1 and 0): ${joinWithAnd(named)}.`;
}

export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
