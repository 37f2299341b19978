// The OpenAPI 3.1 document: codegen writes it into src/generated/ from schemas/, every $ref
// resolves, every operation has an operationId and its problems, the server answers with it, and
// it documents exactly the routes the server serves (a route added without documenting it fails).
import { readFileSync } from 'node:fs';
import type Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTokens, KeyStore } from '../../src/keys/index.js';
import { createApp } from '../../src/server/app.js';
import { Metrics } from '../../src/server/metrics.js';
import { createLimiters } from '../../src/server/rate-limit.js';
import { Readiness } from '../../src/server/readiness.js';
import { emitOpenApi } from '../../codegen/emit-openapi.js';
import { get, startTestServer, type TestServer } from './harness.js';
import pino from 'pino';
import { NO_TRUSTED_PROXIES } from '../../src/server/trusted-proxies.js';

const root = new URL('../..', import.meta.url).pathname;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
let doc: any;
let server: TestServer;
beforeAll(async () => {
  doc = JSON.parse(readFileSync(new URL('../../src/generated/openapi.json', import.meta.url), 'utf8'));
  server = await startTestServer();
});
afterAll(async () => { await server.close(); });

function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref') out.push(value as string);
      else refs(value, out);
    }
  }
  return out;
}

/** `METHOD /path/{param}` for every operation of the document. */
function documentedOperations(): string[] {
  return Object.entries(doc.paths as Record<string, object>).flatMap(([path, item]) =>
    Object.keys(item).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${path}`)).sort();
}

/** `METHOD /path/{param}` for every route of the routers the app mounts (HEAD, which GET implies, left out). */
function servedOperations(): string[] {
  const app = createApp({
    decode: () => { throw new Error('not called'); },
    // Only the route table is read: nothing here touches the store.
    keys: {} as KeyStore, admin: {} as AdminTokens,
    logger: pino({ level: 'silent' }), metrics: new Metrics(), limiters: createLimiters({ openPerMinute: 0, keyPerMinute: 0 }),
    corsOrigins: [], uiDir: '/nonexistent', openApiJson: '{}', trustProxy: NO_TRUSTED_PROXIES, readiness: new Readiness(() => Promise.resolve()),
  });
  const routers = app.middleware.map((m) => (m as { router?: Router }).router).filter((r): r is Router => r !== undefined);
  expect(routers.length).toBeGreaterThan(0);
  const operations = new Set<string>();
  for (const layer of routers.flatMap((r) => r.stack)) {
    const path = String(layer.path).replace(/\/$/, '').replace(/:(\w+)/g, '{$1}');
    for (const method of layer.methods) if (method !== 'HEAD') operations.add(`${method} ${path}`);
  }
  return [...operations].sort();
}

describe('OpenAPI document', () => {
  it('is what codegen makes from schemas/ now', async () => {
    expect(JSON.parse(await emitOpenApi(root))).toEqual(doc);
  });

  it('documents every route the server serves, and serves every documented path', () => {
    expect(servedOperations()).toEqual(documentedOperations());
  });

  it('gives every operation a unique operationId and describes its client errors as problems', () => {
    const ids: string[] = [];
    for (const operation of documentedOperations()) {
      const [method, path] = operation.split(' ') as [string, string];
      const op = doc.paths[path][method.toLowerCase()];
      expect(op.operationId, operation).toMatch(/^[a-z][A-Za-z]+$/);
      ids.push(op.operationId);
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        if (status.startsWith('4') || status.startsWith('5')) {
          expect(response.content['application/problem+json'].schema, `${operation} ${status}`).toEqual({ $ref: '#/components/schemas/Problem' });
        }
      }
      if (op.requestBody) expect(Object.keys(op.responses), operation).toEqual(expect.arrayContaining(['400', '413', '415']));
      if (op.security?.length) expect(Object.keys(op.responses), operation).toContain('401');
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('resolves every $ref to a component, and names no file', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(20);
    for (const ref of all) {
      expect(ref).toMatch(/^#\/components\/schemas\/\w+$/);
      expect(doc.components.schemas[ref.split('/').pop()!], ref).toBeDefined();
    }
  });

  it('describes the secure endpoints with both key headers, and their 401 and 503', () => {
    const op = doc.paths['/api/v1/secure/vin/decode'].post;
    expect(op.security).toEqual([{ apiKeyBearer: [] }, { apiKeyHeader: [] }]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '413', '415', '422', '429', '503']));
    expect(doc.components.securitySchemes.apiKeyHeader).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
  });

  it('describes partial VINs and suggested corrections: in the result, and in the 422 problem', () => {
    const { DecodeResult, Problem, Suggestion, Format } = doc.components.schemas;
    expect(Format.enum).toContain('ISO_17_PARTIAL');
    expect(DecodeResult.properties.validation.required).toContain('suggestions');
    expect(DecodeResult.properties.validation.properties.suggestions.items).toEqual({ $ref: '#/components/schemas/Suggestion' });
    expect(Problem.properties.suggestions.items).toEqual({ $ref: '#/components/schemas/Suggestion' });
    expect(Suggestion.required).toEqual(['vin', 'changes', 'reason']);
  });

  it('is what the server answers with', async () => {
    const served = await get(server.url, '/api/v1/openapi.json');
    expect(served.json).toEqual(doc);
  });
});
