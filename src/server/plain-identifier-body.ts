// The body nearly every decode request sends, `{"identifier":"1HGCM82633A004352"}`, read straight
// from its bytes. When the body is exactly that shape, with no whitespace, and the identifier holds
// only printable ASCII other than `"` and `\`, the bytes are the characters and there is no escape
// to undo: JSON.parse would give the same one-member object (test/server/plain-identifier-body.test.ts
// holds it to that on arbitrary bodies). UTF-8 decoding and JSON.parse cost more than the rest of
// the read. Anything else, however close, is left to them. The answer is still checked by Ajv.

const PREFIX = Buffer.from('{"identifier":"', 'latin1');
const SUFFIX = Buffer.from('"}', 'latin1');
/** Printable ASCII (RFC 8259 §7: below 0x20 must be escaped; above 0x7e may need UTF-8 decoding). */
const FIRST_PLAIN = 0x20;
const LAST_PLAIN = 0x7e;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** `{ identifier }` when `raw` is exactly the plain shape; undefined when it must be parsed. */
export function plainIdentifierBody(raw: Buffer): { identifier: string } | undefined {
  const end = raw.length - SUFFIX.length;
  if (end < PREFIX.length || raw[end] !== SUFFIX[0] || raw[end + 1] !== SUFFIX[1]) return undefined;
  for (let i = 0; i < PREFIX.length; i++) if (raw[i] !== PREFIX[i]) return undefined;
  for (let i = PREFIX.length; i < end; i++) {
    const byte = raw[i]!;
    if (byte < FIRST_PLAIN || byte > LAST_PLAIN || byte === QUOTE || byte === BACKSLASH) return undefined;
  }
  return { identifier: raw.toString('latin1', PREFIX.length, end) };
}
