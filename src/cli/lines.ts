// Lines of a stream, handed over a chunk at a time: a million-line file costs a few hundred
// awaits instead of a million (readline's async iterator awaits once per line).
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

export async function* lineBatches(input: Readable): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of input) {
    const text = rest + (typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer));
    const lines = text.split('\n');
    rest = lines.pop()!;
    if (lines.length > 0) yield lines.map(stripCr);
  }
  rest += decoder.end();
  if (rest !== '') yield [stripCr(rest)];
}

function stripCr(line: string): string {
  return line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
}
