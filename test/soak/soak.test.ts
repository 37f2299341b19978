// A short soak of `vino serve` in a child process, driven by scripts/load.ts: a steady open-loop
// rate of mixed requests (open and secure decodes, batches, malformed and wrongly typed bodies, a
// wrong media type, secure calls without a key or with a wrong one, health checks) for 45 s.
// Every answer must have a status its kind allows, none may fail, the server's CPU time per request
// in the last third must stay near the first third's, and its resident memory must stay level once warm.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport, formatWindow, percentile, runLoad, type LoadReport } from '../../scripts/load.js';
import { startVinoServe, type VinoServe } from './vino-serve.js';

const DURATION_S = 45;
const RATE = 150;
const WINDOW_S = 3;
/**
 * 10,000 requests first, as fast as the server answers them (at most 32 waiting: a closed loop, so
 * a slow or busy machine is never left a backlog that would spill into the measured run): V8 grows
 * the heap until then (RSS climbs by some 80 MB and then stays level for as long as the load
 * lasts), so comparing memory before that would measure the heap's growth, not a leak.
 */
const WARM_UP_REQUESTS = 10_000;
const WARM_UP_CONNECTIONS = 32;
/** Resident memory may move this much after the first third (GC timing, allocator), but no more. */
const RSS_NOISE_BYTES = 24 * 1024 * 1024;
const ADMIN_TOKEN = 'soak-admin-token-0123456789';

let server: VinoServe;
let report: LoadReport;
const lines: string[] = [];

beforeAll(async () => {
  server = await startVinoServe(ADMIN_TOKEN);
  const key = await server.createKey('Soak');
  const target = { base: server.url, key, connections: 32, timeoutMs: 10_000 };
  const warmUp = await runLoad({
    ...target, durationS: 1, rate: WARM_UP_REQUESTS, windowS: 3600, maxRequests: WARM_UP_REQUESTS, maxInFlight: WARM_UP_CONNECTIONS, onWindow: () => {},
  });
  expect(warmUp.answered, formatReport(warmUp)).toBe(WARM_UP_REQUESTS);
  lines.push(`warm-up: ${formatReport(warmUp).split('\n').join('; ')}`);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  report = await runLoad({
    ...target, durationS: DURATION_S, rate: RATE, windowS: WINDOW_S, maxRequests: RATE * DURATION_S, onWindow: (w) => lines.push(formatWindow(w)),
  });
  console.info(`soak: ${RATE} req/s for ${DURATION_S} s\n${lines.join('\n')}\n${formatReport(report)}`);
}, (DURATION_S + 120) * 1000);
afterAll(async () => { await server?.stop(); });

/** The windows of the first and of the last third of the run (the short final window left out). */
function thirds(): { first: LoadReport['windows']; last: LoadReport['windows'] } {
  const full = report.windows.filter((w) => w.toS - w.fromS >= WINDOW_S * 0.9);
  const third = Math.floor(full.length / 3);
  return { first: full.slice(0, third), last: full.slice(-third) };
}

describe(`soak: ${RATE} requests a second for ${DURATION_S} s against vino serve`, () => {
  it('had every request answered', () => {
    expect(report.answered).toBe(RATE * DURATION_S);
  });

  it('saw no unexpected status and no failed request', () => {
    expect(Object.fromEntries(report.unexpected), report.examples.join('\n')).toEqual({});
    expect([...report.statuses.keys()].sort()).toEqual(['200', '400', '401', '415', '422']);
  });

  it('kept the work per request level: CPU time per request in the last third within 1.5x the first third\'s', () => {
    // Latency on a shared 2-core machine measures the neighbours as much as the server (a p99 of
    // 3 s in one third of a run and 0.2 s in the other, with the same server), so what is held
    // level is the server's own CPU time per request (process_cpu_seconds_total on /metrics),
    // which grows with anything that accumulates: a leak the GC has to walk, a table that grows.
    const { first, last } = thirds();
    // Each window's CPU figure is read as it closes: a third's work is from its first window's close to its last's.
    const cpuPerRequest = (windows: LoadReport['windows']) => {
      const spent = windows.at(-1)!.cpuSeconds! - windows[0]!.cpuSeconds!;
      return (spent * 1000) / windows.slice(1).reduce((sum, w) => sum + w.answered, 0);
    };
    const p99 = (windows: LoadReport['windows']) => percentile(windows.map((w) => w.p99).sort((a, b) => a - b), 0.5);
    console.info(`soak: CPU ms per request ${cpuPerRequest(first).toFixed(3)} → ${cpuPerRequest(last).toFixed(3)}; median window p99 ${p99(first).toFixed(1)} → ${p99(last).toFixed(1)} ms`);
    expect(cpuPerRequest(first)).toBeGreaterThan(0);
    expect(cpuPerRequest(last)).toBeLessThanOrEqual(1.5 * cpuPerRequest(first));
  });

  it('kept resident memory level after the first third', () => {
    const { first } = thirds();
    const warm = first.at(-1)!.rss;
    expect(warm, 'the server reports process_resident_memory_bytes on /metrics').toBeTypeOf('number');
    expect(report.rssEnd! - warm!).toBeLessThan(RSS_NOISE_BYTES);
  });

  it('is still answering, and stops cleanly', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
  });
});
