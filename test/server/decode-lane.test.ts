// The decode lane answers the two single-identifier endpoints before Koa: it must answer exactly
// as the Koa routes do (status, body, headers) and hand every other request to Koa.
import { createServer, type RequestListener, type Server } from 'node:http';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/decode/index.js';
import { openKeyServices, type KeyServices } from '../../src/keys/index.js';
import { createService } from '../../src/server/app.js';
import { DecodeAnswers } from '../../src/server/decode-answers.js';
import { withDecodeLane } from '../../src/server/decode-lane.js';
import { Metrics } from '../../src/server/metrics.js';
import { RequestObserver } from '../../src/server/observe.js';
import { createLimiters } from '../../src/server/rate-limit.js';
import { ADMIN_TOKEN, closeLocally, HONDA_VIN, listenLocally, send, tempDir } from './harness.js';

const dataDir = tempDir();
let services: KeyServices;
let server: Server;
let base: string;
let key: string;
let koaCalls = 0;

beforeAll(async () => {
  services = await openKeyServices(`sqlite://${join(dataDir, 'vino.sqlite')}`, { adminToken: ADMIN_TOKEN });
  key = (await services.keys.create('Lane test')).key;
  const logger = pino({ level: 'silent' });
  const metrics = new Metrics();
  // Generous limits: both ways in count against them, and the lane must count like Koa does.
  const limiters = createLimiters({ openPerMinute: 10_000, keyPerMinute: 10_000 });
  const { app } = createService({
    decode, keys: services.keys, admin: services.admin, logger, metrics, limiters,
    corsOrigins: [], uiDir: join(dataDir, 'ui'), openApiJson: '{}', trustProxy: false,
  });
  const koa = app.callback();
  const countedKoa: RequestListener = (req, res) => { koaCalls++; koa(req, res); };
  const lane = withDecodeLane({
    answers: new DecodeAnswers(decode), keys: services.keys, limiters, metrics, logger,
    observer: new RequestObserver(logger, metrics), trustProxy: false,
  }, countedKoa);
  server = createServer(lane);
  base = await listenLocally(server);
});
afterAll(() => closeLocally(server, services, dataDir));

/** Headers that say something about the answer (not the connection, the date or the request id). */
function comparable(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'x-request-id'].includes(name)) out[name] = value;
  });
  return out;
}

const json = { 'content-type': 'application/json' };
const cases: [string, string, Record<string, string>, string | undefined][] = [
  ['a VIN', '/api/v1/vin/decode', json, JSON.stringify({ identifier: HONDA_VIN })],
  ['a chassis number', '/api/v1/vin/decode', json, JSON.stringify({ identifier: 'JZA80-1004956' })],
  ['a bad identifier (422)', '/api/v1/vin/decode', json, JSON.stringify({ identifier: '1HGCM82I33AOO4Q52' })],
  ['malformed JSON (400)', '/api/v1/vin/decode', json, '{"identifier":'],
  ['a schema failure (400)', '/api/v1/vin/decode', json, JSON.stringify({ identifier: 17, extra: true })],
  ['another media type (415)', '/api/v1/vin/decode', { 'content-type': 'text/plain' }, HONDA_VIN],
  ['a body too large (413)', '/api/v1/vin/decode', json, JSON.stringify({ identifier: 'x'.repeat(70_000) })],
  ['the secure endpoint with a key', '/api/v1/secure/vin/decode', { ...json, 'x-api-key': 'KEY' }, JSON.stringify({ identifier: HONDA_VIN })],
  ['the secure endpoint without a key (401)', '/api/v1/secure/vin/decode', json, JSON.stringify({ identifier: HONDA_VIN })],
  ['the secure endpoint with a wrong key (401)', '/api/v1/secure/vin/decode', { ...json, authorization: 'Bearer vino_nope' }, JSON.stringify({ identifier: HONDA_VIN })],
];

describe('decode lane', () => {
  it.each(cases)('answers %s exactly as the Koa route does', async (_name, path, headers, body) => {
    const withKey = Object.fromEntries(Object.entries(headers).map(([n, v]) => [n, v === 'KEY' ? key : v]));
    const before = koaCalls;
    const viaLane = await send(base, 'POST', path, withKey, body);
    expect(koaCalls).toBe(before);
    // An Origin header (with no CORS origins configured, it adds nothing) sends the request to Koa.
    const viaKoa = await send(base, 'POST', path, { ...withKey, origin: 'https://elsewhere.example' }, body);
    expect(koaCalls).toBe(before + 1);
    expect(viaLane.status).toBe(viaKoa.status);
    expect(viaLane.text).toBe(viaKoa.text);
    expect(comparable(viaLane.headers)).toEqual(comparable(viaKoa.headers));
    expect(viaLane.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['GET on a decode path', 'GET', '/api/v1/vin/decode'],
    ['the batch endpoint', 'POST', '/api/v1/vin/decode/batch'],
    ['a query string', 'POST', '/api/v1/vin/decode?x=1'],
    ['a trailing slash', 'POST', '/api/v1/vin/decode/'],
    ['the keys endpoint', 'POST', '/api/v1/keys'],
  ])('leaves %s to Koa', async (_name, method, path) => {
    const before = koaCalls;
    await send(base, method, path, json, method === 'GET' ? undefined : JSON.stringify({ identifier: HONDA_VIN }));
    expect(koaCalls).toBe(before + 1);
  });
});
