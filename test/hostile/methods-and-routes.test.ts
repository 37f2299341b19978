// Every method node accepts on every route, with and without credentials, on one keep-alive
// connection: a method a route supports does its work (or asks for credentials), OPTIONS lists
// what is allowed, and any other method is 405 with Allow on an API route and 404 elsewhere.
// CONNECT, which asks for a tunnel rather than a resource, is refused with 405 too.
import { METHODS } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_FILES, startHostileServer, type HostileServer } from './fixture.js';
import { answerProblems, Tally } from './invariants.js';
import { exchange, header, RawConnection, rawRequestBytes, type RawResponse } from './raw-http.js';
import { HONDA_VIN } from './bodies.js';
import { PARSED_METHODS } from './requests.js';

let server: HostileServer;
beforeAll(async () => { server = await startHostileServer(); });
afterAll(async () => { await server?.close(); });

type Guard = 'api-key' | 'admin' | 'none';
interface Route { path: string; allow: string[]; guard: Guard; success: number; code?: string }

const ROUTES: Route[] = [
  { path: '/api/v1/vin/decode', allow: ['POST'], guard: 'none', success: 200 },
  { path: '/api/v1/vin/decode/batch', allow: ['POST'], guard: 'none', success: 200 },
  { path: '/api/v1/secure/vin/decode', allow: ['POST'], guard: 'api-key', success: 200 },
  { path: '/api/v1/secure/vin/decode/batch', allow: ['POST'], guard: 'api-key', success: 200 },
  { path: '/api/v1/keys', allow: ['GET', 'HEAD', 'POST'], guard: 'admin', success: 200 },
  { path: '/api/v1/keys/key_0123456789abcdef', allow: ['GET', 'HEAD', 'DELETE'], guard: 'admin', success: 404, code: 'KEY_NOT_FOUND' },
  { path: '/api/v1/openapi.json', allow: ['GET', 'HEAD'], guard: 'none', success: 200 },
  { path: '/healthz', allow: ['GET', 'HEAD'], guard: 'none', success: 200 },
  { path: '/readyz', allow: ['GET', 'HEAD'], guard: 'none', success: 200 },
  { path: '/metrics', allow: ['GET', 'HEAD'], guard: 'none', success: 200 },
];
const PAGES = ['/', ...Object.keys(PAGE_FILES).map((name) => `/${name}`)];

/** The body each POST route does its work with. */
const BODIES: Record<string, string> = {
  '/api/v1/vin/decode': JSON.stringify({ identifier: HONDA_VIN }),
  '/api/v1/secure/vin/decode': JSON.stringify({ identifier: HONDA_VIN }),
  '/api/v1/vin/decode/batch': JSON.stringify({ identifiers: [HONDA_VIN, 'JZA80-1004956'] }),
  '/api/v1/secure/vin/decode/batch': JSON.stringify({ identifiers: [HONDA_VIN, 'JZA80-1004956'] }),
  '/api/v1/keys': JSON.stringify({ label: 'Method table' }),
};

function expected(method: string, route: Route, withCredentials: boolean): { status: number; code?: string } {
  if (method === 'OPTIONS') return { status: 200 };
  if (!route.allow.includes(method)) return { status: 405, code: 'METHOD_NOT_ALLOWED' };
  if (!withCredentials && route.guard === 'api-key') return { status: 401, code: 'API_KEY_MISSING' };
  if (!withCredentials && route.guard === 'admin') return { status: 401, code: 'ADMIN_TOKEN_MISSING' };
  if (method === 'POST' && route.path === '/api/v1/keys') return { status: 201 };
  return { status: route.success, code: route.code };
}

describe('every method on every route', () => {
  const tally = new Tally();
  afterAll(() => { console.info(`hostile methods × routes: ${tally}`); });

  let connection: RawConnection;
  async function send(method: string, path: string, headers: [string, string][]): Promise<{ res: RawResponse; bytes: Buffer }> {
    const body = Buffer.from(BODIES[path] ?? '');
    const bytes = rawRequestBytes(method, path, [['Host', '127.0.0.1'], ['Content-Type', 'application/json'], ['Content-Length', String(body.length)], ...headers], body);
    if (!connection || connection.isClosed) connection = await RawConnection.open(server.port);
    connection.write(bytes);
    const outcome = await connection.response(method);
    tally.count(outcome);
    expect(answerProblems(outcome, { method, bytes }), `${method} ${path}`).toEqual([]);
    return { res: outcome as RawResponse, bytes };
  }
  afterAll(() => connection?.destroy());

  const credentialsFor = (route: Route): [string, string][] =>
    route.guard === 'api-key' ? [['X-API-Key', server.credentials.apiKey]]
      : route.guard === 'admin' ? [['Authorization', `Bearer ${server.credentials.adminToken}`]] : [];

  it.each([true, false])('answers each API route as its method requires (credentials: %s)', async (withCredentials) => {
    for (const route of ROUTES) {
      for (const method of PARSED_METHODS) {
        const { res } = await send(method, route.path, withCredentials ? credentialsFor(route) : []);
        const want = expected(method, route, withCredentials);
        expect(res.status, `${method} ${route.path}`).toBe(want.status);
        if (want.code && method !== 'HEAD') expect(JSON.parse(res.body.toString()).code, `${method} ${route.path}`).toBe(want.code);
        if (res.status === 405 || method === 'OPTIONS') {
          expect(header(res, 'allow')?.split(/,\s*/).sort(), `Allow on ${method} ${route.path}`).toEqual([...route.allow].sort());
        }
      }
    }
  });

  it('serves the page to GET and HEAD only, and nothing else', async () => {
    for (const path of PAGES) {
      for (const method of PARSED_METHODS) {
        const { res } = await send(method, path, []);
        const want = method === 'GET' || method === 'HEAD' ? 200 : 404;
        expect(res.status, `${method} ${path}`).toBe(want);
        if (method === 'GET') expect(res.body.toString()).toBe(PAGE_FILES[path === '/' ? 'index.html' : path.slice(1)]);
      }
    }
  });

  it.each([
    ['an address', 'CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n'],
    ['a path', 'CONNECT /api/v1/vin/decode HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
  ])('answers CONNECT to %s with 405 instead of dropping the connection', async (_name, text) => {
    const bytes = Buffer.from(text);
    const outcome = await exchange(server.port, bytes, { method: 'CONNECT' });
    expect(answerProblems(outcome, { method: 'CONNECT', bytes })).toEqual([]);
    expect((outcome as RawResponse).status).toBe(405);
  });

  it('covers every method node accepts but CONNECT', () => {
    expect(PARSED_METHODS.length).toBe(METHODS.length - 1);
    expect(tally.cases).toBe(PARSED_METHODS.length * (2 * ROUTES.length + PAGES.length));
  });
});
