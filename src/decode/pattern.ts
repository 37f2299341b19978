// vPIC-style VIN patterns: positions 4-8, optionally '|' and positions 10-17; each position a
// character, '*' (any) or a class such as [0-4] or [ABC]. Compiled once to the constrained
// positions, so matching is a few charCode comparisons.
import { charSlot, charSlotOf, hasSlot, LOW_SLOTS } from './alphabet.js';
export interface VinPattern {
  /** 0-based VIN indexes that are constrained. */
  positions: readonly number[];
  /** For each constrained index, the characters allowed there. */
  allowed: readonly string[];
  /**
   * The same sets as two-word bit sets over character slots (alphabet.ts): `low` and `high`,
   * one pair per position.
   */
  low: Int32Array;
  high: Int32Array;
}

/** The characters a class body such as `A-D` or `13579` stands for. */
export function expandClass(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === '-' && i + 2 < body.length) {
      for (let c = body.charCodeAt(i); c <= body.charCodeAt(i + 2); c++) out += String.fromCharCode(c);
      i += 2;
    } else out += body[i];
  }
  return out;
}

export function compilePattern(pattern: string): VinPattern {
  const positions: number[] = [];
  const allowed: string[] = [];
  const [vds = '', vis = ''] = pattern.split('|');
  const walk = (part: string, firstIndex: number): void => {
    let index = firstIndex;
    for (let i = 0; i < part.length; i++, index++) {
      if (part[i] === '*') continue;
      if (part[i] === '[') {
        const end = part.indexOf(']', i);
        positions.push(index);
        allowed.push(expandClass(part.slice(i + 1, end)));
        i = end;
      } else {
        positions.push(index);
        allowed.push(part[i]!);
      }
    }
  };
  walk(vds, 3);
  walk(vis, 9);
  const low = new Int32Array(positions.length);
  const high = new Int32Array(positions.length);
  allowed.forEach((chars, i) => {
    for (let k = 0; k < chars.length; k++) {
      const slot = charSlotOf(chars.charCodeAt(k));
      if (slot < 0) continue; // not a VIN character: no VIN can match it
      if (slot < LOW_SLOTS) low[i]! |= 1 << slot;
      else high[i]! |= 1 << (slot - LOW_SLOTS);
    }
  });
  return { positions, allowed, low, high };
}

/** Whether a VIN (17 characters of the VIN alphabet) fits the pattern: one mask test per constrained position. */
export function matchesPattern(pattern: VinPattern, vin: string): boolean {
  const { positions, low, high } = pattern;
  for (let i = 0; i < positions.length; i++) {
    if (!hasSlot(low[i]!, high[i]!, charSlot(vin.charCodeAt(positions[i]!)))) return false;
  }
  return true;
}
