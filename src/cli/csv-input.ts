// Rows of the CSV `vino decode --column NAME` reads, from a file or standard input. The delimiter is
// the one the header line uses: European spreadsheets save CSV with `;` (the comma is their
// decimal separator), and those files failed as one-column rows.
import { Readable } from 'node:stream';

export class CsvColumnError extends Error {}

export interface CsvInput {
  delimiter: string;
  header: string[];
  rows: AsyncGenerator<{ identifier: string; fields: string[] }>;
}

/** `;` when the first line holds more semicolons than commas outside quotes, else `,`. */
export function headerDelimiter(firstLine: string): ',' | ';' {
  let commas = 0, semicolons = 0, quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

async function* chunksAfter(first: Buffer | string | undefined, rest: AsyncIterator<Buffer | string>): AsyncGenerator<Buffer | string> {
  if (first !== undefined) yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/** Opens the CSV: reads the header (throws CsvColumnError without `column`), then yields rows. */
export async function openCsv(input: Readable, column: string): Promise<CsvInput> {
  const { parse } = await import('csv-parse');
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const first = await chunks.next();
  const head = first.done ? '' : first.value.toString().replace(/^\ufeff/, '');
  const delimiter = headerDelimiter(head.split('\n', 1)[0]!);
  const records = Readable.from(chunksAfter(first.done ? undefined : first.value, chunks))
    .pipe(parse({ delimiter, relax_column_count: true, bom: true, skip_empty_lines: true }))[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const headerRecord = await records.next();
  const header = headerRecord.done ? [] : headerRecord.value;
  const index = header.findIndex((h) => h.trim().toLowerCase() === column.toLowerCase());
  if (index < 0) throw new CsvColumnError(`the CSV has no column named "${column}" (columns: ${header.join(', ') || 'none'})`);
  async function* rows(): AsyncGenerator<{ identifier: string; fields: string[] }> {
    for (let next = await records.next(); !next.done; next = await records.next()) yield { identifier: next.value[index] ?? '', fields: next.value };
  }
  return { delimiter, header, rows: rows() };
}
