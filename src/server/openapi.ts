// The OpenAPI document the server answers with: written by codegen into src/generated/ from
// schemas/, read here once; the banner field stays in, as OpenAPI allows `x-` fields.
import document from '../generated/openapi.json' with { type: 'json' };

export const OPENAPI_JSON: string = JSON.stringify(document);
