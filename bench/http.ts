// HTTP throughput and p99 latency of the open and the secure decode endpoints at 50 connections,
// each next to a bare node:http server answering the same bytes (body and headers, taken from a real
// answer) with no work, all in one run so the ratios compare like with like (rate limits off).
// Servers run in child processes; autocannon runs here.
//   npm run bench   (or: npm run build && node --import tsx bench/http.ts)
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const IDENTIFIER = '1HGCM82633A004352';
const BODY = JSON.stringify({ identifier: IDENTIFIER });
const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const thisFile = fileURLToPath(import.meta.url);

interface Sample { requests: number; p99: number; non2xx: number; errors: number; cpuMicros: number }
interface Target {
  name: string; url: string; headers: Record<string, string>; samples: Sample[];
  /** The server process answering it, asked for its CPU time before and after each sample. */
  server: ChildProcess;
  /** A different identifier on every request, so no answer comes from the server's cache. */
  fresh?: boolean;
  /** The bare target this one is a ratio of (measured with the same kind of requests). */
  floor?: Target;
}

let serial = 0;
/** `1HGCM82633A` + a new serial: a real Honda WMI and plant, never the same VIN twice in a run. */
function freshBody(): string {
  serial = (serial + 1) % 1_000_000;
  return JSON.stringify({ identifier: `1HGCM82633A${String(serial).padStart(6, '0')}` });
}

/** The answer's own headers, so the floor sends the same bytes (a fixed id stands for the request id). */
const ANSWER_HEADERS = ['content-type', 'x-content-type-options', 'content-security-policy', 'cache-control', 'x-request-id'];

/**
 * Both children answer 'cpu' with their process.cpuUsage(): a server's CPU time per request does not
 * depend on how busy the machine is as much as requests per second do (on 2 cores, autocannon and
 * the server share the machine with whatever else runs), so it is the steadier comparison.
 */
function answerCpuQueries(): void {
  process.on('message', (message) => {
    if (message === 'cpu') process.send!({ cpu: process.cpuUsage() });
  });
}

function cpuMicros(server: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: { cpu?: NodeJS.CpuUsage }) => {
      if (!message.cpu) return;
      server.off('message', onMessage);
      resolve(message.cpu.user + message.cpu.system);
    };
    server.on('message', onMessage);
    server.send('cpu');
  });
}

/** Child role: the bare floor, answering fixed bytes after reading the body, nothing else. */
function serveBare(bytes: Buffer, answerHeaders: Record<string, string>): void {
  const headers = { ...answerHeaders, 'Content-Length': String(bytes.length) };
  const server = createServer((req, res) => {
    req.on('data', () => {});
    req.on('end', () => {
      res.writeHead(200, headers);
      res.end(bytes);
    });
  });
  answerCpuQueries();
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
}

/** Child role: the real server from dist/ (what `vino serve` runs), logging at info as in production. */
async function serveVino(dataDir: string): Promise<void> {
  const { startServer } = (await import(join(thisFile, '../../dist/src/server/index.js'))) as typeof import('../src/server/index.js');
  const running = await startServer({ port: 0, dataDir, adminToken: ADMIN_TOKEN, rateLimitOpen: 0, rateLimitKey: 0, logLevel: 'info' });
  answerCpuQueries();
  process.send!({ url: running.url });
}

function child(role: string, arg: string): Promise<{ process: ChildProcess; message: { port?: number; url?: string } }> {
  const proc = fork(thisFile, [role, arg], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    proc.once('message', (message) => resolve({ process: proc, message: message as { port?: number; url?: string } }));
    proc.once('exit', (code) => reject(new Error(`${role} server exited with ${code}`)));
  });
}

async function measure(target: Target, seconds: number): Promise<Sample> {
  const cpuBefore = await cpuMicros(target.server);
  const result = await autocannon({
    url: target.url, method: 'POST', body: BODY, connections: CONNECTIONS, duration: seconds,
    headers: { 'content-type': 'application/json', ...target.headers },
    ...(target.fresh ? { requests: [{ setupRequest: (request) => ({ ...request, body: freshBody() }) }] } : {}),
  });
  const cpu = (await cpuMicros(target.server)) - cpuBefore;
  return {
    requests: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts,
    cpuMicros: cpu / Math.max(1, result.requests.total),
  };
}

export async function runHttpBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vino-bench-'));
  const children: ChildProcess[] = [];
  try {
    const vino = await child('--vino', dataDir);
    children.push(vino.process);
    const base = vino.message.url!;
    const created = await fetch(`${base}/api/v1/keys`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` }, body: JSON.stringify({ label: 'bench' }),
    }).then((r) => r.json() as Promise<{ key: string }>);
    const answer = await fetch(`${base}/api/v1/vin/decode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY });
    const answerHeaders = Object.fromEntries(ANSWER_HEADERS.map((name) => [name, answer.headers.get(name) ?? '']));
    const answerBody = Buffer.from(await answer.arrayBuffer()).toString('base64');
    const bare = await child('--bare', Buffer.from(JSON.stringify({ body: answerBody, headers: answerHeaders })).toString('base64'));
    children.push(bare.process);

    const bareUrl = `http://127.0.0.1:${bare.message.port}/`;
    const bareServer = bare.process;
    const vinoServer = vino.process;
    const floor: Target = { name: 'bare node:http', url: bareUrl, headers: {}, samples: [], server: bareServer };
    // Rewriting every request costs autocannon enough to lower the bare figure too: a floor of its own.
    const freshFloor: Target = { name: 'bare node:http, new bodies', url: bareUrl, headers: {}, samples: [], server: bareServer, fresh: true };
    const targets: Target[] = [
      floor,
      { name: 'open /api/v1/vin/decode', url: `${base}/api/v1/vin/decode`, headers: {}, samples: [], server: vinoServer, floor },
      { name: 'secure /api/v1/secure/vin/decode', url: `${base}/api/v1/secure/vin/decode`, headers: { authorization: `Bearer ${created.key}` }, samples: [], server: vinoServer, floor },
      freshFloor,
      { name: 'open, a new VIN every request', url: `${base}/api/v1/vin/decode`, headers: {}, samples: [], server: vinoServer, fresh: true, floor: freshFloor },
    ];
    // Rounds interleave the targets so that drift in the machine's speed falls on all of them alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        await measure(target, 2); // warm-up: JIT, keep-alive sockets, key cache
        target.samples.push(await measure(target, SECONDS));
      }
    }
    report(targets);
  } finally {
    for (const proc of children) proc.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Medians over the rounds. A ratio is taken within each round (target and floor measured minutes
 * apart at most) before the median, so a machine busy in one round does not tilt the result.
 */
function report(targets: Target[]): void {
  console.log(`\nHTTP: ${CONNECTIONS} connections, median of ${ROUNDS} rounds × ${SECONDS} s per target, POST ${BODY}, rate limits off`);
  console.log(`${'target'.padEnd(34)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(7)} ${'× bare'.padStart(7)} ${'non-2xx'.padStart(8)} ${'errors'.padStart(7)} ${'CPU µs/req'.padStart(11)} ${'bare CPU ÷'.padStart(11)}`);
  for (const t of targets) {
    const floor = t.floor ?? t;
    const ratio = median(t.samples.map((s, round) => s.requests / floor.samples[round]!.requests));
    const cpuRatio = median(t.samples.map((s, round) => floor.samples[round]!.cpuMicros / s.cpuMicros));
    const non2xx = t.samples.reduce((a, s) => a + s.non2xx, 0);
    const errors = t.samples.reduce((a, s) => a + s.errors, 0);
    console.log(`${t.name.padEnd(34)} ${median(t.samples.map((s) => s.requests)).toFixed(0).padStart(9)} ` +
      `${String(median(t.samples.map((s) => s.p99))).padStart(7)} ${ratio.toFixed(2).padStart(7)} ${String(non2xx).padStart(8)} ${String(errors).padStart(7)} ` +
      `${median(t.samples.map((s) => s.cpuMicros)).toFixed(1).padStart(11)} ${cpuRatio.toFixed(2).padStart(11)}`);
  }
  console.log('targets: open ≥ 0.50 × bare, secure ≥ 0.45 × bare, p99 < 10 ms, no non-2xx');
  console.log('(the last two lines send a new VIN each time: the server decodes and serialises every request, reusing no cached answer;');
  console.log(' CPU µs/req is the server process\'s own CPU time per request, and "bare CPU ÷" the floor\'s divided by it, per round:');
  console.log(' on a machine busy with other work it moves less than req/s, where autocannon and the server also compete for the cores)');
}

const [role, arg] = process.argv.slice(2);
if (process.argv[1] === thisFile) {
  if (role === '--bare') {
    const { body, headers } = JSON.parse(Buffer.from(arg!, 'base64').toString()) as { body: string; headers: Record<string, string> };
    serveBare(Buffer.from(body, 'base64'), headers);
  }
  else if (role === '--vino') await serveVino(arg!);
  else await runHttpBench();
}
