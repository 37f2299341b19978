import { describe, expect, it } from 'vitest';
import { apiUrl, createApiKey, decodeIdentifier } from '../../ui/api-client.js';
import { hondaResult, illegalCharactersProblem } from './fixtures.js';

interface SeenRequest { url: string; init: RequestInit }

function fakeFetch(response: () => Response, seen: SeenRequest[] = []): typeof fetch {
  return async (input, init) => {
    seen.push({ url: String(input), init: init ?? {} });
    return response();
  };
}

const json = (body: unknown, status: number, type = 'application/json', headers: Record<string, string> = {}) =>
  () => new Response(JSON.stringify(body), { status, headers: { 'content-type': type, ...headers } });

describe('apiUrl', () => {
  it.each([
    ['', '/api/v1/vin/decode'],
    ['https://vino.example', 'https://vino.example/api/v1/vin/decode'],
    ['https://vino.example/', 'https://vino.example/api/v1/vin/decode'],
  ])('api-base %j', (base, want) => {
    expect(apiUrl(base, '/api/v1/vin/decode')).toBe(want);
  });
});

describe('decodeIdentifier', () => {
  it('posts the identifier as JSON and returns the result with the exchange', async () => {
    const seen: SeenRequest[] = [];
    const outcome = await decodeIdentifier('https://vino.example', '1HGCM82633A004352', fakeFetch(json(hondaResult, 200), seen));
    expect(seen[0]?.url).toBe('https://vino.example/api/v1/vin/decode');
    expect(seen[0]?.init.method).toBe('POST');
    expect(seen[0]?.init.body).toBe('{"identifier":"1HGCM82633A004352"}');
    expect(outcome.ok && outcome.body.summary.verdict).toBe('Verified Origin Alignment');
    expect(outcome.exchange).toMatchObject({ path: '/api/v1/vin/decode', requestBody: '{"identifier":"1HGCM82633A004352"}', status: 200, contentType: 'application/json' });
    expect(JSON.parse(outcome.exchange.responseText)).toEqual(hondaResult);
  });

  it('turns a problem+json 422 into a readable sentence and keeps the problem', async () => {
    const outcome = await decodeIdentifier('', '1HGCM8263OA004352', fakeFetch(json(illegalCharactersProblem, 422, 'application/problem+json')));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.message).toBe('Identifier contains characters a VIN cannot have. Position 10 holds O, which ISO 3779 excludes.');
    expect(outcome.problem?.code).toBe('ILLEGAL_CHARACTERS');
    expect(outcome.exchange.status).toBe(422);
  });

  it('says when to retry after a 429', async () => {
    const tooMany = { type: 'x', title: 'Too many requests', status: 429, detail: 'The open endpoints allow 300 requests a minute per address', code: 'RATE_LIMITED' };
    const outcome = await decodeIdentifier('', 'X', fakeFetch(json(tooMany, 429, 'application/problem+json', { 'retry-after': '12' })));
    expect(!outcome.ok && outcome.message).toBe('Too many requests. The open endpoints allow 300 requests a minute per address. Try again in 12 seconds.');
  });

  it('lists schema errors of a 400', async () => {
    const invalid = { type: 'x', title: 'Request body is invalid', status: 400, detail: 'See errors', code: 'VALIDATION_FAILED', errors: [{ path: '/identifier', message: 'must be string' }] };
    const outcome = await decodeIdentifier('', 'X', fakeFetch(json(invalid, 400, 'application/problem+json')));
    expect(!outcome.ok && outcome.message).toBe('Request body is invalid. See errors. /identifier: must be string.');
  });

  it('describes an answer that is not a problem document by its status', async () => {
    const outcome = await decodeIdentifier('', 'X', fakeFetch(() => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })));
    expect(!outcome.ok && outcome.message).toBe('The service answered 502 Bad Gateway instead of a result.');
  });

  it('reports an unreachable server without throwing', async () => {
    const failing: typeof fetch = async () => { throw new TypeError('Failed to fetch'); };
    const outcome = await decodeIdentifier('https://down.example', 'X', failing);
    expect(!outcome.ok && outcome.message).toBe('Could not reach the vino service at https://down.example/api/v1/vin/decode (Failed to fetch).');
    expect(outcome.exchange.status).toBeNull();
  });
});

describe('createApiKey', () => {
  it('sends the label with the admin token as a bearer token', async () => {
    const seen: SeenRequest[] = [];
    const created = { id: 'k1', label: 'ERP', key: 'vino_abc', prefix: 'vino_ab', createdAt: '2025-01-01T00:00:00.000Z' };
    const outcome = await createApiKey('', 'ERP', 'admin-secret', fakeFetch(json(created, 201), seen));
    expect(seen[0]?.url).toBe('/api/v1/keys');
    expect(seen[0]?.init.body).toBe('{"label":"ERP"}');
    expect((seen[0]?.init.headers as Record<string, string>).Authorization).toBe('Bearer admin-secret');
    expect(outcome.ok && outcome.body.key).toBe('vino_abc');
  });
});
