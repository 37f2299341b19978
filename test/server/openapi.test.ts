// The OpenAPI 3.1 document: built from schemas/ by the function codegen uses, every $ref resolves,
// and the server answers with the same document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitOpenApi } from '../../codegen/emit-openapi.js';
import { get, startTestServer, type TestServer } from './harness.js';

const root = new URL('../..', import.meta.url).pathname;
let doc: any;
let server: TestServer;
beforeAll(async () => {
  doc = JSON.parse(await emitOpenApi(root));
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

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with every endpoint of the API', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/keys', '/api/v1/keys/{id}', '/api/v1/openapi.json', '/api/v1/secure/vin/decode', '/api/v1/secure/vin/decode/batch',
      '/api/v1/vin/decode', '/api/v1/vin/decode/batch', '/healthz', '/metrics', '/readyz',
    ]);
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

  it('is what the server answers with', async () => {
    const served = await get(server.url, '/api/v1/openapi.json');
    expect(served.json).toEqual(doc);
  });
});
