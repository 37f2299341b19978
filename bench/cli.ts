// The command line as people run it: start-up of a one-shot `vino decode VIN` against a bare
// `node -e 0`, and `vino decode --json --file` over 1,000,000 lines against a bare Node script
// that reads and writes the same lines (both writing to /dev/null), with the decoding process's
// peak resident memory; then the same run writing its 1.6 GB to a file. Then where a line's time
// goes: the same lines decoded in a fresh process, once through (as the command does, so every
// cache starts cold and a fleet file's models are mostly new), without and with writing each
// result's JSON line to a stream that discards it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { identifierMix } from './identifiers.js';
import type { Figure } from './decode.js';

const ROOT = resolve(import.meta.dirname, '..');
const VINO = join(ROOT, 'bin/vino.js');
// Reports the peak RSS of the process it is loaded into, on exit, to stderr.
const REPORT_RSS = 'data:text/javascript,process.on("exit",()=>process.stderr.write("\\nmaxrss_kb="+process.resourceUsage().maxRSS+"\\n"))';
const COPY_LINES = `const rl=require('node:readline').createInterface({input:require('node:fs').createReadStream(process.argv[1])});let b='';rl.on('line',l=>{b+=l+'\\n';if(b.length>65536){process.stdout.write(b);b=''}});rl.on('close',()=>process.stdout.write(b));`;

// One pass over the file's lines in a fresh process, decoding each (and with `write`, writing its
// `--json` line as the command does); prints the lines per second. Node's own process start and
// the file read are outside the timing.
const SPLIT = `
const [file, mode] = process.argv.slice(1);
const dist = ${JSON.stringify(pathToFileURL(join(ROOT, 'dist/src/')).href)};
const { decode } = await import(dist + 'decode/index.js');
const { writeResult } = await import(dist + 'cli/json-line.js');
const { LineWriter } = await import(dist + 'cli/output.js');
const { Writable } = await import('node:stream');
const lines = (await import('node:fs')).readFileSync(file, 'utf8').split('\\n');
lines.pop();
const out = new LineWriter(new Writable({ write(chunk, encoding, done) { done(); } }));
const write = mode === 'write';
const started = process.hrtime.bigint();
for (const line of lines) {
  const outcome = decode(line);
  if (write && outcome.ok) { writeResult(out, outcome.result); out.endLine(); }
  if (out.full) await out.ready();
}
await out.flush();
console.log(lines.length / (Number(process.hrtime.bigint() - started) / 1e9));
`;

function splitRun(file: string, mode: 'decode' | 'write'): number {
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', SPLIT, file, mode], { encoding: 'utf8' });
  return Number(out.stdout.trim());
}

function run(args: string[], stdoutFile?: string): { seconds: number; stderr: string; status: number | null } {
  const started = process.hrtime.bigint();
  const out = spawnSync(process.execPath, args, { stdio: ['ignore', stdoutFile ? openSync(stdoutFile, 'w') : 'ignore', 'pipe'], encoding: 'utf8' });
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, stderr: out.stderr, status: out.status };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function benchCli(lines = 1_000_000): Figure[] {
  const bare = [], vino = [];
  for (let i = 0; i < 11; i++) {
    bare.push(run(['-e', '0']).seconds);
    vino.push(run([VINO, 'decode', '1HGCM82633A004352']).seconds);
  }
  const dir = mkdtempSync(join(tmpdir(), 'vino-bench-'));
  try {
    const file = join(dir, 'fleet.txt');
    writeFileSync(file, identifierMix(lines, 11).join('\n') + '\n');
    const floor = run(['-e', COPY_LINES, file], '/dev/null');
    // Output discarded, as the floor's is: vino's own work. Then once more into a file on this
    // machine's disk (1.6 GB), to check every line came out and to show what the disk adds.
    const decoded = run(['--import', REPORT_RSS, VINO, 'decode', '--json', '--file', file], '/dev/null');
    const toFile = run([VINO, 'decode', '--json', '--file', file], join(dir, 'out.jsonl'));
    const outLines = spawnSync('wc', ['-l', join(dir, 'out.jsonl')], { encoding: 'utf8' }).stdout.trim().split(' ')[0];
    const rss = Number(/maxrss_kb=(\d+)/.exec(decoded.stderr)?.[1] ?? NaN) / 1024;
    const decodeOnly = splitRun(file, 'decode');
    const decodeAndWrite = splitRun(file, 'write');
    return [
      { name: 'start-up: node -e 0 (median of 11)', value: median(bare) * 1000, unit: 'ms' },
      { name: 'start-up: vino decode VIN (median of 11)', value: median(vino) * 1000, unit: 'ms' },
      { name: 'start-up ratio vino / node -e 0', value: median(vino) / median(bare), unit: 'ratio' },
      { name: `floor: read+write ${lines.toLocaleString('en')} lines in Node`, value: lines / floor.seconds, unit: 'lines/s' },
      { name: `vino decode --json --file (${lines.toLocaleString('en')} lines, output discarded)`, value: lines / decoded.seconds, unit: 'lines/s', note: `exit ${decoded.status}` },
      { name: 'vino decode --json / floor', value: floor.seconds / decoded.seconds, unit: 'ratio' },
      { name: 'the same, writing its output to a file on disk', value: lines / toFile.seconds, unit: 'lines/s', note: `${outLines} JSON lines out, exit ${toFile.status}` },
      { name: 'peak resident memory of that decoding process', value: rss, unit: 'MB' },
      { name: 'in process, one pass: decode only', value: decodeOnly, unit: 'lines/s' },
      { name: 'in process, one pass: decode + JSON line (discarded)', value: decodeAndWrite, unit: 'lines/s' },
      { name: 'share of that time spent writing the JSON lines', value: 100 * (1 - decodeAndWrite / decodeOnly), unit: '%', note: 'the rest is decoding' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
