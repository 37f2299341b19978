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

/** 1-based positions as people write them: 12-17, or 5, 7. */
export function positionRanges(positions: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < positions.length; i++) {
    let j = i;
    while (j + 1 < positions.length && positions[j + 1] === positions[j]! + 1) j++;
    parts.push(j >= i + 2 ? `${positions[i]}-${positions[j]}` : j === i + 1 ? `${positions[i]}, ${positions[j]}` : `${positions[i]}`);
    i = j;
  }
  return parts.join(', ');
}
