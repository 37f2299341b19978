// Deeply nested JSON against the open batch endpoint (issue 12, finding 1): how long one such body
// takes to be refused, and the p50/p99 latency of another client's decode requests while two
// connections send nothing but such bodies. The server runs from dist/ in a child process with the
// rate limits off (the worst case: nothing but the body reader stands between the flood and the CPU).
//   npm run build && node --import tsx bench/nested-flood.ts   (FLOOD_SECONDS, default 10)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SECONDS = Number(process.env.FLOOD_SECONDS ?? 10);
const BIN = fileURLToPath(new URL('../bin/vino.js', import.meta.url));
const BATCH = '/api/v1/vin/decode/batch';
const DECODE_BODY = JSON.stringify({ identifier: '1HGCM82633A004352' });

/** The three shapes of the attack: 800 KB declared (refused by size), 800 KB streamed, 120 KB declared (under the size limit). */
const FLOODS = [
  { name: '800 KB of [, Content-Length', body: Buffer.from('['.repeat(800_000)), streamed: false },
  { name: '800 KB of [, streamed (chunked)', body: Buffer.from('['.repeat(800_000)), streamed: true },
  { name: '120 KB of [, Content-Length', body: Buffer.from('['.repeat(120_000)), streamed: false },
];

function startServer(dataDir: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, VINO_RATE_LIMIT_OPEN: '0', VINO_RATE_LIMIT_KEY: '0', VINO_ADMIN_TOKEN: 'bench-admin-token-0123456789', VINO_LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /"url":"([^"]+)"/.exec(out);
      if (match) resolve({ url: match[1]!, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`vino serve exited (${code})`)));
  });
}

/** One POST; resolves with its status and milliseconds when the answer has arrived in full. */
function post(url: string, path: string, body: Buffer, streamed: boolean): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json', connection: 'close' };
    if (!streamed) headers['content-length'] = body.length;
    const req = request(url + path, { method: 'POST', headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start }));
    });
    // The server may close before the whole body is sent: that is the refusal, not a failure.
    req.on('error', () => resolve({ status: -1, ms: performance.now() - start }));
    if (streamed) for (let at = 0; at < body.length; at += 16_384) req.write(body.subarray(at, at + 16_384));
    req.end(streamed ? undefined : body);
  });
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const summary = (ms: number[]): string => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `n=${sorted.length} p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`;
};

async function victim(url: string, until: number): Promise<number[]> {
  const ms: number[] = [];
  while (performance.now() < until) {
    const answer = await post(url, '/api/v1/vin/decode', Buffer.from(DECODE_BODY), false);
    if (answer.status !== 200) throw new Error(`the other client got ${answer.status}`);
    ms.push(answer.ms);
  }
  return ms;
}

async function flooder(url: string, until: number, refusals: Map<string, number[]>): Promise<void> {
  for (let i = 0; performance.now() < until; i++) {
    const flood = FLOODS[i % FLOODS.length]!;
    const answer = await post(url, BATCH, flood.body, flood.streamed);
    refusals.get(flood.name)!.push(answer.ms);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'vino-flood-'));
const server = await startServer(dataDir);
try {
  // Alone: each shape's refusal time, one at a time.
  for (const flood of FLOODS) {
    const alone: number[] = [];
    for (let i = 0; i < 50; i++) alone.push((await post(server.url, BATCH, flood.body, flood.streamed)).ms);
    const statuses = new Set([(await post(server.url, BATCH, flood.body, flood.streamed)).status]);
    console.log(`refused alone, ${flood.name.padEnd(34)} ${summary(alone)}  (status ${[...statuses].join(', ')})`);
  }
  const quiet = await victim(server.url, performance.now() + SECONDS * 500);
  console.log(`other client, no flood                          ${summary(quiet)}`);
  const until = performance.now() + SECONDS * 1000;
  const refusals = new Map(FLOODS.map((f) => [f.name, [] as number[]]));
  const [flooded] = await Promise.all([victim(server.url, until), flooder(server.url, until, refusals), flooder(server.url, until, refusals)]);
  console.log(`other client, two connections flooding          ${summary(flooded)}`);
  for (const [name, ms] of refusals) console.log(`  flood refused, ${name.padEnd(34)} ${summary(ms)}`);
} finally {
  server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
