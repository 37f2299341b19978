// `vino decode`: identifiers from arguments, standard input or a file (lines, or a CSV column);
// human-readable by default, `--json` one JSON line per input line, `--format csv` the input CSV
// with decoded columns appended. A bad identifier is reported on its line and the run goes on.
import { createReadStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { Command, InvalidArgumentError, Option } from 'commander';
import { decode } from '../../decode/index.js';
import type { DecodeOutcome } from '../../decode/outcome.js';
import { decodeProblem } from '../../problem.js';
import { csvField } from '../../csv.js';
import { DECODED_COLUMNS, decodedValues } from '../csv-columns.js';
import { formatProblemText, formatResult } from '../format-text.js';
import { resultJson } from '../json-line.js';
import { lineBatches } from '../lines.js';
import { LineWriter } from '../output.js';
import { Progress } from '../progress.js';
import { printableLines, terminalSafeJson } from '../printable.js';

type Format = 'text' | 'json' | 'csv';
interface DecodeOptions { json?: boolean; file?: string; column?: string; format?: Format }

function jsonLine(identifier: string, outcome: DecodeOutcome): string {
  return outcome.ok ? resultJson(outcome.result) : terminalSafeJson({ identifier, error: decodeProblem(outcome.error) });
}


/** Rows of a CSV file as { identifier, fields }, taking the identifier from the named column. */
async function* csvRows(input: Readable, column: string, onHeader: (header: string[]) => void): AsyncGenerator<{ identifier: string; fields: string[] }> {
  const { parse } = await import('csv-parse');
  let index = -1;
  for await (const record of input.pipe(parse({ relax_column_count: true, bom: true, skip_empty_lines: true })) as AsyncIterable<string[]>) {
    if (index < 0) {
      index = record.findIndex((h) => h.trim().toLowerCase() === column.toLowerCase());
      if (index < 0) throw new UsageError(`the CSV has no column named "${column}" (columns: ${record.join(', ')})`);
      onHeader(record);
      continue;
    }
    yield { identifier: record[index] ?? '', fields: record };
  }
}

export class UsageError extends Error {}

export async function runDecode(ids: string[], options: DecodeOptions, stdin: Readable, stdout: NodeJS.WritableStream & import('node:stream').Writable): Promise<number> {
  const format: Format = options.json ? 'json' : options.format ?? 'text';
  if (ids.length > 0 && options.file) throw new UsageError('give identifiers as arguments or with --file, not both');
  if (format === 'csv' && !options.column) throw new UsageError('--format csv needs --column NAME (the column holding the VIN)');
  const out = new LineWriter(stdout);
  // Small read chunks: each batch of lines is decoded before the next scavenge, so its strings
  // die young instead of being promoted and piling up in the old generation (RSS).
  const input = options.file ? createReadStream(options.file, { highWaterMark: 1 << 13 }) : stdin;
  const progress = options.file && process.stderr.isTTY ? new Progress(statSync(options.file).size, input) : null;
  let failures = 0;
  const emit = (identifier: string, fields: string[] | null): void => {
    const outcome = decode(identifier);
    if (!outcome.ok) failures++;
    if (format === 'json') out.push(jsonLine(identifier, outcome));
    else if (format === 'csv') out.push([...(fields ?? [identifier]), ...decodedValues(outcome)].map((v) => csvField(v ?? '')).join(','));
    else out.push(printableLines(outcome.ok ? formatResult(outcome.result) : formatProblemText(identifier, decodeProblem(outcome.error))) + '\n');
    progress?.tick();
  };
  try {
    if (ids.length > 0) for (const id of ids) emit(id, null);
    else if (options.column) {
      for await (const row of csvRows(input, options.column, (header) => { if (format === 'csv') out.push([...header, ...DECODED_COLUMNS].map(csvField).join(',')); })) {
        emit(row.identifier, row.fields);
        if (out.full) await out.flush();
      }
    } else {
      for await (const batch of lineBatches(input)) {
        for (const line of batch) {
          emit(line, null);
          if (out.full) await out.flush();
        }
      }
    }
  } finally {
    progress?.done();
    await out.flush();
  }
  return failures > 0 ? 1 : 0;
}

export function registerDecode(program: Command): void {
  program
    .command('decode')
    .description('decode VINs or Japanese chassis numbers (arguments, --file, or one per line on standard input)')
    .argument('[identifiers...]', 'VINs or chassis numbers such as 1HGCM82633A004352 or JZA80-1004956')
    .option('--json', 'print one JSON line per input line (the result, or {"identifier", "error"})')
    .option('-f, --file <path>', 'read identifiers from a file: one per line, or a CSV with --column')
    .option('-c, --column <name>', 'the CSV column that holds the identifier')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'csv']).default('text'))
    .action(async (ids: string[], options: DecodeOptions) => {
      if (ids.length === 0 && !options.file && process.stdin.isTTY) {
        throw new InvalidArgumentError('give identifiers as arguments, with --file, or on standard input');
      }
      try {
        process.exitCode = await runDecode(ids, options, process.stdin, process.stdout);
      } catch (err) {
        if (err instanceof UsageError) throw new InvalidArgumentError(err.message);
        throw err;
      }
    });
}
