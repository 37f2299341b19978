// The pure core of the OpenAPI 3.1 document (emitted as src/generated/openapi.json): the API's
// paths, each with an operationId and the problems it can answer, every body described by the JSON
// Schemas in schemas/. test/server/openapi.test.ts holds it to the routes the server serves. `$defs` are lifted into components and file references rewritten to
// component references, so tools that do not resolve `$id` still follow every `$ref`.
export type JsonSchema = { [key: string]: unknown };

/** Schemas the HTTP API uses, by file name (without `.schema.json`). */
export const API_SCHEMAS = [
  'decode-request', 'decode-batch-request', 'decode-result', 'problem',
  'key-create-request', 'key-summary', 'key-created', 'key-list',
] as const;
export type ApiSchemaName = (typeof API_SCHEMAS)[number];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const problemContent = { content: { 'application/problem+json': { schema: ref('Problem') } } };

function componentsFrom(schemas: Record<ApiSchemaName, JsonSchema>): Record<string, JsonSchema> {
  const titleOfFile = new Map(API_SCHEMAS.map((name) => [`${name}.schema.json`, String(schemas[name].title)]));
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        // '#/$defs/X' and 'other.schema.json#/$defs/X' both name the component X (every def is lifted).
        const def = value.indexOf('#/$defs/');
        const target = def >= 0 ? value.slice(def + '#/$defs/'.length) : titleOfFile.get(value);
        if (!target) throw new Error(`openapi: cannot resolve $ref ${value}`);
        out.$ref = `#/components/schemas/${target}`;
      } else if (key !== '$schema' && key !== '$id' && key !== '$defs') {
        out[key] = rewrite(value);
      }
    }
    return out;
  };
  const components: Record<string, JsonSchema> = {};
  const add = (name: string, schema: JsonSchema) => {
    if (components[name]) throw new Error(`openapi: two schemas are both named ${name}`);
    components[name] = rewrite(schema) as JsonSchema;
  };
  for (const name of API_SCHEMAS) {
    const schema = schemas[name];
    add(String(schema.title), schema);
    for (const [defName, def] of Object.entries((schema.$defs ?? {}) as Record<string, JsonSchema>)) add(defName, def);
  }
  components.DecodeBatchResponse = {
    type: 'object', additionalProperties: false, required: ['results'],
    description: 'One entry per identifier, in request order: a DecodeResult, or the Problem that identifier alone would have had.',
    properties: { results: { type: 'array', items: { oneOf: [ref('DecodeResult'), ref('Problem')] } } },
  };
  return components;
}

const problems = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [String(s), { description: STATUS_TEXT[s], ...problemContent }]));
const STATUS_TEXT: Record<number, string> = {
  400: 'INVALID_JSON or VALIDATION_FAILED (with the failing paths), or BAD_REQUEST', 401: 'Missing, malformed, unknown or revoked credential',
  404: 'No such key (KEY_NOT_FOUND)', 413: 'Body over the size limit (PAYLOAD_TOO_LARGE)', 415: 'Body is not application/json (UNSUPPORTED_MEDIA_TYPE)',
  422: 'The identifier cannot be decoded (INVALID_LENGTH, ILLEGAL_CHARACTERS, UNRECOGNISED_FORMAT); ILLEGAL_CHARACTERS for I, O or Q carries up to five corrected VINs as suggestions',
  429: 'RATE_LIMITED (over the rate limit), or TOO_MANY_BAD_KEYS / TOO_MANY_BAD_ADMIN_TOKENS (too many failed authentications from this address); see Retry-After',
  503: 'The key store does not answer (STORE_UNAVAILABLE); see Retry-After',
};

/** The client errors every operation with a JSON body can answer, whatever it does. */
const BODY_PROBLEMS = [400, 413, 415];

function decodeOperation(operationId: string, summary: string, secure: boolean, batchForm: boolean) {
  return {
    operationId,
    summary,
    ...(secure ? { security: [{ apiKeyBearer: [] }, { apiKeyHeader: [] }] } : { security: [] }),
    requestBody: { required: true, ...json(ref(batchForm ? 'DecodeBatchRequest' : 'DecodeRequest')) },
    responses: {
      200: { description: batchForm ? 'Results in request order' : 'The decode result (ISO_17_PARTIAL for a partial VIN; validation.suggestions for a VIN whose mandatory check digit does not hold)', ...json(ref(batchForm ? 'DecodeBatchResponse' : 'DecodeResult')) },
      ...problems(...BODY_PROBLEMS, ...(secure ? [401] : []), ...(batchForm ? [] : [422]), 429, ...(secure ? [503] : [])),
    },
  };
}

const adminSecurity = [{ adminBearer: [] }, { adminHeader: [] }];
const idParameter = [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^key_[0-9a-f]{16}$' } }];
const plain = (description: string, type = 'application/json') => ({ 200: { description, content: { [type]: { schema: { type: type === 'application/json' ? 'object' : 'string' } } } } });

export function buildOpenApiDocument(schemas: Record<ApiSchemaName, JsonSchema>, version: string): JsonSchema {
  return {
    openapi: '3.1.0',
    info: {
      title: 'vino', version,
      description: 'Where a vehicle comes from: corporate origin (WMI) and physical assembly plant from a VIN or Japanese chassis number. Generated from schemas/ by codegen/openapi-document.ts.',
    },
    servers: [{ url: '/' }],
    paths: {
      '/api/v1/vin/decode': { post: decodeOperation('decodeIdentifier', 'Decode one identifier (open; rate-limited per client address)', false, false) },
      '/api/v1/vin/decode/batch': { post: decodeOperation('decodeBatch', 'Decode up to 1,000 identifiers (open)', false, true) },
      '/api/v1/secure/vin/decode': { post: decodeOperation('decodeIdentifierWithKey', 'Decode one identifier with an API key (rate-limited per key)', true, false) },
      '/api/v1/secure/vin/decode/batch': { post: decodeOperation('decodeBatchWithKey', 'Decode up to 1,000 identifiers with an API key', true, true) },
      '/api/v1/keys': {
        post: { operationId: 'createKey', summary: 'Create an API key (shown once)', security: adminSecurity, requestBody: { required: true, ...json(ref('KeyCreateRequest')) },
          responses: { 201: { description: 'The new key', ...json(ref('KeyCreated')) }, ...problems(...BODY_PROBLEMS, 401, 429, 503) } },
        get: { operationId: 'listKeys', summary: 'List API keys (never the keys themselves)', security: adminSecurity,
          responses: { 200: { description: 'Every key, oldest first', ...json(ref('KeyList')) }, ...problems(401, 429, 503) } },
      },
      '/api/v1/keys/{id}': {
        get: { operationId: 'getKey', summary: 'Show one API key', security: adminSecurity, parameters: idParameter,
          responses: { 200: { description: 'The key', ...json(ref('KeySummary')) }, ...problems(401, 404, 429, 503) } },
        delete: { operationId: 'revokeKey', summary: 'Revoke an API key (kept, marked revoked)', security: adminSecurity, parameters: idParameter,
          responses: { 200: { description: 'The revoked key', ...json(ref('KeySummary')) }, ...problems(401, 404, 429, 503) } },
      },
      '/api/v1/openapi.json': { get: { operationId: 'getOpenApiDocument', summary: 'This document', security: [], responses: plain('OpenAPI 3.1') } },
      '/healthz': { get: { operationId: 'getLiveness', summary: 'Liveness', security: [], responses: plain('The process answers') } },
      '/readyz': { get: { operationId: 'getReadiness', summary: 'Readiness: the key store answers', security: [], responses: { ...plain('Ready'), ...problems(503) } } },
      '/metrics': { get: { operationId: 'getMetrics', summary: 'Prometheus metrics', security: [], responses: {
        ...plain('Text exposition format', 'text/plain'),
        503: { description: 'Under --workers: the worker group\'s figures were not gathered in time (METRICS_UNAVAILABLE); see Retry-After', ...problemContent },
      } } },
    },
    components: {
      schemas: componentsFrom(schemas),
      securitySchemes: {
        apiKeyBearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer vino_…' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        adminBearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer vinoadm_… (the admin token)' },
        adminHeader: { type: 'apiKey', in: 'header', name: 'X-Admin-Token' },
      },
    },
  };
}
