// Load test for a running vino at any base URL: a steady rate of mixed requests (open and secure
// decodes, batches, bad input, secure calls without a key or with a wrong one), each checked
// against the statuses it may get. Prints, per window, the requests answered, statuses seen,
// p50/p95/p99 and the server's resident memory (from /metrics, when it has one), then totals.
// Bounded: it stops sending after --duration or --max-requests, whichever comes first.
//
//   node --import tsx scripts/load.ts --base http://127.0.0.1:8080 --duration 180 --rate 500 [--key vino_…]
//
// Exits 1 when any answer had an unexpected status or a request failed. Turn the target's rate
// limits off (VINO_RATE_LIMIT_OPEN=0 VINO_RATE_LIMIT_KEY=0 VINO_RATE_LIMIT_BAD_KEY=0: the wrong-key
// calls would otherwise soon refuse every secure call) unless 429s are what you are testing.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { identifierMix } from '../bench/identifiers.js';

export interface LoadOptions {
  base: string;
  durationS: number;
  /** Requests started per second, whatever the answers' speed (an open loop). */
  rate: number;
  /** An API key for the secure endpoints; without one, only key-less secure calls are made. */
  key?: string;
  windowS: number;
  connections: number;
  maxRequests: number;
  timeoutMs: number;
  /**
   * At most this many requests waiting for their answers: past it, sending waits (a closed loop).
   * A warm-up sends as fast as the target answers this way, and never leaves it a backlog.
   */
  maxInFlight?: number;
  /** Called with each window's line as it closes (default: print it). */
  onWindow?: (window: WindowReport) => void;
}

interface RequestKind { name: string; weight: number; method: string; path: string; expect: number[]; needsKey?: boolean; headers?: Record<string, string>; body?: () => string }

const pool = identifierMix(4000, 5);
let cursor = 0;
const nextIdentifier = () => pool[cursor++ % pool.length]!;
const batch = () => JSON.stringify({ identifiers: Array.from({ length: 25 }, nextIdentifier) });
const single = () => JSON.stringify({ identifier: nextIdentifier() });
const WRONG_KEY = 'vino_0000000000000000000000000000000000000A';

/** The mix, with the statuses each kind may get: anything else counts as unexpected. */
export const REQUEST_KINDS: RequestKind[] = [
  { name: 'open decode', weight: 40, method: 'POST', path: '/api/v1/vin/decode', expect: [200, 422], body: single },
  { name: 'secure decode', weight: 20, method: 'POST', path: '/api/v1/secure/vin/decode', expect: [200, 422], body: single, needsKey: true },
  { name: 'open batch of 25', weight: 6, method: 'POST', path: '/api/v1/vin/decode/batch', expect: [200], body: batch },
  { name: 'secure batch of 25', weight: 4, method: 'POST', path: '/api/v1/secure/vin/decode/batch', expect: [200], body: batch, needsKey: true },
  { name: 'malformed JSON', weight: 5, method: 'POST', path: '/api/v1/vin/decode', expect: [400], body: () => '{"identifier": "1HG' },
  { name: 'wrong type', weight: 5, method: 'POST', path: '/api/v1/vin/decode', expect: [400], body: () => '{"identifier": 17}' },
  { name: 'wrong media type', weight: 3, method: 'POST', path: '/api/v1/vin/decode', expect: [415], body: single, headers: { 'content-type': 'text/plain' } },
  { name: 'secure without a key', weight: 5, method: 'POST', path: '/api/v1/secure/vin/decode', expect: [401], body: single },
  { name: 'secure with a wrong key', weight: 5, method: 'POST', path: '/api/v1/secure/vin/decode', expect: [401], body: single, headers: { 'x-api-key': WRONG_KEY } },
  { name: 'health', weight: 7, method: 'GET', path: '/healthz', expect: [200] },
];

export interface WindowReport {
  fromS: number;
  toS: number;
  answered: number;
  statuses: Map<string, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Resident memory of the target at the window's end, in bytes, when it exposes /metrics. */
  rss: number | undefined;
  /** The target's CPU time so far (process_cpu_seconds_total), read as the window closed. */
  cpuSeconds: number | undefined;
}

export interface LoadReport {
  tried: number;
  /**
   * Requests sent again on a new connection because the keep-alive connection they were written on
   * had just been closed by the server as idle (reset before any answer), as browsers and undici do.
   */
  resent: number;
  answered: number;
  statuses: Map<string, number>;
  /** Answers outside their kind's expected statuses, and failed requests, by kind and status. */
  unexpected: Map<string, number>;
  /** A few examples of unexpected answers, with the start of their bodies. */
  examples: string[];
  windows: WindowReport[];
  rssStart: number | undefined;
  rssEnd: number | undefined;
  p50: number;
  p95: number;
  p99: number;
}

/** One cycle of the mix with each kind spread evenly through it (smooth weighted round robin). */
function interleave(kinds: RequestKind[]): RequestKind[] {
  const total = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  const credit = kinds.map(() => 0);
  return Array.from({ length: total }, () => {
    kinds.forEach((kind, i) => { credit[i]! += kind.weight; });
    const best = credit.indexOf(Math.max(...credit));
    credit[best]! -= total;
    return kinds[best]!;
  });
}

export function percentile(sorted: number[], q: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

const add = (map: Map<string, number>, key: string, n = 1) => map.set(key, (map.get(key) ?? 0) + n);

/** The target's resident memory and CPU time from its Prometheus metrics, where it has them. */
export async function serverFigures(base: string): Promise<{ rss: number | undefined; cpuSeconds: number | undefined }> {
  try {
    const res = await fetch(new URL('/metrics', base), { signal: AbortSignal.timeout(5000) });
    const text = await res.text();
    const figure = (name: string) => {
      const match = new RegExp(`^${name} ([\\d.e+-]+)$`, 'm').exec(text);
      return match ? Number(match[1]) : undefined;
    };
    return { rss: figure('process_resident_memory_bytes'), cpuSeconds: figure('process_cpu_seconds_total') };
  } catch {
    return { rss: undefined, cpuSeconds: undefined };
  }
}

/** The target's resident memory from its Prometheus metrics, or undefined when it has none. */
export async function residentMemory(base: string): Promise<number | undefined> {
  return (await serverFigures(base)).rss;
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const base = new URL(options.base);
  const https = base.protocol === 'https:';
  const agent = https ? new HttpsAgent({ keepAlive: true, maxSockets: options.connections }) : new HttpAgent({ keepAlive: true, maxSockets: options.connections });
  const send = https ? httpsRequest : httpRequest;
  const kinds = REQUEST_KINDS.filter((kind) => options.key || !kind.needsKey);
  const picks = interleave(kinds);

  const report: LoadReport = {
    tried: 0, resent: 0, answered: 0, statuses: new Map(), unexpected: new Map(), examples: [], windows: [],
    rssStart: await residentMemory(options.base), rssEnd: undefined, p50: NaN, p95: NaN, p99: NaN,
  };
  const all: number[] = [];
  let window = { latencies: [] as number[], statuses: new Map<string, number>() };
  let inFlight = 0;
  const start = performance.now();

  const finish = (kind: RequestKind, sentAt: number, status: string, body: string) => {
    inFlight--;
    const ms = performance.now() - sentAt;
    report.answered++;
    all.push(ms);
    window.latencies.push(ms);
    add(window.statuses, status);
    add(report.statuses, status);
    if (!kind.expect.map(String).includes(status)) {
      add(report.unexpected, `${kind.name}: ${status}`);
      if (report.examples.length < 10) report.examples.push(`${kind.name} → ${status}: ${body.slice(0, 200)}`);
    }
  };

  const fire = (kind: RequestKind) => {
    const body = kind.body?.();
    const headers: Record<string, string> = { ...(body ? { 'content-type': 'application/json' } : {}), ...kind.headers };
    if (kind.needsKey) headers.authorization = `Bearer ${options.key}`;
    report.tried++;
    inFlight++;
    attempt(kind, performance.now(), headers, body, true);
  };

  const attempt = (kind: RequestKind, sentAt: number, headers: Record<string, string>, body: string | undefined, mayResend: boolean) => {
    // A resend goes on a connection of its own: the pool's other idle connections may be closing too.
    const req = send(new URL(kind.path, base), { method: kind.method, headers, agent: mayResend ? agent : false, timeout: options.timeoutMs }, (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { if (text.length < 300) text += chunk; });
      res.on('end', () => finish(kind, sentAt, String(res.statusCode), text));
      res.on('error', (error) => finish(kind, sentAt, `error ${error.message}`, ''));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A keep-alive connection the server closed as idle just as this request was written on it:
      // the server never read the request. Sent once more on a new connection (node's documented
      // remedy, req.reusedSocket); any other failure, or a second one, counts as failed.
      if (mayResend && req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
        report.resent++;
        attempt(kind, sentAt, headers, body, false);
        return;
      }
      finish(kind, sentAt, `error ${error.code ?? error.message}`, '');
    });
    req.end(body);
  };

  const total = Math.min(options.maxRequests, Math.floor(options.rate * options.durationS));
  let nextWindowAt = options.windowS * 1000;
  const closeWindow = async (toMs: number) => {
    const sorted = window.latencies.sort((a, b) => a - b);
    const closed: WindowReport = {
      fromS: report.windows.length * options.windowS, toS: toMs / 1000, answered: sorted.length, statuses: window.statuses,
      p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? NaN,
      rss: undefined, cpuSeconds: undefined,
    };
    window = { latencies: [], statuses: new Map() };
    report.windows.push(closed);
    ({ rss: closed.rss, cpuSeconds: closed.cpuSeconds } = await serverFigures(options.base));
    (options.onWindow ?? ((w) => console.log(formatWindow(w))))(closed);
  };

  // Every tick sends what is due by the clock, so a slow answer never delays the next request.
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = performance.now() - start;
      const due = Math.min(total, Math.floor((elapsed / 1000) * options.rate));
      const maxInFlight = options.maxInFlight ?? Infinity;
      while (report.tried < due && inFlight < maxInFlight) fire(picks[report.tried % picks.length]!);
      // The last window stays open until every answer is in, so it is not split from its stragglers.
      if (elapsed >= nextWindowAt && report.tried < total) {
        nextWindowAt += options.windowS * 1000;
        void closeWindow(elapsed);
      }
      if (report.tried >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  const drainUntil = performance.now() + options.timeoutMs + 1000;
  while (inFlight > 0 && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 20));
  if (window.latencies.length > 0) await closeWindow(performance.now() - start);
  agent.destroy();

  all.sort((a, b) => a - b);
  report.p50 = percentile(all, 0.5);
  report.p95 = percentile(all, 0.95);
  report.p99 = percentile(all, 0.99);
  report.rssEnd = await residentMemory(options.base);
  return report;
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(2)).padStart(7);
const mb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const statusList = (statuses: Map<string, number>) => [...statuses].sort(([a], [b]) => a.localeCompare(b)).map(([s, n]) => `${s}×${n}`).join(' ');

export function formatWindow(w: WindowReport): string {
  return `${`${w.fromS.toFixed(0)}–${w.toS.toFixed(0)} s`.padEnd(12)} ${String(w.answered).padStart(7)} ${ms(w.p50)} ${ms(w.p95)} ${ms(w.p99)} ${ms(w.max)}  rss ${mb(w.rss).padStart(9)}  ${statusList(w.statuses)}`;
}

export function formatReport(report: LoadReport): string {
  const lines = [
    `tried ${report.tried}, answered ${report.answered}, resent on a new connection ${report.resent}, unexpected ${[...report.unexpected.values()].reduce((a, b) => a + b, 0)}`,
    `statuses: ${statusList(report.statuses)}`,
    `latency ms: p50 ${report.p50.toFixed(2)}, p95 ${report.p95.toFixed(2)}, p99 ${report.p99.toFixed(2)}`,
    `memory (resident, from /metrics): start ${mb(report.rssStart)}, end ${mb(report.rssEnd)}`,
  ];
  for (const [what, n] of report.unexpected) lines.push(`unexpected: ${what} ×${n}`);
  for (const example of report.examples) lines.push(`  e.g. ${example}`);
  return lines.join('\n');
}

function bounded(text: string | undefined, fallback: number, name: string, min: number, max: number): number {
  const value = text === undefined ? fallback : Number(text);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`--${name} must be a number from ${min} to ${max}`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: 'http://127.0.0.1:8080' }, duration: { type: 'string' }, rate: { type: 'string' },
      key: { type: 'string' }, window: { type: 'string' }, connections: { type: 'string' }, 'max-requests': { type: 'string' },
      timeout: { type: 'string' },
    },
  });
  const durationS = bounded(values.duration, 60, 'duration', 1, 24 * 3600);
  const rate = bounded(values.rate, 200, 'rate', 1, 100_000);
  const options: LoadOptions = {
    base: values.base!, durationS, rate, key: values.key,
    windowS: bounded(values.window, 60, 'window', 1, 3600),
    connections: bounded(values.connections, 64, 'connections', 1, 4096),
    maxRequests: bounded(values['max-requests'], rate * durationS, 'max-requests', 1, 1e9),
    timeoutMs: bounded(values.timeout, 10_000, 'timeout', 100, 120_000),
  };
  const mix = REQUEST_KINDS.filter((k) => options.key || !k.needsKey).map((k) => `${k.name} ${k.weight}`).join(', ');
  console.log(`vino load: ${options.base}, ${rate} req/s for ${durationS} s (at most ${options.maxRequests}), ${options.connections} connections`);
  console.log(`mix (weights): ${mix}${options.key ? '' : '; no --key, so no secure call with a valid key'}`);
  console.log(`${'window'.padEnd(12)} ${'answered'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}  memory         statuses`);
  const report = await runLoad(options);
  console.log(formatReport(report));
  process.exitCode = report.unexpected.size > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`load: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  });
}
