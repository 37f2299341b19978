// vPIC-style VIN patterns: positions 4-8, optionally '|' and positions 10-17; each position a
// character, '*' (any) or a class such as [0-4] or [ABC]. Compiled once to the constrained
// positions, so matching is a few charCode comparisons.
export interface VinPattern {
  /** 0-based VIN indexes that are constrained. */
  positions: readonly number[];
  /** For each constrained index, the characters allowed there. */
  allowed: readonly string[];
}

function expandClass(body: string): string {
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
  return { positions, allowed };
}

export function matchesPattern(pattern: VinPattern, vin: string): boolean {
  for (let i = 0; i < pattern.positions.length; i++) {
    if (!pattern.allowed[i]!.includes(vin[pattern.positions[i]!]!)) return false;
  }
  return true;
}
