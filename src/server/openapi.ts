// The OpenAPI document the server answers with, built once at start-up by the same pure function
// codegen uses to write src/generated/openapi.json, from the same schemas.
import { buildOpenApiDocument } from '../../codegen/openapi-document.js';
import decodeRequest from '../../schemas/decode-request.schema.json' with { type: 'json' };
import decodeBatchRequest from '../../schemas/decode-batch-request.schema.json' with { type: 'json' };
import decodeResult from '../../schemas/decode-result.schema.json' with { type: 'json' };
import problem from '../../schemas/problem.schema.json' with { type: 'json' };
import keyCreateRequest from '../../schemas/key-create-request.schema.json' with { type: 'json' };
import keySummary from '../../schemas/key-summary.schema.json' with { type: 'json' };
import keyCreated from '../../schemas/key-created.schema.json' with { type: 'json' };
import keyList from '../../schemas/key-list.schema.json' with { type: 'json' };

export function openApiJson(version: string): string {
  return JSON.stringify(buildOpenApiDocument({
    'decode-request': decodeRequest, 'decode-batch-request': decodeBatchRequest, 'decode-result': decodeResult, problem,
    'key-create-request': keyCreateRequest, 'key-summary': keySummary, 'key-created': keyCreated, 'key-list': keyList,
  }, version));
}
