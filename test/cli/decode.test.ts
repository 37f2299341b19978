// `vino decode` as a user runs it: human output, `--json` one line per input line in order, files
// and CSV fleet files, and the exit codes 0 (all decoded), 1 (an identifier failed), 2 (bad usage).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { problemSchemaErrors, resultSchemaErrors } from '../fixtures/contract.js';
import { outputLines, vino } from './run-vino.js';

const dir = mkdtempSync(join(tmpdir(), 'vino-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('vino decode (human-readable)', () => {
  it('prints the verdict, both layers and the check digit, and exits 0', () => {
    const run = vino(['decode', '1HGCM82633A004352']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1HGCM82633A004352  Verified Origin Alignment');
    expect(run.stdout).toContain('American Honda Motor Co., Inc.');
    expect(run.stdout).toContain('Marysville, Ohio, United States');
    expect(run.stdout).toMatch(/Check digit\s+MATCH \(calculated 3, actual 3, mandatory\)/);
  });

  it("prints exactly README's example", () => {
    const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
    const example = /```text\n\$ npx vino decode ([^\n]+)\n([\s\S]*?)\n```/.exec(readme);
    expect(example).not.toBeNull();
    expect(vino(['decode', ...example![1]!.split(' ')]).stdout.trimEnd()).toBe(example![2]);
  });

  it('decodes every argument: a transnational VIN and a JDM chassis number', () => {
    const run = vino(['decode', 'WA1EAAFYXN2065837', 'JZA80-1004956']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('WA1EAAFYXN2065837  Transnational Assembly');
    expect(run.stdout).toContain('San José Chiapa');
    expect(run.stdout).toContain('JZA80-1004956  Verified Origin Alignment');
    expect(run.stdout).toContain('Supra (A80)');
  });

  it('reports a bad identifier on its line, goes on, and exits 1', () => {
    const run = vino(['decode', 'IHGCM82633A004352', '1HGCM82633A004352']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('IHGCM82633A004352  error ILLEGAL_CHARACTERS');
    expect(run.stdout).toContain('1HGCM82633A004352  Verified Origin Alignment');
  });
});

describe('vino decode: partial VINs and corrections', () => {
  it('decodes a partial VIN and says what its unknown positions leave open', () => {
    const run = vino(['decode', '1HGCM82633A']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1HGCM82633A******  Verified Origin Alignment');
    expect(run.stdout).toContain('ISO_17_PARTIAL');
    expect(run.stdout).toContain('Marysville, Ohio, United States');
    expect(run.stdout).toMatch(/Check digit\s+not applicable/);
    expect(run.stdout).toContain('Positions 12-17 are unknown');
  });

  it('answers an O with "did you mean", the real VIN first, and exits 1', () => {
    const run = vino(['decode', '1HGCM82633A0O4352']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('1HGCM82633A0O4352  error ILLEGAL_CHARACTERS');
    expect(run.stdout).toMatch(/Did you mean\s+1HGCM82633A004352 · O at position 13 is probably 0/);
  });

  it('lists corrections under a result whose mandatory check digit does not hold', () => {
    const run = vino(['decode', '1HGCMB2633A004352']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Did you mean\s+1HGCM82633A004352 · B at position 6 is probably 8/);
  });

  it('--json carries the same lists: in the result, and in the problem', () => {
    const run = vino(['decode', '--json'], '1HGCMB2633A004352\n1HGCM82633A0O4352\n1HGCM82633A004352\n');
    const [mistyped, refused, clean] = outputLines(run).map((line) => JSON.parse(line));
    expect(mistyped.validation.suggestions[0].vin).toBe('1HGCM82633A004352');
    expect(refused.error.suggestions[0]).toEqual({ vin: '1HGCM82633A004352', changes: [{ position: 13, from: 'O', to: '0' }], reason: 'O at position 13 is probably 0 (VINs never use O).' });
    expect(problemSchemaErrors(refused.error)).toBe('');
    expect(clean.validation.suggestions).toEqual([]);
  });
});

describe('vino decode --json', () => {
  const lines = ['1HGCM82633A004352', '', 'IHGCM82633A004352', 'JZA80-1004956', ' 1hgcm82633a004352 ', 'ABC-DEF', 'WA1EAAFYXN2065837'];

  it('prints exactly one JSON line per input line, in order, the empty line included', () => {
    const run = vino(['decode', '--json'], lines.join('\n') + '\n');
    expect(run.code).toBe(1);
    const out = outputLines(run).map((line) => JSON.parse(line));
    expect(out).toHaveLength(lines.length);
    expect(out.map((o) => o.identifier)).toEqual(['1HGCM82633A004352', '', 'IHGCM82633A004352', 'JZA80-1004956', '1HGCM82633A004352', 'ABC-DEF', 'WA1EAAFYXN2065837']);
    expect(out.map((o) => o.error?.code ?? o.summary.originAlignment)).toEqual([
      'VERIFIED_ORIGIN_ALIGNMENT', 'INVALID_LENGTH', 'ILLEGAL_CHARACTERS', 'VERIFIED_ORIGIN_ALIGNMENT', 'VERIFIED_ORIGIN_ALIGNMENT', 'UNRECOGNISED_FORMAT', 'TRANSNATIONAL_ASSEMBLY',
    ]);
    for (const o of out) {
      if (o.error) {
        expect(Object.keys(o)).toEqual(['identifier', 'error']);
        expect(problemSchemaErrors(o.error)).toBe('');
        expect(o.error.status).toBe(422);
      } else {
        expect(resultSchemaErrors(o)).toBe('');
      }
    }
    expect(out[2].error.positions).toEqual([1]);
  });

  it('the error line names the input line as it was read', () => {
    const run = vino(['decode', '--json'], '  1HG  \n');
    expect(JSON.parse(outputLines(run)[0]!)).toMatchObject({ identifier: '  1HG  ', error: { code: 'INVALID_LENGTH', identifier: '1HG' } });
  });

  it('reads Windows line ends and a last line without a newline', () => {
    const run = vino(['decode', '--json'], '1HGCM82633A004352\r\nJZA80-1004956\r\nWA1EAAFYXN2065837');
    expect(run.code).toBe(0);
    expect(outputLines(run).map((line) => JSON.parse(line).identifier)).toEqual(['1HGCM82633A004352', 'JZA80-1004956', 'WA1EAAFYXN2065837']);
  });

  it('keeps order and count over thousands of lines', () => {
    const many = Array.from({ length: 3000 }, (_, i) => (i % 7 === 3 ? `bad-${i}` : i % 5 === 0 ? '' : ['1HGCM82633A004352', 'WA1EAAFYXN2065837', 'JZA80-1004956'][i % 3]!));
    const run = vino(['decode', '--json'], many.join('\n') + '\n');
    const out = outputLines(run).map((line) => JSON.parse(line) as { identifier: string; error?: unknown });
    expect(out).toHaveLength(many.length);
    out.forEach((o, i) => {
      if (o.error) expect(o.identifier).toBe(many[i]);
      else expect(o.identifier).toBe(many[i]!.toUpperCase());
    });
  });

  it('exits 0 when every identifier decodes, and prints nothing for no input', () => {
    expect(vino(['decode', '--json'], '1HGCM82633A004352\nJZA80-1004956\n').code).toBe(0);
    const empty = vino(['decode', '--json'], '');
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe('');
  });
});

describe('vino decode --file', () => {
  it('reads one identifier per line', () => {
    const path = file('ids.txt', '1HGCM82633A004352\nJZA80-1004956\n');
    const run = vino(['decode', '--json', '--file', path]);
    expect(run.code).toBe(0);
    expect(outputLines(run).map((line) => JSON.parse(line).summary.format)).toEqual(['ISO_17_STANDARD', 'JDM_CHASSIS']);
  });

  it('--column --format csv writes the input CSV with the vino_* columns appended, other fields kept', () => {
    const path = file('fleet.csv', [
      'unit,VIN,owner',
      '101,1HGCM82633A004352,"Smith, J."',
      '102,WA1EAAFYXN2065837,"He said ""hi"""',
      '103,IHGCM82633A004352,Depot 3',
    ].join('\n') + '\n');
    const run = vino(['decode', '--file', path, '--column', 'vin', '--format', 'csv']);
    expect(run.code).toBe(1);
    const rows = parse(run.stdout) as string[][];
    const header = rows[0]!;
    expect(header.slice(0, 3)).toEqual(['unit', 'VIN', 'owner']);
    expect(header.slice(3)).toEqual(expect.arrayContaining(['vino_origin_alignment', 'vino_corporate_country', 'vino_plant_country', 'vino_plant_city', 'vino_model_year', 'vino_check_digit', 'vino_error']));
    expect(rows).toHaveLength(4);
    const record = (row: string[]) => Object.fromEntries(header.map((h, i) => [h, row[i]]));
    expect(record(rows[1]!)).toMatchObject({ unit: '101', owner: 'Smith, J.', vino_origin_alignment: 'VERIFIED_ORIGIN_ALIGNMENT', vino_plant_city: 'Marysville', vino_model_year: '2003', vino_error: '' });
    expect(record(rows[1]!)).toMatchObject({ vino_model: 'Accord', vino_trim: 'EX-V6', vino_body_class: 'Coupe', vino_doors: '2', vino_engine_model: 'J30A4', vino_engine_cylinders: '6', vino_series: '' });
    expect(record(rows[2]!)).toMatchObject({ owner: 'He said "hi"', vino_corporate_country: 'DE', vino_plant_country: 'MX', vino_origin_alignment: 'TRANSNATIONAL_ASSEMBLY' });
    expect(record(rows[3]!)).toMatchObject({ unit: '103', owner: 'Depot 3', vino_origin_alignment: '', vino_error: 'ILLEGAL_CHARACTERS' });
    for (const row of rows) expect(row).toHaveLength(header.length);
  });

  it('--column with --json prints one line per data row', () => {
    const path = file('fleet2.csv', 'vin,unit\n1HGCM82633A004352,1\n,2\nJZA80-1004956,3\n');
    const run = vino(['decode', '--json', '--file', path, '--column', 'VIN']);
    expect(run.code).toBe(1);
    expect(outputLines(run).map((line) => JSON.parse(line).identifier)).toEqual(['1HGCM82633A004352', '', 'JZA80-1004956']);
  });

  it('a file that does not exist is bad usage that names it, not a raw ENOENT', () => {
    const run = vino(['decode', '--file', join(dir, 'missing.txt')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`vino: error: cannot read ${join(dir, 'missing.txt')}: no such file\n`);
  });

  it('--format csv puts an apostrophe before cells a spreadsheet would run as formulas, unless --verbatim', () => {
    const path = file('formulas.csv', 'vin,note,cost\n"=HYPERLINK(""http://x.example"")",@SUM(A1),-5\n1HGCM82633A004352,+1,\ttab\n');
    const safe = parse(vino(['decode', '--file', path, '--column', 'vin', '--format', 'csv']).stdout) as string[][];
    expect(safe.slice(1).map((row) => row.slice(0, 3))).toEqual([["'=HYPERLINK(\"http://x.example\")", "'@SUM(A1)", "'-5"], ['1HGCM82633A004352', "'+1", "'\ttab"]]);
    const verbatim = parse(vino(['decode', '--file', path, '--column', 'vin', '--format', 'csv', '--verbatim']).stdout) as string[][];
    expect(verbatim.slice(1).map((row) => row.slice(0, 3))).toEqual([['=HYPERLINK("http://x.example")', '@SUM(A1)', '-5'], ['1HGCM82633A004352', '+1', '\ttab']]);
  });

  it('--format csv ends with "N rows decoded, M failed" on stderr', () => {
    const path = file('summary.csv', 'vin\n1HGCM82633A004352\nJZA80-1004956\nIHGCM82633A004352\n');
    const run = vino(['decode', '--file', path, '--column', 'vin', '--format', 'csv']);
    expect(run.stderr).toBe('2 rows decoded, 1 failed\n');
  });

  it('reads a semicolon-separated CSV (as European spreadsheets save it) and writes it back with semicolons', () => {
    const path = file('semicolons.csv', 'unit;VIN;owner\n101;1HGCM82633A004352;"Smith; J."\n102;JZA80-1004956;Depot, 3\n');
    const run = vino(['decode', '--file', path, '--column', 'vin', '--format', 'csv']);
    expect(run.code).toBe(0);
    const rows = parse(run.stdout, { delimiter: ';' }) as string[][];
    expect(rows[0]!.slice(0, 4)).toEqual(['unit', 'VIN', 'owner', 'vino_format']);
    expect(rows.slice(1).map((row) => row.slice(0, 4))).toEqual([['101', '1HGCM82633A004352', 'Smith; J.', 'ISO_17_STANDARD'], ['102', 'JZA80-1004956', 'Depot, 3', 'JDM_CHASSIS']]);
    const json = vino(['decode', '--json', '--file', path, '--column', 'vin']);
    expect(outputLines(json).map((line) => JSON.parse(line).identifier)).toEqual(['1HGCM82633A004352', 'JZA80-1004956']);
  });

  it('hints at --column when the first line of a file looks like a CSV header', () => {
    const run = vino(['decode', '--json', '--file', file('header.csv', 'unit,vin\n1,1HGCM82633A004352\n')]);
    expect(run.stderr).toContain('vino: hint: the first line looks like a CSV header (unit,vin); give --column NAME');
    expect(vino(['decode', '--file', file('plain.txt', '1HGCM82633A004352\n')]).stderr).toBe('');
  });
});

describe('vino decode, everything else a newcomer meets', () => {
  it('prints its version with --version', () => {
    const run = vino(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('says "1 character", not "1 characters"', () => {
    expect(vino(['decode', '1']).stdout).toContain('The identifier has 1 character;');
  });

  it('ends quietly with exit 0 when the reader closes its end (| head -1)', async () => {
    const { spawn } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const child = spawn(process.execPath, [fileURLToPath(new URL('../../bin/vino.js', import.meta.url)), 'decode', '--json'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.stdin.on('error', () => {});
    child.stdin.end('1HGCM82633A004352\n'.repeat(200_000));
    // Read the first line, then close the pipe, as head -1 does.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});

describe('vino decode: bad usage exits 2 and says what is wrong', () => {
  const cases: [string, { given: string[]; want: RegExp }][] = [
    ['an unknown option', { given: ['decode', '--bogus', '1HGCM82633A004352'], want: /unknown option '--bogus'/ }],
    ['a format that does not exist', { given: ['decode', '--format', 'xml', '1HGCM82633A004352'], want: /xml/ }],
    ['--format csv without --column', { given: ['decode', '--format', 'csv', '1HGCM82633A004352'], want: /--column/ }],
    ['identifiers and --file together', { given: ['decode', '--file', 'ids.txt', '1HGCM82633A004352'], want: /--file/ }],
    ['--json with --format csv', { given: ['decode', '--json', '--format', 'csv', '--column', 'vin', '--file', 'f.csv'], want: /--json .* cannot be combined with --format csv/ }],
    ['--column with identifiers as arguments', { given: ['decode', '--column', 'vin', '1HGCM82633A004352'], want: /--column names a column of a CSV/ }],
    ['--verbatim without --format csv', { given: ['decode', '--verbatim', '1HGCM82633A004352'], want: /--verbatim applies to --format csv only/ }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const run = vino(given);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(want);
    expect(run.stdout).toBe('');
  });

  it('a CSV without the named column', () => {
    const run = vino(['decode', '--file', file('nocol.csv', 'unit,owner\n1,x\n'), '--column', 'vin', '--format', 'csv']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no column named "vin"/);
  });
});
