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

/** FNV-1a, 32 bits: the starting value, and one step per character code (or 32-bit word). */
export const FNV_OFFSET = 0x811c9dc5;
export const fnvStep = (hash: number, value: number): number => Math.imul(hash ^ value, 0x01000193);

/** FNV-1a over a number (its low and high 32 bits), seeded: for keys that are numbers. */
export function hashNumber(n: number, seed: number): number {
  return fnvStep(fnvStep(fnvStep(FNV_OFFSET, seed), n >>> 0), Math.floor(n / 4294967296));
}

/** FNV-1a over a string's character codes. */
export function hashText(text: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) h = fnvStep(h, text.charCodeAt(i));
  return h;
}
