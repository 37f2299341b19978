// Emits TypeScript types for the HTTP/CLI contract from the API's schemas (decode, problem and key
// bodies), so the wire format has one source of truth.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { banner } from './banner.js';

const CONTRACT_SCHEMAS = [
  'decode-request', 'decode-batch-request', 'decode-result', 'problem',
  'key-create-request', 'key-created', 'key-summary', 'key-list',
];

/** True for a schema with a `$ref` to another schema file (and, so that nothing is lost, no `$defs` of its own). */
function refersToAnotherFile(schema: { $defs?: unknown }): boolean {
  const refersOut = /"\$ref":\s*"[^"#]+\.schema\.json(#[^"]*)?"/.test(JSON.stringify(schema));
  if (refersOut && schema.$defs) throw new Error('emit-types: a schema that refers to another file cannot also have $defs');
  return refersOut;
}

export async function emitContractTypes(root: string): Promise<string> {
  const parts: string[] = [];
  for (const name of CONTRACT_SCHEMAS) {
    const schema = JSON.parse(await readFile(join(root, 'schemas', `${name}.schema.json`), 'utf8'));
    parts.push(await compile(schema, schema.title, {
      bannerComment: '',
      additionalProperties: false,
      unreachableDefinitions: false,
      // A schema another file references (key-summary, in key-list; decode-result's Suggestion, in
      // problem) is declared by its own file only;
      // json-schema-to-typescript would declare it again where it is referenced.
      declareExternallyReferenced: !refersToAnotherFile(schema),
      // Bounded lists (at most five suggestions) stay plain arrays, not unions of tuples.
      maxItems: -1,
      style: { singleQuote: true, printWidth: 110 },
      cwd: join(root, 'schemas'),
    }));
  }
  return banner(CONTRACT_SCHEMAS.map((n) => `schemas/${n}.schema.json`)) + parts.join('\n');
}
