// vPIC-style VIN patterns: positions 4-8, optionally '|' and positions 10-17; each position a
// character, '*' (any) or a class such as [0-4] or [ABC]. Compiled once to the constrained
// positions, so matching is a few charCode comparisons.
export interface VinPattern {
  /** 0-based VIN indexes that are constrained. */
  positions: readonly number[];
  /** For each constrained index, the characters allowed there. */
  allowed: readonly string[];
  /**
   * The same sets as bit masks over character codes 48-90 ('0'-'Z'): bit (code - 48) of
   * `low` (codes 48-79) or bit (code - 80) of `high` (codes 80-90), one pair per position.
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
      const bit = chars.charCodeAt(k) - 48;
      if (bit < 0 || bit > 42) continue; // not a VIN character: no VIN can match it
      if (bit < 32) low[i]! |= 1 << bit;
      else high[i]! |= 1 << (bit - 32);
    }
  });
  return { positions, allowed, low, high };
}

/** Whether a VIN (17 characters of the VIN alphabet) fits the pattern: one mask test per constrained position. */
export function matchesPattern(pattern: VinPattern, vin: string): boolean {
  const { positions, low, high } = pattern;
  for (let i = 0; i < positions.length; i++) {
    const bit = vin.charCodeAt(positions[i]!) - 48;
    const hit = bit < 32 ? (low[i]! >>> bit) & 1 : (high[i]! >>> (bit - 32)) & 1;
    if (hit === 0) return false;
  }
  return true;
}
