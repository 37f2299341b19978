// Requests the server cannot read as HTTP: bodies that stop halfway (the client then half-closes),
// bodies longer or shorter than their Content-Length, bad chunks, bytes a request line or header
// may not hold, headers past 16 KB. node's parser refuses these before the app sees them; each is
// still answered as problem+json with a stable code (never dropped, never a 5xx), the connection
// is then closed, and the server lives on.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from './fixture.js';
import { answerProblems, Tally } from './invariants.js';
import { RawConnection } from './raw-http.js';
import { HONDA_VIN } from './bodies.js';
import { describedRequest, malformedRequest } from './requests.js';

let server: HostileServer;
beforeAll(async () => { server = await startHostileServer(); });
afterAll(async () => { await server?.close(); });

describe('requests the server cannot read', () => {
  const tally = new Tally();
  afterAll(() => { console.info(`hostile malformed requests: ${tally}`); });

  it('answers each with a problem and then closes the connection', async () => {
    await fc.assert(fc.asyncProperty(malformedRequest.map(describedRequest), async (request) => {
      const connection = await RawConnection.open(server.port);
      try {
        connection.write(request.bytes);
        if (request.halfClose) connection.end();
        const outcome = await connection.response(request.method, 5000);
        tally.count(outcome);
        expect(typeof outcome, `${request.kind}: the connection was ${String(outcome)}`).toBe('object');
        if (typeof outcome === 'string') return;
        expect(answerProblems(outcome, request), request.kind).toEqual([]);
        // A body longer than its Content-Length is a good request followed by garbage: the good
        // one is answered first, then the garbage refused.
        let refusal = outcome;
        if (request.kind === 'a body longer than Content-Length') {
          expect(outcome.status, 'the good request before the garbage').toBe(200);
          const next = await connection.response('GET', 5000);
          expect(typeof next, `${request.kind}: after the good request the connection was ${String(next)}`).toBe('object');
          if (typeof next === 'string') return;
          tally.count(next);
          expect(answerProblems(next, request), request.kind).toEqual([]);
          refusal = next;
        }
        expect([400, 431], request.kind).toContain(refusal.status);
        const after = await Promise.race([connection.closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('open'), 2000))]);
        expect(after, `${request.kind}: the connection after the refusal`).toBe('closed');
      } finally {
        connection.destroy();
      }
    }), { numRuns: 300, seed: 0x5eed_0006 });
  }, 60_000);

  it('still decodes afterwards', async () => {
    const res = await fetch(`${server.url}/api/v1/vin/decode`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: HONDA_VIN }),
    });
    expect(res.status).toBe(200);
  });
});
