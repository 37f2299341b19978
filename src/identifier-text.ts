/**
 * How a typed identifier is normalised before it is read, shared by the decoder and the page so
 * both read the same characters. White space never belongs to an identifier; only a-z are
 * upper-cased, because toUpperCase() turns ſ into S, ı into I and ﬀ into FF, which would let
 * characters that are not in the VIN alphabet pass as ones that are (the page did that, and the
 * API answered the same input with a 422).
 */
export function normaliseIdentifier(raw: string): string {
  return raw.replace(/\s+/g, '').replace(/[a-z]+/g, (run) => run.toUpperCase());
}
