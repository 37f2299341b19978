// Lines of a stream, handed over a chunk at a time: a million-line file costs a few hundred
// awaits instead of a million (readline's async iterator awaits once per line). Lines are cut
// from the bytes and each decoded on its own (a newline byte never occurs inside a UTF-8
// sequence), so a line is a string of its own: a slice of one decoded chunk would keep the whole
// chunk alive for as long as anything holds the line (the decoder keeps some identifiers).
const NEWLINE = 10;
const CARRIAGE_RETURN = 13;

/** The lines of a stream's bytes (a Readable, or any iterable of chunks), in batches. */
export async function* lineBatches(input: AsyncIterable<Buffer | string>): AsyncGenerator<string[]> {
  // The start of a line that the previous chunks began and did not end.
  let begun: Buffer | null = null;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const lines: string[] = [];
    let start = 0;
    let end = bytes.indexOf(NEWLINE);
    if (begun !== null && end !== -1) {
      const line = Buffer.concat([begun, bytes.subarray(0, end)]);
      lines.push(lineOf(line, 0, line.length));
      begun = null;
      start = end + 1;
      end = bytes.indexOf(NEWLINE, start);
    }
    for (; end !== -1; end = bytes.indexOf(NEWLINE, start)) {
      lines.push(lineOf(bytes, start, end));
      start = end + 1;
    }
    if (start < bytes.length) begun = begun === null ? Buffer.from(bytes.subarray(start)) : Buffer.concat([begun, bytes]);
    if (lines.length > 0) yield lines;
  }
  if (begun !== null) yield [lineOf(begun, 0, begun.length)];
}

/** The line in bytes[start, end), without a carriage return before its end. */
function lineOf(bytes: Buffer, start: number, end: number): string {
  return bytes.toString('utf8', start, end > start && bytes[end - 1] === CARRIAGE_RETURN ? end - 1 : end);
}
