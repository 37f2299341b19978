// The app built in process around app.callback(): whatever a client sends is answered below 500
// as problem+json, and an unexpected failure inside is a 500 without a trace, logged with one.
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/decode/index.js';
import { openKeyServices, type KeyServices } from '../../src/keys/index.js';
import { createApp } from '../../src/server/app.js';
import { Metrics } from '../../src/server/metrics.js';
import { createLimiters } from '../../src/server/rate-limit.js';
import { ADMIN_TOKEN, closeLocally, HONDA_VIN, listenLocally, post, tempDir } from './harness.js';
import { NO_TRUSTED_PROXIES } from '../../src/server/trusted-proxies.js';

const EXPLODING_IDENTIFIER = 'EXPLODE';
const dataDir = tempDir();
const logLines: string[] = [];
let services: KeyServices;
let server: Server;
let base: string;

beforeAll(async () => {
  services = await openKeyServices(`sqlite://${join(dataDir, 'vino.sqlite')}`, { adminToken: ADMIN_TOKEN });
  const app = createApp({
    decode: (identifier) => {
      if (identifier === EXPLODING_IDENTIFIER) throw new Error('decoder bug at /srv/vino/secret/path.ts:12');
      return decode(identifier);
    },
    keys: services.keys, admin: services.admin, metrics: new Metrics(),
    logger: pino({ level: 'debug' }, { write: (line: string) => { logLines.push(line); } }),
    limiters: createLimiters({ openPerMinute: 0, keyPerMinute: 0 }),
    corsOrigins: [], uiDir: join(dataDir, 'ui'), openApiJson: '{}', trustProxy: NO_TRUSTED_PROXIES,
  });
  server = createServer(app.callback());
  base = await listenLocally(server);
});
afterAll(() => closeLocally(server, services, dataDir));

describe('failures', () => {
  it('answers an internal failure with 500 INTERNAL_ERROR, no trace or message, and logs it with the request id', async () => {
    const res = await post(base, '/api/v1/vin/decode', { identifier: EXPLODING_IDENTIFIER });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.json.code).toBe('INTERNAL_ERROR');
    expect(res.text).not.toContain('decoder bug');
    expect(res.text).not.toContain('/srv/vino');
    const logged = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unexpected error');
    expect(logged.err.stack).toContain('decoder bug');
    expect(logged.reqId).toBe(res.headers.get('x-request-id'));
  });

  const routes = ['/api/v1/vin/decode', '/api/v1/vin/decode/batch', '/api/v1/secure/vin/decode', '/api/v1/keys', '/api/v1/keys/key_0123456789abcdef',
    '/api/v1/openapi.json', '/healthz', '/readyz', '/metrics', '/', '/index.html', '/%ZZ', '/../../etc/passwd', '/api/v1/%E0%A4%A'];
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
  const contentTypes = ['application/json', 'text/plain', 'application/json; charset=latin1', 'multipart/form-data; boundary=x', ''];
  const bodies = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.json({ maxDepth: 4 }),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
    fc.constantFrom('{"identifier":' + '['.repeat(5000) + ']'.repeat(5000) + '}', '{"__proto__":{"x":1},"constructor":{"prototype":{}}}',
      '{"identifiers":' + JSON.stringify(Array(1200).fill('A')) + '}', '{"identifier":"' + '\\u0000'.repeat(50) + '"}'),
  );

  it('never answers a client’s request with a 5xx, and always with a problem when refusing', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...routes), fc.constantFrom(...methods), fc.constantFrom(...contentTypes), bodies,
      fc.constantFrom(undefined, 'Bearer x', 'Bearer ' + 'v'.repeat(10_000), 'Basic', 'Bearer vino_' + 'x'.repeat(38)),
      async (route, method, contentType, body, authorization) => {
        const headers: Record<string, string> = {};
        if (contentType) headers['content-type'] = contentType;
        if (authorization) headers.authorization = authorization;
        const res = await fetch(base + route, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body });
        const text = await res.text();
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400 && method !== 'HEAD') {
          expect(res.headers.get('content-type')).toBe('application/problem+json');
          expect(typeof JSON.parse(text).code).toBe('string');
        }
      }), { numRuns: 300, seed: 20261121 });
    expect((await post(base, '/api/v1/vin/decode', { identifier: HONDA_VIN })).status).toBe(200);
  });
});
