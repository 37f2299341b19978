// Each named malicious body (deep nesting, huge strings and arrays, __proto__ and constructor keys,
// bytes that are not UTF-8, wrong types) against each decode endpoint, open and secure, with the
// exact answer it must get: a body that is too large is refused by size, one that is not JSON as
// INVALID_JSON, one that is JSON of the wrong shape as VALIDATION_FAILED, whatever hides inside.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from './fixture.js';
import { answerProblems, CODES_BY_STATUS } from './invariants.js';
import { exchange, header, rawRequestBytes } from './raw-http.js';
import { SPECIAL_BODIES } from './bodies.js';

let server: HostileServer;
beforeAll(async () => { server = await startHostileServer(); });
afterAll(async () => { await server?.close(); });

const ROUTES = [
  ['/api/v1/vin/decode', 'single'], ['/api/v1/secure/vin/decode', 'single'],
  ['/api/v1/vin/decode/batch', 'batch'], ['/api/v1/secure/vin/decode/batch', 'batch'],
] as const;

const cases = ROUTES.flatMap(([route, kind]) =>
  SPECIAL_BODIES.map(([name, body, single, batch]) => ({ route, name, body, want: kind === 'single' ? single : batch })));

describe('named malicious bodies on the decode endpoints', () => {
  it.each(cases)('$route answers $name with $want', async ({ route, body, want }) => {
    const bytes = rawRequestBytes('POST', route, [
      ['Host', '127.0.0.1'], ['Content-Type', 'application/json'], ['Content-Length', String(body.length)],
      ['Authorization', `Bearer ${server.credentials.apiKey}`], ['Connection', 'close'],
    ], body);
    const outcome = await exchange(server.port, bytes, { method: 'POST' });
    expect(answerProblems(outcome, { method: 'POST', bytes })).toEqual([]);
    if (typeof outcome === 'string') return;
    const [status, code] = want.split(' ');
    expect(outcome.status).toBe(Number(status));
    const answer = JSON.parse(outcome.body.toString('utf8'));
    if (code) expect(answer.code).toBe(code);
    else if (outcome.status === 422) expect(CODES_BY_STATUS[422]).toContain(answer.code);
    else expect(header(outcome, 'content-type')).toBe('application/json; charset=utf-8');
  });

  it('answers a batch of 1,000 with 1,000 results in order', async () => {
    const [, body] = SPECIAL_BODIES.find(([name]) => name === '1,000 valid identifiers')!;
    const res = await fetch(`${server.url}/api/v1/vin/decode/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array(body) });
    const { results } = await res.json();
    expect(results).toHaveLength(1000);
    expect(new Set(results.map((r: { identifier: string }) => r.identifier))).toEqual(new Set(['1HGCM82633A004352']));
  });

  it('reports at most 20 of 50,000 wrong items, so the answer stays small', async () => {
    const [, body] = SPECIAL_BODIES.find(([name]) => name === '50,000 numbers as identifiers')!;
    const res = await fetch(`${server.url}/api/v1/vin/decode/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array(body) });
    const text = await res.text();
    expect(JSON.parse(text).errors).toHaveLength(20);
    expect(text.length).toBeLessThan(4096);
  });
});
