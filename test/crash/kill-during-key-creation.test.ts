// Crash safety of the embedded key store: `vino serve` on the default SQLite store is killed with
// SIGKILL while keys are being created over HTTP and by `vino keys create` at the same time (some
// of those CLI processes are themselves killed mid-run). After each crash SQLite's integrity check
// passes and the server starts again with the same admin token; at the end every key that was
// acknowledged (201 received, or JSON printed and exit 0) works on the secure endpoint and is listed.
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runVino, sleep, startServe, type VinoServe } from '../instances/vino-process.js';
import { integrityCheck } from './sqlite-store.js';

const ROUNDS = 3;
const HTTP_CREATORS = 4;
const CLI_CREATORS = 2;
const HONDA_VIN = '1HGCM82633A004352';

interface Acknowledged { id: string; key: string; via: 'http' | 'cli' }

const dataDir = mkdtempSync(join(tmpdir(), 'vino-crash-'));
const env = { VINO_DATA_DIR: dataDir, VINO_RATE_LIMIT_OPEN: '0', VINO_RATE_LIMIT_KEY: '0', VINO_RATE_LIMIT_BAD_KEY: '0' };
let serve: VinoServe | undefined;
afterAll(async () => {
  await serve?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 while keys are created over HTTP and by the CLI', () => {
  it('loses no acknowledged key and leaves the store whole', async () => {
    serve = await startServe([], env);
    const adminToken = /vinoadm_[0-9A-Za-z]{46}/.exec(serve.stderr())?.[0];
    expect(adminToken, 'the first start prints the admin token').toBeDefined();
    const admin = { authorization: `Bearer ${adminToken}` };

    const acknowledged: Acknowledged[] = [];
    const tally = { httpTried: 0, httpCut: 0, cliTried: 0, cliKilled: 0 };
    const httpRefusals: { status: number; type: string | null }[] = [];
    const cliFailures: string[] = [];

    const createOverHttp = async (url: string, label: string, running: () => boolean) => {
      for (let n = 0; running(); n++) {
        tally.httpTried++;
        try {
          const response = await fetch(`${url}/api/v1/keys`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ label: `${label} ${n}` }) });
          const body = await response.json();
          if (response.status === 201) acknowledged.push({ id: body.id, key: body.key, via: 'http' });
          else httpRefusals.push({ status: response.status, type: response.headers.get('content-type') });
        } catch {
          tally.httpCut++; // the server died with this request in flight: not acknowledged
        }
      }
    };
    const createWithCli = async (label: string, running: () => boolean) => {
      for (let n = 0; running(); n++) {
        tally.cliTried++;
        // One run in three is killed itself at a random moment, before, during or after its write.
        const signal = randomInt(3) === 0 ? AbortSignal.timeout(randomInt(100, 600)) : undefined;
        const run = await runVino(['keys', 'create', `${label} ${n}`, '--json'], env, signal);
        if (run.code === 0) {
          const created = JSON.parse(run.stdout);
          acknowledged.push({ id: created.id, key: created.key, via: 'cli' });
        } else if (run.signal === 'SIGKILL') {
          tally.cliKilled++;
        } else {
          cliFailures.push(run.stderr);
        }
      }
    };

    const integrity: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const server = serve;
      let serverUp = true;
      let creating = true;
      const work = [
        ...Array.from({ length: HTTP_CREATORS }, (_, i) => createOverHttp(server.url, `HTTP r${round} c${i}`, () => serverUp)),
        ...Array.from({ length: CLI_CREATORS }, (_, i) => createWithCli(`CLI r${round} c${i}`, () => creating)),
      ];
      await sleep(randomInt(700, 1400));
      serverUp = false;
      const died = await server.kill('SIGKILL');
      expect(died.signal).toBe('SIGKILL');
      // The CLI keeps writing for a moment with the server gone, as it would during a restart.
      await sleep(300);
      creating = false;
      await Promise.all(work);

      integrity.push(await integrityCheck(join(dataDir, 'vino.sqlite')));
      serve = await startServe([], env);
      expect(serve.stderr(), 'a restart keeps the stored admin token').not.toContain('vinoadm_');
    }

    const byVia = (via: string) => acknowledged.filter((a) => a.via === via).length;
    const lost: Acknowledged[] = [];
    for (let i = 0; i < acknowledged.length; i += 16) {
      await Promise.all(acknowledged.slice(i, i + 16).map(async (ack) => {
        const response = await fetch(`${serve!.url}/api/v1/secure/vin/decode`, {
          method: 'POST', headers: { 'x-api-key': ack.key, 'content-type': 'application/json' }, body: JSON.stringify({ identifier: HONDA_VIN }),
        });
        await response.arrayBuffer();
        if (response.status !== 200) lost.push(ack);
      }));
    }
    const listed = await runVino(['keys', 'list', '--json'], env);
    expect(listed.code, listed.stderr).toBe(0);
    const listedIds = new Set((JSON.parse(listed.stdout).keys as { id: string }[]).map((k) => k.id));
    const unlisted = acknowledged.filter((a) => !listedIds.has(a.id));
    const overHttp = await fetch(`${serve.url}/api/v1/keys`, { headers: admin });
    expect(overHttp.status, 'the admin token survives the crashes').toBe(200);

    console.info(
      `crash: ${ROUNDS} kill -9 of vino serve; HTTP ${tally.httpTried} tried, ${byVia('http')} acknowledged, ${tally.httpCut} cut by the kill, ` +
      `${httpRefusals.length} refused; CLI ${tally.cliTried} runs, ${byVia('cli')} acknowledged, ${tally.cliKilled} killed, ${cliFailures.length} failed; ` +
      `${acknowledged.length} acknowledged, ${lost.length} lost, ${unlisted.length} missing from the list; ` +
      `${listedIds.size - acknowledged.length} stored without acknowledgement; integrity: ${integrity.join(', ')}`,
    );
    expect(byVia('http')).toBeGreaterThan(0);
    expect(byVia('cli')).toBeGreaterThan(0);
    expect(tally.httpCut + tally.cliKilled, 'some writes were interrupted').toBeGreaterThan(0);
    expect(integrity).toEqual(Array(ROUNDS).fill('ok'));
    expect(lost).toEqual([]);
    expect(unlisted).toEqual([]);
    // Refusals are allowed (a busy store), but only as problems, never a 500.
    for (const refusal of httpRefusals) {
      expect(refusal.status).toBe(503);
      expect(refusal.type).toBe('application/problem+json');
    }
    for (const failure of cliFailures) expect(failure).toMatch(/^vino: [^\n]+\n$/);
  }, 60_000);
});
