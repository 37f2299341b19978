// Hostile requests the server can read, sent over raw sockets to the real server: random and
// malicious bodies under every media type, odd and duplicated headers, path tricks, any method.
// Each is answered below 500, every refusal is problem+json with a code that belongs to its status,
// nothing internal leaks, and the connection stays usable unless the answer said it would close.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from './fixture.js';
import { answerProblems, Tally } from './invariants.js';
import { header, RawConnection, type Outcome } from './raw-http.js';
import { HONDA_VIN } from './bodies.js';
import { readableRequest, type HostileRequest } from './requests.js';

let server: HostileServer;
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
beforeAll(async () => { server = await startHostileServer(); });
afterAll(async () => { await server?.close(); });

/** The request with an X-Request-Id header right after its request line. */
function withRequestId(bytes: Buffer, id: string): Buffer {
  const lineEnd = bytes.indexOf('\r\n') + 2;
  return Buffer.concat([bytes.subarray(0, lineEnd), Buffer.from(`X-Request-Id: ${id}\r\n`), bytes.subarray(lineEnd)]);
}

const HEALTH_CHECK = Buffer.from('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');

/** Sends one request; then, on a connection the server kept open, a plain request after it. */
async function sendThenFollow(request: HostileRequest): Promise<{ outcome: Outcome; followUp: Outcome | undefined }> {
  const connection = await RawConnection.open(server.port);
  try {
    connection.write(request.bytes);
    const outcome = await connection.response(request.method, 10_000);
    if (typeof outcome === 'string' || /close/i.test(header(outcome, 'connection') ?? '')) return { outcome, followUp: undefined };
    connection.write(HEALTH_CHECK);
    return { outcome, followUp: await connection.response('GET') };
  } finally {
    connection.destroy();
  }
}

describe('hostile requests the server can read', () => {
  const tally = new Tally();
  afterAll(() => { console.info(`hostile readable requests: ${tally}`); });

  it('answers each below 500 with a problem it names, leaks nothing, and keeps the connection usable', async () => {
    await fc.assert(fc.asyncProperty(readableRequest(server.credentials), async (request) => {
      const { outcome, followUp } = await sendThenFollow(request);
      tally.count(outcome);
      expect(answerProblems(outcome, request), request.kind).toEqual([]);
      if (followUp !== undefined) {
        expect(typeof followUp === 'string' ? followUp : followUp.status, `the request after ${request.kind}`).toBe(200);
      }
    }), { numRuns: 2000, seed: 0x5eed_0005 });
  }, 60_000);

  it('answers hostile requests pipelined on one connection, each in its turn', async () => {
    await fc.assert(fc.asyncProperty(fc.array(readableRequest(server.credentials), { minLength: 2, maxLength: 6 }), async (requests) => {
      const connection = await RawConnection.open(server.port);
      try {
        connection.write(Buffer.concat(requests.map((request, i) => withRequestId(request.bytes, `pipelined-${i}`))));
        for (const [i, request] of requests.entries()) {
          const outcome = await connection.response(request.method, 3000);
          tally.count(outcome);
          expect(answerProblems(outcome, request), `request ${i}, ${request.kind}`).toEqual([]);
          if (typeof outcome === 'string') return;
          // A request that sent its own X-Request-Id too has two, which the server replaces with its own.
          const id = header(outcome, 'x-request-id')!;
          if (id.startsWith('pipelined-')) expect(id, 'answers in the order asked').toBe(`pipelined-${i}`);
          if (/close/i.test(header(outcome, 'connection') ?? '')) return;
        }
      } finally {
        connection.destroy();
      }
    }), { numRuns: 200, seed: 0x5eed_0007 });
  }, 60_000);

  it('logged no unexpected error while answering them', () => {
    const failures = server.logs().split('\n').filter((line) => line.includes('"unexpected error"') || line.includes('"level":50'));
    expect(failures).toEqual([]);
  });

  it('left Object.prototype as it found it', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('still decodes afterwards', async () => {
    const res = await fetch(`${server.url}/api/v1/vin/decode`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: HONDA_VIN }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).corporateOrigin.countryCode).toBe('US');
  });
});
