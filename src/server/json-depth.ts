// Counts how deep a JSON text nests while its bytes arrive, so a body nested deeper than any valid
// request is refused at the byte that goes too deep, before JSON.parse sees it. JSON.parse and Ajv
// on 400,000 `[` took 60–350 ms of one core per request (issue 12, finding 1); this loop costs a
// few microseconds per kilobyte and stops at the first byte past the limit.
/** The parts of a JSON Schema that decide how deep a valid instance nests. */
export interface JSONSchema { type?: string | string[]; properties?: Record<string, JSONSchema>; items?: JSONSchema }

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** Bracket depth over chunks of UTF-8 (multi-byte sequences never hold these ASCII bytes). */
export class JsonDepthGauge {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(readonly maxDepth: number) {}

  /** Reads `chunk`; false as soon as the text nests deeper than maxDepth. */
  accept(chunk: Uint8Array): boolean {
    let { depth, inString, escaped } = this;
    const max = this.maxDepth;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) inString = true;
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++depth > max) return false;
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return true;
  }
}

/** How deep a body valid under `schema` can nest: 1 for an object of strings, 2 for an object holding an array of strings. */
export function schemaDepth(schema: JSONSchema): number {
  const inner = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
  ].map(schemaDepth);
  const own = schema.type === 'object' || schema.type === 'array' ? 1 : 0;
  return own + Math.max(0, ...inner);
}
