// Emits TypeScript types for the HTTP/CLI contract from schemas/decode-*.schema.json and
// schemas/problem.schema.json, so the wire format has one source of truth.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { banner } from './banner.js';

const CONTRACT_SCHEMAS = ['decode-request', 'decode-batch-request', 'decode-result', 'problem'];

export async function emitContractTypes(root: string): Promise<string> {
  const parts: string[] = [];
  for (const name of CONTRACT_SCHEMAS) {
    const schema = JSON.parse(await readFile(join(root, 'schemas', `${name}.schema.json`), 'utf8'));
    parts.push(await compile(schema, schema.title, {
      bannerComment: '',
      additionalProperties: false,
      unreachableDefinitions: false,
      style: { singleQuote: true, printWidth: 110 },
      cwd: join(root, 'schemas'),
    }));
  }
  return banner(CONTRACT_SCHEMAS.map((n) => `schemas/${n}.schema.json`)) + parts.join('\n');
}
