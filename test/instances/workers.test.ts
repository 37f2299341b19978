// `vino serve --workers 2` on one machine and the default SQLite store: the workers share keys and
// revocations through the file, split one rate-limit budget, and a worker killed with -9 is
// replaced while the other keeps answering. Every request opens its own connection, so node:cluster
// hands them to the workers in turn.
import { spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVino, startServe, timeUntil, type VinoServe } from './vino-process.js';

const ADMIN_TOKEN = 'workers-admin-token-0123456789';
const HONDA_VIN = '1HGCM82633A004352';
const KEY_LIMIT = 20;
const dataDir = mkdtempSync(join(tmpdir(), 'vino-workers-'));
let serve: VinoServe;

beforeAll(async () => {
  serve = await startServe(['--workers', '2'], { VINO_DATA_DIR: dataDir, VINO_ADMIN_TOKEN: ADMIN_TOKEN, VINO_RATE_LIMIT_KEY: String(KEY_LIMIT),
    // The revocation test polls a revoked key until every worker refuses it: failures by design.
    VINO_RATE_LIMIT_BAD_KEY: '0' });
});
afterAll(async () => {
  if (serve) expect((await serve.kill('SIGTERM')).code).toBe(0);
  rmSync(dataDir, { recursive: true, force: true });
});

/** One request on a connection of its own; resolves with the status and the body. */
function fresh(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<{ status: number; json: any }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(serve.url + path, { method, agent: false, headers: payload ? { ...headers, 'content-type': 'application/json' } : headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => { text += chunk; });
      res.on('end', () => resolve({ status: res.statusCode!, json: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error(`${method} ${path}: no answer within 5 s`)));
    req.end(payload);
  });
}

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const secure = (key: string) => fresh('POST', '/api/v1/secure/vin/decode', { 'x-api-key': key }, { identifier: HONDA_VIN });
const statuses = async (count: number, send: () => Promise<{ status: number }>) => {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await send()).status);
  return out;
};
const workerPids = () => spawnSync('ps', ['-o', 'pid=', '--ppid', String(serve.pid)], { encoding: 'utf8' }).stdout.split('\n').map((l) => Number(l.trim())).filter(Boolean);

describe('vino serve --workers 2', () => {
  it('runs two workers under one primary', () => {
    expect(workerPids()).toHaveLength(2);
    expect(serve.stdout()).toContain('"workers":2');
  });

  it('shares keys made over HTTP or by the CLI between the workers', async () => {
    const overHttp = await fresh('POST', '/api/v1/keys', admin, { label: 'Over HTTP' });
    expect(overHttp.status).toBe(201);
    const cli = await runVino(['keys', 'create', 'By the CLI', '--json', '--data-dir', dataDir]);
    expect(cli.code, cli.stderr).toBe(0);
    for (const key of [overHttp.json.key, JSON.parse(cli.stdout).key]) expect(await statuses(6, () => secure(key))).toEqual(Array(6).fill(200));
  });

  it('refuses a revoked key on every worker within 10 s', async () => {
    const created = (await fresh('POST', '/api/v1/keys', admin, { label: 'Revoked' })).json;
    expect(await statuses(4, () => secure(created.key))).toEqual([200, 200, 200, 200]);
    expect((await fresh('DELETE', `/api/v1/keys/${created.id}`, admin)).status).toBe(200);
    const ms = await timeUntil(async () => (await statuses(4, () => secure(created.key))).every((s) => s === 401), 12_000, 200);
    console.info(`--workers 2: a revocation reached every worker in ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(10_000);
  });

  it('admits no more than one budget per key across the workers', async () => {
    const created = (await fresh('POST', '/api/v1/keys', admin, { label: 'Budgeted' })).json;
    const seen = await statuses(KEY_LIMIT + 10, () => secure(created.key));
    const admitted = seen.filter((s) => s === 200).length;
    console.info(`--workers 2: ${admitted} of ${seen.length} requests admitted against a limit of ${KEY_LIMIT} a minute`);
    expect(seen.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(admitted).toBeLessThanOrEqual(KEY_LIMIT);
    expect(admitted).toBeGreaterThanOrEqual(KEY_LIMIT / 2);
  });

  it('counts every worker\'s requests in one scrape', async () => {
    const healthz = async () => {
      const res = await new Promise<string>((resolve, reject) => {
        request(serve.url + '/metrics', { agent: false }, (r) => {
          let text = '';
          r.on('data', (chunk) => { text += chunk; });
          r.on('end', () => resolve(text));
        }).on('error', reject).end();
      });
      return Number(/^vino_http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)$/m.exec(res)?.[1] ?? 0);
    };
    const before = await healthz();
    // Each on a connection of its own: node:cluster hands them to both workers.
    expect(await statuses(40, () => fresh('GET', '/healthz'))).toEqual(Array(40).fill(200));
    expect(await healthz()).toBe(before + 40);
  });

  it('answers /metrics with a 503 problem when the primary does not gather the figures in time, and in full once it does', async () => {
    // One connection, already handed to a worker: with the primary stopped, nothing new is accepted.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const onKept = (path: string) => new Promise<{ status: number; type: string | undefined; retryAfter: string | undefined; text: string }>((resolve, reject) => {
      request(serve.url + path, { agent }, (res) => {
        let text = '';
        res.on('data', (chunk) => { text += chunk; });
        res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], retryAfter: res.headers['retry-after'], text }));
      }).on('error', reject).end();
    });
    try {
      expect((await onKept('/healthz')).status).toBe(200);
      process.kill(serve.pid, 'SIGSTOP');
      let scrape;
      try {
        scrape = await onKept('/metrics');
      } finally {
        process.kill(serve.pid, 'SIGCONT');
      }
      expect(scrape.status, scrape.text).toBe(503);
      expect(scrape.type).toBe('application/problem+json');
      expect(scrape.retryAfter).toBe('5');
      expect(JSON.parse(scrape.text)).toMatchObject({ status: 503, code: 'METRICS_UNAVAILABLE' });
      const again = await onKept('/metrics');
      expect(again.status).toBe(200);
      expect(again.text).toMatch(/^process_resident_memory_bytes \d+/m);
    } finally {
      agent.destroy();
    }
  });

  it('keeps answering when a worker is killed with -9, and replaces it', async () => {
    const [victim] = workerPids();
    process.kill(victim!, 'SIGKILL');
    // node:cluster hands each connection to a worker in turn; one handed over in the moment before
    // the primary notices the death is lost with the worker (the client times out). From the
    // primary's notice on, every connection goes to the worker that is alive.
    expect(await timeUntil(async () => serve.stdout().includes('worker exited; starting another'), 5000, 20)).toBeLessThan(5000);
    expect(await statuses(10, () => fresh('POST', '/api/v1/vin/decode', {}, { identifier: HONDA_VIN }))).toEqual(Array(10).fill(200));
    const replacedInMs = await timeUntil(async () => {
      const pids = workerPids();
      return pids.length === 2 && !pids.includes(victim!);
    }, 10_000, 100);
    console.info(`--workers 2: a worker killed with -9 was replaced in ${Math.round(replacedInMs)} ms`);
    expect(replacedInMs).toBeLessThan(5000);
    expect((await fresh('GET', '/readyz')).status).toBe(200);
    expect(await statuses(6, () => fresh('POST', '/api/v1/vin/decode', {}, { identifier: HONDA_VIN }))).toEqual(Array(6).fill(200));
  });
});
