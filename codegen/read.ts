// Phase 1: read every registry CSV into rows that remember their line numbers.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { TABLES, type RegistryProblem, type RegistryRows, type SourceRow } from './tables.js';

export interface ReadResult {
  rows: RegistryRows;
  headers: Record<string, string[]>;
  problems: RegistryProblem[];
}

type CsvRecord = { record: string[]; info: { lines: number } };

/**
 * The records of a file whose quoted fields all close on the line they open (registry fields hold
 * no line breaks): each line is its own record, so only the lines holding a quote need csv-parse.
 * The vehicle-pattern table has 600,000 lines and few quotes; parsing it whole with line
 * information costs several times more. Null when a quote spans lines: the caller parses the file
 * whole, and csv-parse says where.
 */
function recordsByLine(text: string): CsvRecord[] | null {
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n');
  const records: CsvRecord[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.endsWith('\r') ? lines[i]!.slice(0, -1) : lines[i]!;
    if (line === '') continue;
    if (!line.includes('"')) { records.push({ record: line.split(','), info: { lines: i + 1 } }); continue; }
    if ((line.match(/"/g)?.length ?? 0) % 2 !== 0) return null;
    const [record] = parse(line, { relax_column_count: true }) as string[][];
    records.push({ record: record ?? [], info: { lines: i + 1 } });
  }
  return records;
}

export function parseCsv(file: string, text: string): { header: string[]; rows: SourceRow[]; problems: RegistryProblem[] } {
  const problems: RegistryProblem[] = [];
  let records: CsvRecord[];
  try {
    records = recordsByLine(text) ?? parse(text, { info: true, relax_column_count: true, skip_empty_lines: true, bom: true }) as unknown as CsvRecord[];
  } catch (err) {
    const e = err as { lines?: number; message: string };
    return { header: [], rows: [], problems: [{ file, line: e.lines ?? 0, column: '-', message: `not valid CSV: ${e.message}` }] };
  }
  const [head, ...body] = records;
  const header = head ? head.record.map((h) => h.trim()) : [];
  const rows: SourceRow[] = [];
  for (const { record, info } of body) {
    if (record.length !== header.length) {
      problems.push({ file, line: info.lines, column: '-', message: `has ${record.length} fields, the header has ${header.length}` });
      continue;
    }
    const values: Record<string, string> = {};
    header.forEach((h, i) => (values[h] = (record[i] ?? '').trim()));
    rows.push({ line: info.lines, values });
  }
  return { header, rows, problems };
}

export async function readRegistry(root: string): Promise<ReadResult> {
  const rows = {} as RegistryRows;
  const headers: Record<string, string[]> = {};
  const problems: RegistryProblem[] = [];
  for (const table of TABLES) {
    let text: string;
    try {
      text = await readFile(join(root, table.file), 'utf8');
    } catch {
      problems.push({ file: table.file, line: 0, column: '-', message: 'file is missing' });
      rows[table.name] = [];
      continue;
    }
    const parsed = parseCsv(table.file, text);
    rows[table.name] = parsed.rows;
    headers[table.name] = parsed.header;
    problems.push(...parsed.problems);
  }
  return { rows, headers, problems };
}
