// Emits the OpenAPI 3.1 document (src/generated/openapi.json) from the schemas in schemas/.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_SCHEMAS, buildOpenApiDocument, type ApiSchemaName, type JsonSchema } from './openapi-document.js';

export async function emitOpenApi(root: string): Promise<string> {
  const schemas = {} as Record<ApiSchemaName, JsonSchema>;
  for (const name of API_SCHEMAS) {
    schemas[name] = JSON.parse(await readFile(join(root, 'schemas', `${name}.schema.json`), 'utf8')) as JsonSchema;
  }
  const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
  return JSON.stringify(buildOpenApiDocument(schemas, version), null, 2) + '\n';
}
