// fast-check arbitraries for hostile HTTP requests, as the bytes a client would put on the wire.
// Two kinds: requests the server can read (hostile bodies, media types, headers, paths and methods
// on every route) and framing it cannot (bodies cut short, bad chunks, bytes a request line may not
// hold), which node's parser refuses before the app sees them.
import { METHODS } from 'node:http';
import fc from 'fast-check';
import { generateAdminToken, generateApiKey } from '../../src/keys/secret-format.js';
import { hostileBody, HONDA_VIN } from './bodies.js';
import { rawRequestBytes } from './raw-http.js';

export interface Credentials { apiKey: string; adminToken: string }

const text = (value: string) => Buffer.from(value);

export interface HostileRequest {
  /** What kind of hostility this is, for the figures. */
  kind: string;
  method: string;
  bytes: Buffer;
}

/** How fast-check prints a failing request: its kind and the start of its bytes, not a 1 MB array. */
export function describedRequest<T extends HostileRequest>(request: T): T {
  const shown = request.bytes.subarray(0, 600).toString('latin1').replace(/[^\x20-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  const more = request.bytes.length > 600 ? ` … (${request.bytes.length} bytes)` : '';
  return Object.assign(request, { [fc.toStringMethod]: () => `${request.kind}: ${shown}${more}` });
}

export interface MalformedRequest extends HostileRequest {
  /** End the stream after writing, so the server sees a body that stops halfway. */
  halfClose: boolean;
}

export const API_ROUTES = [
  '/api/v1/vin/decode', '/api/v1/vin/decode/batch', '/api/v1/secure/vin/decode', '/api/v1/secure/vin/decode/batch',
  '/api/v1/keys', '/api/v1/keys/key_0123456789abcdef', '/api/v1/openapi.json', '/healthz', '/readyz', '/metrics',
];
export const PAGE_ROUTES = ['/', '/index.html', '/vin-origin-decoder.js', '/favicon.svg', '/missing.js'];

/** Every method node's parser accepts; CONNECT has a suite of its own (it asks for a tunnel). */
export const PARSED_METHODS = METHODS.filter((method) => method !== 'CONNECT');

const JSON_TYPES = ['application/json', 'APPLICATION/JSON', 'application/json; charset=utf-8', 'application/json;charset=UTF-16', 'Application/Json ; charset="latin1"'];
const OTHER_TYPES = [
  'application/jsonp', 'application/json-seq', 'application/problem+json', 'application/vnd.api+json', 'text/json', 'text/plain',
  'text/html', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=----x', 'application/octet-stream', 'application/xml',
  '*/*', '', ';', ';;;/json==', 'application/', '/json', 'json', 'application/json'.padEnd(10_000, ';'),
];

/** A Content-Type header, or none; non-ASCII bytes included, which node passes on as latin1. */
const contentType: fc.Arbitrary<[string, string | Buffer][]> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...JSON_TYPES).map((t): [string, string][] => [['Content-Type', t]]) },
  fc.constantFrom(...OTHER_TYPES).map((t): [string, string][] => [['Content-Type', t]]),
  fc.constantFrom<[string, string | Buffer][]>(
    [],
    [['Content-Type', Buffer.from([0x61, 0x70, 0x70, 0xff, 0xfe, 0x2f, 0x6a, 0x73, 0x6f, 0x6e])]],
    [['Content-Type', 'application/json'], ['Content-Type', 'text/plain']],
    [['Content-Type', 'text/plain'], ['Content-Type', 'application/json']],
  ),
);

/** Credentials in every wrong shape, and sometimes the right ones. */
function credentialValues({ apiKey, adminToken }: Credentials): fc.Arbitrary<string | Buffer> {
  return fc.oneof(
    fc.constantFrom(
      'Bearer', 'Bearer ', 'Bearer \t ', 'bearer', 'Basic dXNlcjpwYXNz', 'Digest username="a"', 'Bearer a b c', 'Bearer, Bearer',
      `Bearer ${'v'.repeat(10_240)}`, 'v'.repeat(10_240), `Bearer vino_${'x'.repeat(38)}`, `Bearer ${generateApiKey()}`, generateApiKey(),
      `Bearer ${generateAdminToken()}`, `Bearer ${apiKey}x`, ` ${apiKey} `, `BEARER    ${apiKey}`, `Bearer ${adminToken}`, `Bearer ${apiKey}`,
      apiKey, adminToken, apiKey.slice(0, -1), `${apiKey}, ${apiKey}`,
    ),
    fc.uint8Array({ minLength: 1, maxLength: 60 }).map((bytes) =>
      Buffer.concat([text('Bearer '), Buffer.from(bytes.filter((b) => b >= 0x20 && b !== 0x7f))])),
    fc.string({ maxLength: 60 }).map((s) => s.trim()),
  );
}

function oddHeaders(credentials: Credentials): fc.Arbitrary<[string, string | Buffer][]> {
  const credential = credentialValues(credentials);
  const oneHeader: fc.Arbitrary<[string, string | Buffer][]> = fc.oneof(
    credential.map((v): [string, string | Buffer][] => [['Authorization', v]]),
    credential.map((v): [string, string | Buffer][] => [['X-API-Key', v]]),
    credential.map((v): [string, string | Buffer][] => [['X-Admin-Token', v]]),
    fc.tuple(credential, credential).map(([a, b]): [string, string | Buffer][] => [['Authorization', a], ['Authorization', b]]),
    fc.tuple(credential, credential).map(([a, b]): [string, string | Buffer][] => [['X-API-Key', a], ['X-API-Key', b]]),
    fc.constantFrom<[string, string | Buffer][]>(
      [['X-Request-Id', 'r'.repeat(10_240)]], [['X-Request-Id', '../../etc/passwd']], [['X-Request-Id', ''], ['X-Request-Id', 'a']],
      [['X-Request-Id', Buffer.from([0xe2, 0x80, 0xae, 0x41])]], [['X-Request-Id', '{"level":60,"msg":"forged"}']],
      [['Accept-Encoding', 'br;q=0.'.repeat(1000)]], [['Accept-Encoding', 'identity;q=0, *;q=0']], [['If-None-Match', '"a",'.repeat(2000)]],
      [['If-None-Match', '*']], [['Origin', 'null']], [['Origin', 'http://evil.example']], [['Origin', 'x'.repeat(8000)]],
      [['Access-Control-Request-Method', 'POST'], ['Origin', 'http://evil.example']], [['X-Forwarded-For', 'garbage,,, 999.1.1.1']],
      [['Cookie', 'a='.repeat(4000)]], [['Range', 'bytes=0-10,5-1,-9999999999']], [['Expect', '100-continue']], [['Expect', 'the-impossible']],
      [['Upgrade', 'websocket'], ['Connection', 'Upgrade'], ['Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ=='], ['Sec-WebSocket-Version', '13']],
      [['Upgrade', 'h2c'], ['Connection', 'Upgrade, HTTP2-Settings'], ['HTTP2-Settings', 'AAMAAABkAARAAAAAAAIAAAAA']],
      [['Host', 'evil.example']], [['Host', Buffer.from([0x68, 0xe9, 0x74, 0x65])]],
      [['X-Unicode', Buffer.from('ünïcödé 🚗', 'utf8')]], [['X-Latin1', Buffer.from([0x80, 0x9f, 0xa0, 0xff])]],
      [['Content-Encoding', 'gzip']], [['Content-Encoding', 'br, deflate']], [['X-HTTP-Method-Override', 'DELETE']],
    ),
  );
  return fc.array(oneHeader, { maxLength: 3 }).map((groups) => groups.flat());
}

const PATH_TRICKS = [
  '/%ZZ', '/api/v1/vin/%ZZ', '/api/v1/keys/%ZZ', '/api/v1/keys/%', '/%', '/api/v1/%E0%A4%A', '/..', '/../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/%2e%2e%5c%2e%2e%5csecret.txt', '/..%5csecret.txt', '/../secret.txt',
  '/%2e%2e/secret.txt', '/..%2fsecret.txt', '//secret.txt', '/%2fsecret.txt', '/%c0%ae%c0%ae/secret.txt', '/%uff0e%uff0e/secret.txt',
  '//api/v1/vin/decode', '/api//v1/vin/decode', '/api/v1/vin/decode/', '/API/V1/VIN/DECODE', '/api/v1/vin/decode;a=b',
  '/api/v1/vin/decode?x=%ZZ&__proto__[polluted]=yes', '/api/v1/vin/decode/../decode', '/api/v1/vin/./decode', '/index.html%00.js',
  '/%00', '/a%00b', '/vin-origin-decoder.js/..', '/.env', '/.git/config', '/favicon.svg?%ZZ', '/\\..\\..\\secret.txt',
  '/api/v1/keys/key_0123456789abcdef/../../..', '/api/v1/keys/..%2f..%2f', '/api/v1/keys/' + '%41'.repeat(2000), '*',
  'http://evil.example/healthz', 'http://127.0.0.1/api/v1/vin/decode', '/' + 'a'.repeat(8000), '/' + '%2e%2e/'.repeat(500),
  '/api/v1/openapi.json?' + 'a=1&'.repeat(1500), '/healthz#fragment', '/%E2%80%AE/index.html', '/index.html/', '/INDEX.HTML',
];

export const hostilePath: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...API_ROUTES, ...PAGE_ROUTES),
  fc.constantFrom(...PATH_TRICKS),
  fc.tuple(fc.constantFrom(...API_ROUTES), fc.webSegment()).map(([route, segment]) => `${route}/${segment}`),
  fc.webPath().map((path) => (path.startsWith('/') ? path : `/${path}`)),
);

/** Chunked encoding of a body, cut at the given sizes, with an extension and a trailer now and then. */
function chunked(body: Buffer, cuts: number[], flourish: boolean): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (const cut of [...cuts, body.length]) {
    const end = Math.min(body.length, at + Math.max(1, cut));
    if (end <= at) continue;
    parts.push(text(`${(end - at).toString(16)}${flourish ? ';ext="1"' : ''}\r\n`), body.subarray(at, end), text('\r\n'));
    at = end;
  }
  parts.push(text(flourish ? '0\r\nX-Trailer: yes\r\n\r\n' : '0\r\n\r\n'));
  return Buffer.concat(parts);
}

type Headers = [string, string | Buffer][];

const BODY_ROUTES = ['/api/v1/vin/decode', '/api/v1/vin/decode/batch', '/api/v1/secure/vin/decode', '/api/v1/secure/vin/decode/batch', '/api/v1/keys'];

/** The right credential for a route, in either of the headers it is accepted in. */
function rightCredential(route: string, { apiKey, adminToken }: Credentials, inOwnHeader: boolean): Headers {
  if (route.includes('/secure/')) return [inOwnHeader ? ['X-API-Key', apiKey] : ['Authorization', `Bearer ${apiKey}`]];
  if (route.startsWith('/api/v1/keys')) return [inOwnHeader ? ['X-Admin-Token', adminToken] : ['Authorization', `Bearer ${adminToken}`]];
  return [];
}

interface Parts { kind: string; method: string; path: string; body: Buffer; headers: Headers }

/** The parts put on the wire with a correct Content-Length, or chunked at random places. */
function framed(parts: fc.Arbitrary<Parts>): fc.Arbitrary<HostileRequest> {
  const framing = fc.oneof(
    { weight: 3, arbitrary: fc.constant<'length' | number[]>('length') },
    { weight: 1, arbitrary: fc.array(fc.integer({ min: 1, max: 4096 }), { maxLength: 6 }) },
  );
  return fc.tuple(parts, framing, fc.boolean()).map(([{ kind, method, path, body, headers }, framing, flourish]) => {
    const length: Headers = framing === 'length' ? [['Content-Length', String(body.length)]] : [['Transfer-Encoding', 'chunked']];
    const payload = framing === 'length' ? body : chunked(body, framing, flourish);
    return describedRequest({ kind, method, bytes: rawRequestBytes(method, path, [['Host', '127.0.0.1'], ...headers, ...length], payload) });
  }).filter((request) => headSize(request.bytes) < MAX_READABLE_HEAD);
}

/**
 * A request the server can read. Most carry a hostile body to an endpoint that reads bodies, with
 * the credential it needs, so the body gets past the guards; the rest try odd headers on a plain
 * request, or anything at all: any method, any path, any headers, any body.
 */
export function readableRequest(credentials: Credentials): fc.Arbitrary<HostileRequest> {
  const odd = oddHeaders(credentials);
  const hostileBodyToAnEndpoint = fc.record({
    route: fc.constantFrom(...BODY_ROUTES), body: hostileBody, contentType, ownHeader: fc.boolean(),
    odd: fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: odd }),
  }).map(({ route, body: [kind, body], contentType, ownHeader, odd }): Parts => ({
    kind: `${kind}${odd.length ? ' + odd headers' : ''}`, method: 'POST', path: route, body,
    headers: [...contentType, ...rightCredential(route, credentials, ownHeader), ...odd],
  }));
  const oddHeadersOnAPlainRequest = fc.record({ route: fc.constantFrom(...API_ROUTES), method: fc.constantFrom('POST', 'GET', 'DELETE'), odd })
    .map(({ route, method, odd }): Parts => ({
      kind: 'odd headers', method, path: route, body: text(`{"identifier":"${HONDA_VIN}"}`),
      headers: [['Content-Type', 'application/json'], ...odd],
    }));
  const anything = fc.record({ method: fc.constantFrom(...PARSED_METHODS), path: hostilePath, body: hostileBody, contentType, odd })
    .map(({ method, path, body: [kind, body], contentType, odd }): Parts => ({
      kind: `${method} ${path.slice(0, 40)} with ${kind}`, method, path, body, headers: [...contentType, ...odd],
    }));
  return framed(fc.oneof(
    { weight: 6, arbitrary: hostileBodyToAnEndpoint },
    { weight: 2, arbitrary: oddHeadersOnAPlainRequest },
    { weight: 2, arbitrary: anything },
  ));
}

/** node refuses a request line and headers past 16 KB (431); readable requests stay well below. */
const MAX_READABLE_HEAD = 15_000;
const headSize = (bytes: Buffer) => bytes.indexOf('\r\n\r\n');

const body = text(`{"identifier":"${HONDA_VIN}"}`);
const head = (extra: string) => text(`POST /api/v1/vin/decode HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${extra}\r\n`);

/** Framing node's parser refuses, or a body that stops halfway: answered 400 (or 431), then closed. */
export const malformedRequest: fc.Arbitrary<MalformedRequest> = fc.oneof(
  fc.integer({ min: 1, max: body.length - 1 }).map((cut) => ({
    kind: 'a chunked body that stops halfway', method: 'POST', halfClose: true,
    bytes: Buffer.concat([head('Transfer-Encoding: chunked\r\n'), text(`${body.length.toString(16)}\r\n`), body.subarray(0, cut)]),
  })),
  fc.integer({ min: 1, max: 10_000 }).map((missing) => ({
    kind: 'a body shorter than Content-Length', method: 'POST', halfClose: true,
    bytes: Buffer.concat([head(`Content-Length: ${body.length + missing}\r\n`), body]),
  })),
  fc.uint8Array({ minLength: 1, maxLength: 200 }).map((extra) => ({
    kind: 'a body longer than Content-Length', method: 'POST', halfClose: true,
    bytes: Buffer.concat([head(`Content-Length: ${body.length}\r\n`), body, text('\x00'), Buffer.from(extra)]),
  })),
  fc.constantFrom(
    ['a bad chunk size', head('Transfer-Encoding: chunked\r\n'), text('ZZ\r\nabc\r\n0\r\n\r\n')],
    ['a chunk longer than announced', head('Transfer-Encoding: chunked\r\n'), text('2\r\nabcdef\r\n0\r\n\r\n')],
    ['chunked and Content-Length at once', head('Transfer-Encoding: chunked\r\nContent-Length: 3\r\n'), text('2\r\n{}\r\n0\r\n\r\n')],
    ['two different Content-Lengths', head('Content-Length: 2\r\nContent-Length: 3\r\n'), text('{}')],
    ['a negative Content-Length', head('Content-Length: -1\r\n'), text('{}')],
    ['a Content-Length of 20 digits', head('Content-Length: 99999999999999999999\r\n'), text('{}')],
    ['a Content-Length that is not a number', head('Content-Length: 0x10\r\n'), text('{}')],
    ['a Transfer-Encoding that does not end in chunked', head('Transfer-Encoding: chunked, gzip\r\n'), text('2\r\n{}\r\n0\r\n\r\n')],
    ['a NUL in the path', text('GET /a\x00b HTTP/1.1\r\nHost: x\r\n\r\n'), Buffer.alloc(0)],
    ['raw UTF-8 in the path', Buffer.concat([text('GET /'), Buffer.from('€', 'utf8'), text(' HTTP/1.1\r\nHost: x\r\n\r\n')]), Buffer.alloc(0)],
    ['a space in the path', text('GET /a b/c HTTP/1.1\r\nHost: x\r\n\r\n'), Buffer.alloc(0)],
    ['a 20 KB path', text(`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`), Buffer.alloc(0)],
    ['headers over 16 KB', text(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: ${'a'.repeat(10_240)}\r\nX-B: ${'b'.repeat(10_240)}\r\n\r\n`), Buffer.alloc(0)],
    ['an unknown method', text('BREW /healthz HTTP/1.1\r\nHost: x\r\n\r\n'), Buffer.alloc(0)],
    ['a method in lower case', text('get /healthz HTTP/1.1\r\nHost: x\r\n\r\n'), Buffer.alloc(0)],
    ['HTTP/1.1 without Host', text('GET /healthz HTTP/1.1\r\n\r\n'), Buffer.alloc(0)],
    ['HTTP/9.9', text('GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n'), Buffer.alloc(0)],
    ['a header without a colon', text('GET /healthz HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n'), Buffer.alloc(0)],
    ['a NUL in a header value', text('GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\x00b\r\n\r\n'), Buffer.alloc(0)],
    ['a folded header', text('GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\r\n  folded\r\n\r\n'), Buffer.alloc(0)],
    ['a space before the colon', text('GET /healthz HTTP/1.1\r\nHost : x\r\n\r\n'), Buffer.alloc(0)],
    ['a bare LF in a header value', text('GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\nb\r\n\r\n'), Buffer.alloc(0)],
    ['TLS bytes on the HTTP port', Buffer.from('16030100a5010000a10303', 'hex'), Buffer.alloc(0)],
    ['not HTTP at all', text('lkasjdf lkajsdf\r\n\r\n'), Buffer.alloc(0)],
  ).map(([kind, headBytes, rest]) => ({ kind: kind as string, method: 'POST', halfClose: false, bytes: Buffer.concat([headBytes as Buffer, rest as Buffer]) })),
);
