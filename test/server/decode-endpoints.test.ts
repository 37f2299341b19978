// The open decode endpoints over a real port: answers, every client error as problem+json with its
// stable code, and the headers every answer carries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDecodeResult, problemSchemaErrors, resultSchemaErrors } from '../fixtures/contract.js';
import { get, HONDA_VIN, post, rawRequest, send, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const decodePath = '/api/v1/vin/decode';
const batchPath = '/api/v1/vin/decode/batch';

describe('POST /api/v1/vin/decode', () => {
  it('answers a VIN with a decode result that matches the schema', async () => {
    const res = await post(server.url, decodePath, { identifier: HONDA_VIN });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(resultSchemaErrors(res.json)).toBe('');
    expect(res.json.identifier).toBe(HONDA_VIN);
    expect(res.json.corporateOrigin.countryCode).toBe('US');
  });

  it('answers a Japanese chassis number', async () => {
    const res = await post(server.url, decodePath, { identifier: 'JZA80-1004956' });
    expect(res.status).toBe(200);
    expect(res.json.summary.format).toBe('JDM_CHASSIS');
  });

  it('answers the same identifier with the same bytes every time', async () => {
    const first = await post(server.url, decodePath, { identifier: 'WAUZZZ8V5KA123456' });
    const second = await post(server.url, decodePath, { identifier: 'WAUZZZ8V5KA123456' });
    expect(second.text).toBe(first.text);
  });

  it.each([
    ['a VIN shorter than a partial one (11 characters)', '1HGCM82633', 'INVALID_LENGTH'],
    ['a VIN with I, O and Q', '1HGCM82I33AOO4Q52', 'ILLEGAL_CHARACTERS'],
    ['an empty identifier', '', 'INVALID_LENGTH'],
  ])('refuses %s with 422 and the decoder’s code', async (_name, identifier, code) => {
    const res = await post(server.url, decodePath, { identifier });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(problemSchemaErrors(res.json)).toBe('');
    expect(res.json.code).toBe(code);
  });

  it('answers a partial VIN (an 11-character prefix) with what its known positions decide', async () => {
    const res = await post(server.url, decodePath, { identifier: '1HGCM82633A' });
    expect(res.status).toBe(200);
    expect(resultSchemaErrors(res.json)).toBe('');
    expect(res.json.summary.format).toBe('ISO_17_PARTIAL');
    expect(res.json.identifier).toBe('1HGCM82633A******');
    expect(res.json.assembly.city).toBe('Marysville');
    expect(res.json.validation.checkDigit.status).toBe('NOT_APPLICABLE');
  });

  it('refuses an O with the corrected VIN first among the problem\'s suggestions', async () => {
    const res = await post(server.url, decodePath, { identifier: '1HGCM82633A0O4352' });
    expect(res.status).toBe(422);
    expect(problemSchemaErrors(res.json)).toBe('');
    expect(res.json).toMatchObject({ code: 'ILLEGAL_CHARACTERS', positions: [13] });
    expect(res.json.suggestions[0]).toEqual({ vin: HONDA_VIN, changes: [{ position: 13, from: 'O', to: '0' }], reason: 'O at position 13 is probably 0 (VINs never use O).' });
  });

  it('lists corrections for a VIN whose mandatory check digit does not hold, and none for a clean one', async () => {
    const mistyped = await post(server.url, decodePath, { identifier: '1HGCM82633A0043S2' });
    expect(mistyped.status).toBe(200);
    expect(mistyped.json.validation.suggestions.map((s: { vin: string }) => s.vin)).toContain(HONDA_VIN);
    const clean = await post(server.url, decodePath, { identifier: HONDA_VIN });
    expect(clean.json.validation.suggestions).toEqual([]);
  });

  it('names the positions of I, O and Q', async () => {
    const res = await post(server.url, decodePath, { identifier: '1HGCM82I33AOO4Q52' });
    expect(res.json.positions).toEqual([8, 12, 13, 15]);
  });

  it.each([
    ['truncated JSON', '{"identifier": "1HG'],
    ['an empty body', ''],
    ['a bare word', 'identifier'],
  ])('refuses %s with 400 INVALID_JSON', async (_name, body) => {
    const res = await post(server.url, decodePath, body);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('INVALID_JSON');
    expect(problemSchemaErrors(res.json)).toBe('');
  });

  it('refuses a body that is not UTF-8 with 400 INVALID_JSON', async () => {
    const res = await rawRequest(server.url, Buffer.concat([
      Buffer.from(`POST ${decodePath} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 19\r\nConnection: close\r\n\r\n`),
      Buffer.from('{"identifier":"\xff\xfe"}', 'latin1'),
    ]));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).code).toBe('INVALID_JSON');
  });

  it.each([
    ['no identifier', {}, [{ path: '/identifier', message: 'is required' }]],
    ['a number', { identifier: 17 }, [{ path: '/identifier', message: 'must be string' }]],
    ['an unknown field', { identifier: HONDA_VIN, vin: HONDA_VIN }, [{ path: '/vin', message: 'is not allowed' }]],
    ['an array body', [HONDA_VIN], [{ path: '/', message: 'must be object' }]],
    ['a 65-character identifier', { identifier: 'A'.repeat(65) }, [{ path: '/identifier', message: 'must NOT have more than 64 characters' }]],
  ])('refuses %s with 400 VALIDATION_FAILED naming the path', async (_name, body, errors) => {
    const res = await post(server.url, decodePath, body);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_FAILED');
    expect(res.json.errors).toEqual(errors);
  });

  it('takes a prototype-looking key as an ordinary unknown field', async () => {
    const res = await post(server.url, decodePath, `{"identifier":"${HONDA_VIN}","__proto__":"polluted"}`);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([{ path: '/__proto__', message: 'is not allowed' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['no Content-Type', {}],
    ['text/plain', { 'content-type': 'text/plain' }],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['application/jsonx', { 'content-type': 'application/jsonx' }],
  ])('refuses %s with 415', async (_name, headers) => {
    const res = await send(server.url, 'POST', decodePath, headers, JSON.stringify({ identifier: HONDA_VIN }));
    expect(res.status).toBe(415);
    expect(res.json.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('accepts application/json with a charset and in any case', async () => {
    const res = await send(server.url, 'POST', decodePath, { 'content-type': 'Application/JSON; charset=UTF-8' }, JSON.stringify({ identifier: HONDA_VIN }));
    expect(res.status).toBe(200);
  });

  it('refuses a body over 64 KB with 413, declared or streamed', async () => {
    const big = JSON.stringify({ identifier: HONDA_VIN, padding: 'x'.repeat(70 * 1024) });
    const declared = await post(server.url, decodePath, big);
    expect(declared.status).toBe(413);
    expect(declared.json.code).toBe('PAYLOAD_TOO_LARGE');
    const streamed = await rawRequest(server.url,
      `POST ${decodePath} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n` +
      `${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`);
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers GET with 405 and the allowed method', async () => {
    const res = await get(server.url, decodePath);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('POST');
    expect(res.json.code).toBe('METHOD_NOT_ALLOWED');
  });
});

describe('POST /api/v1/vin/decode/batch', () => {
  it('answers every identifier in order, each a result or a problem', async () => {
    const identifiers = [HONDA_VIN, '1HGCM82633', 'JZA80-1004956', '1HGCM82I33AOO4Q52'];
    const res = await post(server.url, batchPath, { identifiers });
    expect(res.status).toBe(200);
    const results = res.json.results as any[];
    expect(results).toHaveLength(4);
    expect(isDecodeResult(results[0])).toBe(true);
    expect(results[0].identifier).toBe(HONDA_VIN);
    expect(results[0].vehicle).toMatchObject({ make: 'Honda', model: 'Accord', trim: 'EX-V6', bodyClass: 'Coupe', engine: { cylinders: 6, model: 'J30A4' } });
    expect(results[1]).toMatchObject({ status: 422, code: 'INVALID_LENGTH' });
    expect(results[2].summary.format).toBe('JDM_CHASSIS');
    expect(results[3]).toMatchObject({ status: 422, code: 'ILLEGAL_CHARACTERS' });
    for (const item of [results[1], results[3]]) expect(problemSchemaErrors(item)).toBe('');
  });

  it('matches the single endpoint item by item', async () => {
    const batch = await post(server.url, batchPath, { identifiers: [HONDA_VIN] });
    const single = await post(server.url, decodePath, { identifier: HONDA_VIN });
    expect(batch.json.results[0]).toEqual(single.json);
  });

  it('carries the same partial results and suggestions as the single endpoint', async () => {
    const identifiers = ['1HGCM82633A', '1HGCM82633A0O4352', '1HGCMB2633A004352'];
    const batch = await post(server.url, batchPath, { identifiers });
    for (const [i, identifier] of identifiers.entries()) {
      const single = await post(server.url, decodePath, { identifier });
      expect(batch.json.results[i]).toEqual(single.json);
    }
    expect(batch.json.results[1].suggestions[0].vin).toBe(HONDA_VIN);
    expect(batch.json.results[2].validation.suggestions[0].vin).toBe(HONDA_VIN);
  });

  it('takes 1,000 identifiers and refuses 1,001 or none', async () => {
    const full = await post(server.url, batchPath, { identifiers: Array(1000).fill(HONDA_VIN) });
    expect(full.status).toBe(200);
    expect(full.json.results).toHaveLength(1000);
    for (const identifiers of [Array(1001).fill(HONDA_VIN), []]) {
      const res = await post(server.url, batchPath, { identifiers });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('VALIDATION_FAILED');
      expect(res.json.errors[0].path).toBe('/identifiers');
    }
  });

  it('names each wrong item, at most 20', async () => {
    const res = await post(server.url, batchPath, { identifiers: [HONDA_VIN, 7, null, ...Array(30).fill(1)] });
    expect(res.status).toBe(400);
    expect(res.json.errors.slice(0, 2)).toEqual([
      { path: '/identifiers/1', message: 'must be string' },
      { path: '/identifiers/2', message: 'must be string' },
    ]);
    expect(res.json.errors).toHaveLength(20);
  });

  it('takes 1,000 identifiers of the longest allowed length, indented, and refuses a body over 128 KB with 413', async () => {
    const longest = JSON.stringify({ identifiers: Array(1000).fill('A'.repeat(64)) }, null, 8);
    expect((await post(server.url, batchPath, longest)).status).toBe(200);
    const res = await post(server.url, batchPath, JSON.stringify({ identifiers: [HONDA_VIN], padding: 'x'.repeat(128 * 1024) }));
    expect(res.status).toBe(413);
  });

  it('refuses a streamed body (no Content-Length) nested deeper than the schema at its first bytes, without waiting for the rest', async () => {
    // One chunk of 16,384 `[`, then a body that never ends: only an answer given while reading can arrive.
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(new TextEncoder().encode('['.repeat(16 * 1024)));
        return new Promise(() => {});
      },
    });
    const res = await fetch(server.url + batchPath, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors).toEqual([{ path: '/', message: 'nests deeper than 2 levels of arrays and objects' }]);
  });
});

describe('every answer', () => {
  it('carries a request id, and keeps a plain one the caller sent', async () => {
    const fresh = await post(server.url, decodePath, { identifier: HONDA_VIN });
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await post(server.url, decodePath, { identifier: HONDA_VIN }, { 'x-request-id': 'erp-batch-42.7' });
    expect(kept.headers.get('x-request-id')).toBe('erp-batch-42.7');
    const replaced = await post(server.url, decodePath, { identifier: HONDA_VIN }, { 'x-request-id': 'bad id\u00e9' });
    expect(replaced.headers.get('x-request-id')).not.toContain('bad');
  });

  it('carries the API security headers, error or not', async () => {
    for (const res of [await post(server.url, decodePath, { identifier: HONDA_VIN }), await post(server.url, decodePath, '{')]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('is a problem for unknown paths, never a stack trace', async () => {
    const res = await get(server.url, '/api/v1/nothing/here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.json.code).toBe('NOT_FOUND');
    expect(res.text).not.toMatch(/at .+\.(ts|js):\d+/);
  });
});
