// lineBatches cuts lines from raw chunks: lines, carriage returns and UTF-8 characters split
// across chunk ends must come out whole, as they would from the text read at once.
import { describe, expect, it } from 'vitest';
import { lineBatches } from '../../src/cli/lines.js';

/** The chunks exactly as given (a Readable could join them). */
async function* chunked(chunks: (string | Buffer)[]): AsyncGenerator<string | Buffer> {
  for (const chunk of chunks) yield chunk;
}

async function linesOf(chunks: (string | Buffer)[]): Promise<string[]> {
  const lines: string[] = [];
  for await (const batch of lineBatches(chunked(chunks))) lines.push(...batch);
  return lines;
}

/** Every way of cutting the bytes into three chunks. */
function cuts(bytes: Buffer): Buffer[][] {
  const all: Buffer[][] = [];
  for (let i = 0; i <= bytes.length; i++) {
    for (let j = i; j <= bytes.length; j++) all.push([bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)]);
  }
  return all;
}

describe('lineBatches', () => {
  it('gives the lines of the text however its bytes are cut into chunks', async () => {
    const text = '1HGCM82633A004352\r\nJZA80-1004956\n\nSCHÖN 寿司 🚗\r\nWAUZZZF49HA036141';
    const want = ['1HGCM82633A004352', 'JZA80-1004956', '', 'SCHÖN 寿司 🚗', 'WAUZZZF49HA036141'];
    for (const chunks of cuts(Buffer.from(text))) expect(await linesOf(chunks)).toEqual(want);
  });

  it('ends with the last line whether or not a newline ends the input, and reads string chunks too', async () => {
    expect(await linesOf(['A\nB\n'])).toEqual(['A', 'B']);
    expect(await linesOf(['A\nB'])).toEqual(['A', 'B']);
    expect(await linesOf([])).toEqual([]);
    expect(await linesOf(['\r\n'])).toEqual(['']);
  });

  it('keeps invalid UTF-8 as replacement characters, as decoding the whole input would', async () => {
    const bytes = Buffer.from([0x41, 0xc3, 0x0a, 0xff, 0x42, 0x0a]);
    for (const chunks of cuts(bytes)) expect(await linesOf(chunks)).toEqual(bytes.toString('utf8').split('\n').slice(0, -1));
  });
});
