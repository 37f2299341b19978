// The scale-out topology of compose.yaml run for real (issue 12, finding 10): Debian's `haproxy`
// with deploy/haproxy.cfg (its Docker DNS discovery swapped for three local server lines, nothing
// else changed) in front of three `vino serve` on one Redis. Under steady load one instance is
// stopped and started again: no request may fail. The per-key rate limit is one budget across the
// three instances, counted in Redis through the proxy's X-Forwarded-For.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL } from '../keys/probe.js';
import { serviceAvailable } from './services.js';
import { runVino, sleep, startServe, timeUntil, type VinoServe } from './vino-process.js';

const HAPROXY_CFG = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));
const ADMIN_TOKEN = 'haproxy-suite-admin-token-0123';
/** A Redis database of its own, emptied first, so no other suite's counters or keys are shared. */
const STORE_URL = `${REDIS_URL.replace(/\/\d*$/, '')}/7`;
const KEY_BUDGET = 60;
const HONDA = JSON.stringify({ identifier: '1HGCM82633A004352' });
const CLIENT_PAUSE_MS = 15;

function haproxyInstalled(): boolean {
  const found = spawnSync('haproxy', ['-v'], { encoding: 'utf8' }).status === 0;
  if (found) return true;
  if (process.env.VINO_TEST_REQUIRE_SERVICES === '1') {
    describe('test/instances/haproxy', () => {
      it('needs haproxy (apt-get install haproxy) (VINO_TEST_REQUIRE_SERVICES=1)', () => { throw new Error('haproxy is not installed'); });
    });
  } else {
    console.warn('test/instances/haproxy: skipping: haproxy is not installed (apt-get install haproxy)');
  }
  return false;
}

const up = haproxyInstalled() && await serviceAvailable('test/instances/haproxy', 'Redis', REDIS_URL, 6379);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** deploy/haproxy.cfg with Docker's DNS discovery replaced by the local instances, and a local bind. */
export function localHaproxyConfig(frontPort: number, backendPorts: number[]): string {
  const cfg = readFileSync(HAPROXY_CFG, 'utf8');
  const servers = backendPorts.map((port, i) => `    server vino${i + 1} 127.0.0.1:${port} check inter 300ms fall 1 rise 1`).join('\n');
  const local = cfg
    .replace(/^resolvers docker\n(?:[ \t]+.*\n)+/m, '')
    .replace(/^(\s+)bind :8080$/m, `$1bind 127.0.0.1:${frontPort}`)
    .replace(/^\s+server-template .*$/m, servers);
  if (local.includes('resolvers') || !local.includes(`bind 127.0.0.1:${frontPort}`) || !local.includes('server vino3')) {
    throw new Error('deploy/haproxy.cfg no longer has the lines this suite replaces; update localHaproxyConfig');
  }
  return local;
}

describe.skipIf(!up)('HAProxy in front of three vino serve on one Redis', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vino-haproxy-'));
  const env = {
    VINO_KEYSTORE_URL: STORE_URL, VINO_ADMIN_TOKEN: ADMIN_TOKEN, VINO_TRUST_PROXY: '127.0.0.1',
    VINO_RATE_LIMIT_OPEN: '100000', VINO_RATE_LIMIT_KEY: String(KEY_BUDGET), VINO_LOG_LEVEL: 'info',
  };
  let ports: number[];
  let front: string;
  const instances: VinoServe[] = [];
  let haproxy: ChildProcess;

  beforeAll(async () => {
    const { openKeyValueStore } = await import('../../src/keys/kv-store.js');
    const kv = await openKeyValueStore(STORE_URL);
    await (kv.sharedCounters as { client: { flushDb(): Promise<unknown> } }).client.flushDb().catch(async () => {
      await kv.get('ping');
      await (kv.sharedCounters as { client: { flushDb(): Promise<unknown> } }).client.flushDb();
    });
    await kv.close();
    ports = [await freePort(), await freePort(), await freePort()];
    const frontPort = await freePort();
    front = `http://127.0.0.1:${frontPort}`;
    instances.push(...await Promise.all(ports.map((port) => startServe([], { ...env, VINO_PORT: String(port) }))));
    writeFileSync(join(dir, 'haproxy.cfg'), localHaproxyConfig(frontPort, ports));
    haproxy = spawn('haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: 'ignore' });
    const ready = await timeUntil(async () => (await fetch(`${front}/healthz`)).ok, 10_000);
    if (ready === Infinity) throw new Error('haproxy did not answer within 10 s');
  }, 60_000);

  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.kill('SIGTERM')));
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no request while one instance stops and comes back under steady load', async () => {
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let running = true;
    // Steady, not as fast as the machine allows: a request every CLIENT_PAUSE_MS from each of four
    // clients (some 200 a second) is one every few milliseconds while the instance goes and comes
    // back, without taking the CPU from the suites running beside this one.
    const client = async () => {
      while (running) {
        const status = await fetch(`${front}/api/v1/vin/decode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: HONDA })
          .then(async (res) => { await res.arrayBuffer(); return res.status; }, (error: Error) => { failures.push(`${error.message}: ${String((error.cause as Error | undefined)?.message ?? '')}`); return -1; });
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        await sleep(CLIENT_PAUSE_MS);
      }
    };
    const load = Promise.all([client(), client(), client(), client()]);
    await sleep(1500);
    const stopped = await instances[1]!.kill('SIGTERM');
    expect(stopped.code).toBe(0);
    await sleep(2000);
    instances[1] = await startServe([], { ...env, VINO_PORT: String(ports[1]) });
    // Back in rotation: haproxy checks every 300 ms, and a request reaches the restarted instance directly.
    expect((await fetch(`${instances[1].url}/healthz`)).status).toBe(200);
    await sleep(2000);
    running = false;
    await load;
    const summary = Object.fromEntries(statuses);
    console.info(`through haproxy while one of three instances stopped and came back: ${JSON.stringify(summary)} (status: requests)`);
    expect(Object.keys(summary), `${JSON.stringify(summary)} ${failures.join('; ')}`).toEqual(['200']);
    expect(summary[200]).toBeGreaterThan(100);
  }, 60_000);

  it('counts one per-key budget across the three instances', async () => {
    const created = await runVino(['keys', 'create', 'HAProxy suite', '--json'], { VINO_KEYSTORE_URL: STORE_URL, VINO_ADMIN_TOKEN: ADMIN_TOKEN });
    expect(created.code, created.stderr).toBe(0);
    const { key } = JSON.parse(created.stdout) as { key: string };
    const statuses: number[] = [];
    for (let i = 0; i < KEY_BUDGET + 30; i++) {
      const res = await fetch(`${front}/api/v1/secure/vin/decode`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: HONDA });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(KEY_BUDGET);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  }, 60_000);
});
