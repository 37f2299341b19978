// `vino decode`: identifiers from arguments, standard input or a file (lines, or a CSV column);
// human-readable by default, `--json` one JSON line per input line, `--format csv` the input CSV
// with decoded columns appended. A bad identifier is reported on its line and the run goes on.
import { createReadStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { Command, InvalidArgumentError, Option } from 'commander';
import { decode } from '../../decode/index.js';
import type { DecodeOutcome } from '../../decode/outcome.js';
import { decodeProblem } from '../../problem.js';
import { csvRow } from '../csv-cells.js';
import { CsvColumnError, openCsv } from '../csv-input.js';
import { DECODED_COLUMNS, decodedValues } from '../csv-columns.js';
import { formatProblemText, formatResult } from '../format-text.js';
import { writeResult } from '../json-line.js';
import { lineBatches } from '../lines.js';
import { LineWriter } from '../output.js';
import { Progress } from '../progress.js';
import { printable, printableLines, terminalSafeJson } from '../printable.js';

type Format = 'text' | 'json' | 'csv';
interface DecodeOptions { json?: boolean; file?: string; column?: string; format?: Format; verbatim?: boolean }

function writeJsonLine(out: LineWriter, identifier: string, outcome: DecodeOutcome): void {
  if (outcome.ok) writeResult(out, outcome.result);
  else out.text(terminalSafeJson({ identifier, error: decodeProblem(outcome.error) }));
  out.endLine();
}


export class UsageError extends Error {}

type Output = NodeJS.WritableStream & import('node:stream').Writable;

/** A line that holds a delimiter and does not decode: the header of a CSV given without --column. */
const looksLikeCsvHeader = (line: string, outcome: DecodeOutcome): boolean => !outcome.ok && /[,;]/.test(line);

function checkUsage(ids: string[], options: DecodeOptions): Format {
  if (options.json && options.format !== undefined && options.format !== 'text' && options.format !== 'json') {
    throw new UsageError(`--json prints JSON lines; it cannot be combined with --format ${options.format}`);
  }
  const format: Format = options.json ? 'json' : options.format ?? 'text';
  if (ids.length > 0 && options.file) throw new UsageError('give identifiers as arguments or with --file, not both');
  if (ids.length > 0 && options.column) throw new UsageError('--column names a column of a CSV read with --file or from standard input, not of arguments');
  if (format === 'csv' && !options.column) throw new UsageError('--format csv needs --column NAME (the column holding the VIN)');
  if (options.verbatim && format !== 'csv') throw new UsageError('--verbatim applies to --format csv only');
  return format;
}

/** The size of the file to read; a file that cannot be read is a usage error naming it, not a raw ENOENT. */
function fileSize(path: string): number {
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) throw new UsageError(`cannot read ${path}: it is a folder`);
    return stat.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new UsageError(`cannot read ${path}: ${why}`);
  }
}

export async function runDecode(ids: string[], options: DecodeOptions, stdin: Readable, stdout: Output, stderr: Output = process.stderr): Promise<number> {
  const format = checkUsage(ids, options);
  const size = options.file === undefined ? 0 : fileSize(options.file);
  const out = new LineWriter(stdout);
  // 4 KB reads, a batch of some 240 lines: a batch's lines live until the last is decoded, and
  // with 16 KB ones (940 lines) enough of them outlived two young-generation collections to be
  // moved to the old generation, where they piled up as garbage until a full collection: in one
  // run of three a million-line file's peak memory climbed to 200 MB where the others held at
  // 130 MB (the bin's 4 MB semi-space, bin/vino.js). With 4 KB reads, 127-136 MB in six runs.
  const input = options.file ? createReadStream(options.file, { highWaterMark: 1 << 12 }) : stdin;
  const progress = options.file && process.stderr.isTTY ? new Progress(size, input) : null;
  const verbatim = options.verbatim === true;
  let delimiter = ',';
  let rows = 0;
  let failures = 0;
  const emit = (identifier: string, fields: string[] | null): DecodeOutcome => {
    const outcome = decode(identifier);
    rows++;
    if (!outcome.ok) failures++;
    if (format === 'json') writeJsonLine(out, identifier, outcome);
    else if (format === 'csv') out.push(csvRow([...(fields ?? [identifier]), ...decodedValues(outcome)], delimiter, verbatim));
    else out.push(printableLines(outcome.ok ? formatResult(outcome.result) : formatProblemText(identifier, decodeProblem(outcome.error))) + '\n');
    progress?.tick();
    return outcome;
  };
  try {
    if (ids.length > 0) for (const id of ids) emit(id, null);
    else if (options.column) {
      let csv;
      try {
        csv = await openCsv(input, options.column);
      } catch (error) {
        if (error instanceof CsvColumnError) throw new UsageError(error.message);
        throw error;
      }
      delimiter = csv.delimiter;
      if (format === 'csv') out.push(csvRow([...csv.header, ...DECODED_COLUMNS], delimiter, verbatim));
      for await (const row of csv.rows) {
        emit(row.identifier, row.fields);
        if (out.full) await out.ready();
      }
    } else {
      let first = true;
      for await (const batch of lineBatches(input)) {
        for (const line of batch) {
          const outcome = emit(line, null);
          if (first && looksLikeCsvHeader(line, outcome)) {
            stderr.write(`vino: hint: the first line looks like a CSV header (${printable(line.slice(0, 60))}); give --column NAME to decode one column of a CSV\n`);
          }
          first = false;
          if (out.full) await out.ready();
        }
      }
    }
  } finally {
    progress?.done();
    await out.flush();
  }
  // The progress bar is gone: say what the run did, where it does not mix with the CSV on stdout.
  if (format === 'csv') stderr.write(`${(rows - failures).toLocaleString('en')} ${rows - failures === 1 ? 'row' : 'rows'} decoded, ${failures.toLocaleString('en')} failed\n`);
  return failures > 0 ? 1 : 0;
}

export function registerDecode(program: Command): void {
  program
    .command('decode')
    .description('decode VINs or Japanese chassis numbers (arguments, --file, or one per line on standard input)')
    .argument('[identifiers...]', 'VINs or chassis numbers such as 1HGCM82633A004352 or JZA80-1004956')
    .option('--json', 'print one JSON line per input line (the result, or {"identifier", "error"})')
    .option('-f, --file <path>', 'read identifiers from a file: one per line, or a CSV (, or ;) with --column')
    .option('-c, --column <name>', 'the CSV column that holds the identifier')
    .addOption(new Option('--format <format>', 'output format (default: text)').choices(['text', 'json', 'csv']))
    .option('--verbatim', 'with --format csv: write cells starting with =, +, - or @ as they are, instead of behind an apostrophe (a spreadsheet runs them as formulas)')
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
