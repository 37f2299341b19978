// Emits the OpenAPI 3.1 document (src/generated/openapi.json) from the schemas in schemas/; the
// server answers /api/v1/openapi.json with that file, so it never builds the document itself.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_SCHEMAS, buildOpenApiDocument, type ApiSchemaName, type JsonSchema } from './openapi-document.js';

/** JSON has no comments, and OpenAPI allows only `x-` fields beside its own: the banner goes there. */
export const OPENAPI_BANNER =
  'GENERATED FILE from schemas/*.schema.json by codegen/openapi-document.ts: do not edit by hand; regenerate with npm run codegen';

export async function emitOpenApi(root: string): Promise<string> {
  const schemas = {} as Record<ApiSchemaName, JsonSchema>;
  for (const name of API_SCHEMAS) {
    schemas[name] = JSON.parse(await readFile(join(root, 'schemas', `${name}.schema.json`), 'utf8')) as JsonSchema;
  }
  const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
  return JSON.stringify({ 'x-generated': OPENAPI_BANNER, ...buildOpenApiDocument(schemas, version) }, null, 2) + '\n';
}
