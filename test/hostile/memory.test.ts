// Memory stays flat under hostile input: the real server in a child process takes equal rounds of
// hostile requests (readable and unreadable, several connections at once), and its memory after
// forced garbage collection is compared round by round once the first round has warmed it up
// (JIT, caches filled to their bounds). A leak of a few hundred bytes a request would show.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../server/harness.js';
import { RawConnection } from './raw-http.js';
import { malformedRequest, readableRequest, type HostileRequest, type MalformedRequest } from './requests.js';
import { startServerProcess, type MemorySample, type ServerProcess } from './server-process.js';

const ROUND = 2500;
const ROUNDS = 4;
const CONCURRENCY = 8;
/** Growth over the measured rounds (3 × 2,500 requests) that counts as a leak: ~270 bytes a request. */
const LEAK_BOUND_BYTES = 2 * 1024 * 1024;

let server: ServerProcess;
beforeAll(async () => { server = await startServerProcess(ADMIN_TOKEN); }, 30_000);
afterAll(async () => { await server?.stop(); });

async function sendOne(request: HostileRequest | MalformedRequest): Promise<void> {
  const connection = await RawConnection.open(server.port);
  try {
    connection.write(request.bytes);
    if ('halfClose' in request && request.halfClose) connection.end();
    const outcome = await connection.response(request.method, 10_000);
    if (outcome === 'timeout') throw new Error(`no answer to ${request.kind}`);
  } finally {
    connection.destroy();
  }
}

async function sendAll(requests: (HostileRequest | MalformedRequest)[]): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < requests.length) await sendOne(requests[next++]!);
  }));
}

/** Fills the decode answer cache to its bound with full results, so later rounds cannot grow it. */
async function fillAnswerCache(): Promise<void> {
  for (let batch = 0; batch < 3; batch++) {
    const identifiers = Array.from({ length: 1000 }, (_, i) => `1HGCM82633A${String(batch * 1000 + i).padStart(6, '0')}`);
    const res = await fetch(`${server.url}/api/v1/vin/decode/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifiers }) });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const retained = (m: MemorySample) => m.heapUsed + m.external;

describe('memory under hostile input', () => {
  it(`stays flat over ${ROUNDS - 1} rounds of ${ROUND} hostile requests after a warm-up round`, async () => {
    const created = await fetch(`${server.url}/api/v1/keys`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` }, body: '{"label":"Memory suite"}',
    }).then((res) => res.json() as Promise<{ key: string }>);
    const hostile = fc.oneof(
      { weight: 4, arbitrary: readableRequest({ apiKey: created.key, adminToken: ADMIN_TOKEN }) },
      { weight: 1, arbitrary: malformedRequest },
    );
    await fillAnswerCache();
    const samples: MemorySample[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await sendAll(fc.sample(hostile, { seed: 0x5eed_0100 + round, numRuns: ROUND }));
      samples.push(await server.memory());
    }
    console.info(`hostile memory: ${ROUNDS} × ${ROUND} requests; heap+external after each round: ${samples.map((s) => mb(retained(s))).join(', ')}; ` +
      `rss ${samples.map((s) => mb(s.rss)).join(', ')}`);

    const growth = retained(samples.at(-1)!) - retained(samples[0]!);
    expect(growth, `grew ${mb(growth)} after warming up`).toBeLessThan(LEAK_BOUND_BYTES);
    expect(samples.at(-1)!.connections, 'connections the server still holds').toBe(0);
    const alive = await fetch(`${server.url}/api/v1/vin/decode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"identifier":"1HGCM82633A004352"}' });
    expect(alive.status).toBe(200);
  }, 90_000);
});
