// The command line as people run it: start-up of a one-shot `vino decode VIN` against a bare
// `node -e 0`, and `vino decode --json --file` over 1,000,000 lines against a bare Node script
// that reads and writes the same lines (both writing to /dev/null), with the decoding process's
// peak resident memory. Two files: a fleet as fleets are (the same 2,000 models over and over,
// bench/identifiers.ts repeatedModels, as the in-process `models` mix) and one whose VINs are
// mostly of models seen once (identifierMix: random positions 4-8), the worst case for every
// cache. Then the fleet once more writing its 1.6 GB to a file, and where a line's time goes: the
// mostly-new lines decoded in a fresh process, once through, without and with writing each
// result's JSON line to a stream that discards it. `vino` runs as its bin's first line says (with
// its Node flags), on this Node.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { identifierMix, repeatedModels } from './identifiers.js';
import type { Figure } from './decode.js';

const ROOT = resolve(import.meta.dirname, '..');
const VINO = join(ROOT, 'bin/vino.js');
/** The Node flags of the bin's `#!/usr/bin/env -S node ...` line: the command as `vino` runs it. */
const VINO_FLAGS = (readFileSync(VINO, 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(3);
const vino = (...args: string[]): string[] => [...VINO_FLAGS, VINO, ...args];
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
  const bare = [], oneShot = [];
  for (let i = 0; i < 11; i++) {
    bare.push(run(['-e', '0']).seconds);
    oneShot.push(run(vino('decode', '1HGCM82633A004352')).seconds);
  }
  const dir = mkdtempSync(join(tmpdir(), 'vino-bench-'));
  const count = lines.toLocaleString('en');
  try {
    const fleet = join(dir, 'fleet.txt'), mixed = join(dir, 'mixed.txt');
    writeFileSync(fleet, repeatedModels(lines, 11).join('\n') + '\n');
    writeFileSync(mixed, identifierMix(lines, 11).join('\n') + '\n');
    const floor = run(['-e', COPY_LINES, fleet], '/dev/null');
    // Output discarded, as the floor's is: vino's own work. Three runs each, as the in-process
    // figures take the best of five: the fastest (the one this shared machine disturbed least)
    // and the highest peak memory of the three.
    const decodeFile = (file: string): { seconds: number; status: number | null; rss: number } => {
      const runs = [0, 1, 2].map(() => {
        const done = run(['--import', REPORT_RSS, ...vino('decode', '--json', '--file', file)], '/dev/null');
        return { ...done, rss: Number(/maxrss_kb=(\d+)/.exec(done.stderr)?.[1] ?? NaN) / 1024 };
      });
      return { seconds: Math.min(...runs.map((r) => r.seconds)), status: runs[0]!.status, rss: Math.max(...runs.map((r) => r.rss)) };
    };
    const fleetRun = decodeFile(fleet), mixedRun = decodeFile(mixed);
    // Once more into a file on this machine's disk (1.6 GB), to check every line came out and to show what the disk adds.
    const toFile = run(vino('decode', '--json', '--file', fleet), join(dir, 'out.jsonl'));
    const outLines = spawnSync('wc', ['-l', join(dir, 'out.jsonl')], { encoding: 'utf8' }).stdout.trim().split(' ')[0];
    const decodeOnly = splitRun(mixed, 'decode');
    const decodeAndWrite = splitRun(mixed, 'write');
    return [
      { name: 'start-up: node -e 0 (median of 11)', value: median(bare) * 1000, unit: 'ms' },
      { name: 'start-up: vino decode VIN (median of 11)', value: median(oneShot) * 1000, unit: 'ms' },
      { name: 'start-up ratio vino / node -e 0', value: median(oneShot) / median(bare), unit: 'ratio' },
      { name: `floor: read+write ${count} lines in Node`, value: lines / floor.seconds, unit: 'lines/s' },
      { name: `vino decode --json --file, ${count} lines of a fleet (2,000 models)`, value: lines / fleetRun.seconds, unit: 'lines/s', note: `best of 3, exit ${fleetRun.status}` },
      { name: 'that fleet run / floor', value: floor.seconds / fleetRun.seconds, unit: 'ratio' },
      { name: 'peak resident memory of those processes', value: fleetRun.rss, unit: 'MB', note: 'the highest of 3' },
      { name: `the same over ${count} lines of mostly new models`, value: lines / mixedRun.seconds, unit: 'lines/s', note: `best of 3, exit ${mixedRun.status}` },
      { name: 'peak resident memory of those processes', value: mixedRun.rss, unit: 'MB', note: 'the highest of 3' },
      { name: 'the fleet, writing its output to a file on disk', value: lines / toFile.seconds, unit: 'lines/s', note: `${outLines} JSON lines out, exit ${toFile.status}` },
      { name: 'mostly new models in process, one pass: decode only', value: decodeOnly, unit: 'lines/s' },
      { name: 'the same, decode + JSON line (discarded)', value: decodeAndWrite, unit: 'lines/s' },
      { name: 'share of that time spent writing the JSON lines', value: 100 * (1 - decodeAndWrite / decodeOnly), unit: '%', note: 'the rest is decoding' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
