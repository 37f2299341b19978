// What a bounded cache admits. A key seen once is usually never seen again (a fleet file of
// distinct vehicles), and caching it costs an entry, its copy and, when the cache starts over,
// garbage for the collector. A cache asks `again(hash)` and admits a key only on its second
// sighting: the table remembers one hash per slot (direct-mapped, fixed size), so it is bounded
// whatever the input, and a collision only means a key waits for another sighting, or is admitted
// a sighting early.
const SLOTS = 1 << 16;

export class Sightings {
  private readonly table = new Int32Array(SLOTS);

  /** Whether this hash was seen recently; records it either way. */
  again(hash: number): boolean {
    const slot = hash & (SLOTS - 1);
    const seen = this.table[slot] === hash;
    this.table[slot] = hash;
    return seen;
  }
}

/** FNV-1a over a number, folded into 32 bits: for keys that are numbers. */
export function hashNumber(n: number, seed: number): number {
  let h = Math.imul(seed ^ 0x811c9dc5, 0x01000193);
  h = Math.imul(h ^ (n >>> 0), 0x01000193);
  return Math.imul(h ^ Math.floor(n / 4294967296), 0x01000193);
}

/** FNV-1a over a string's character codes. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}
