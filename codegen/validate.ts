// Phase 2: check every row against its JSON Schema (Ajv), then the rules that span rows.
// Every violation is collected, so a steward sees all of them in one run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 as Ajv } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import { TABLES, type RegistryProblem, type RegistryRows, type SourceRow, type TableName } from './tables.js';
import { CROSS_ROW_RULES, type CrossRowRule } from './rules.js';

interface RowSchema {
  required: string[];
  properties: Record<string, { description?: string }>;
}

function loadSchemas(root: string): Record<TableName, RowSchema> {
  const out = {} as Record<TableName, RowSchema>;
  for (const t of TABLES) {
    out[t.name] = JSON.parse(readFileSync(join(root, 'schemas', `registry-${t.name}.schema.json`), 'utf8'));
  }
  return out;
}

function describe(schema: RowSchema, err: ErrorObject): { column: string; message: string } {
  if (err.keyword === 'required') return { column: String(err.params.missingProperty), message: 'column is missing' };
  if (err.keyword === 'additionalProperties') return { column: String(err.params.additionalProperty), message: 'is not a column of this table' };
  const column = err.instancePath.replace(/^\//, '');
  const description = schema.properties[column]?.description;
  return { column, message: description ? `must be ${description}` : (err.message ?? 'is not valid') };
}

export function validateRegistry(root: string, rows: RegistryRows, headers: Record<string, string[]>, rules: readonly CrossRowRule[] = CROSS_ROW_RULES): RegistryProblem[] {
  const schemas = loadSchemas(root);
  const ajv = new Ajv({ allErrors: true, strict: true });
  const problems: RegistryProblem[] = [];
  for (const t of TABLES) {
    const schema = schemas[t.name];
    const header = headers[t.name];
    if (header && header.join(',') !== schema.required.join(',')) {
      problems.push({ file: t.file, line: 1, column: '-', message: `header must be ${schema.required.join(',')}` });
      continue;
    }
    const check = ajv.compile(schema);
    for (const row of rows[t.name]) {
      if (check(row.values)) continue;
      const seen = new Set<string>();
      for (const err of check.errors ?? []) {
        const { column, message } = describe(schema, err);
        if (seen.has(column)) continue; // one message per column is enough to fix it
        seen.add(column);
        problems.push({ file: t.file, line: row.line, column, message });
      }
    }
  }
  for (const rule of rules) {
    for (const hit of rule.check(rows)) {
      const file = TABLES.find((t) => t.name === hit.table)!.file;
      problems.push({ file, line: hit.row.line, column: hit.column, message: hit.detail ? `${rule.name}: ${hit.detail}` : rule.name });
    }
  }
  return problems.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
}

export type { SourceRow };
