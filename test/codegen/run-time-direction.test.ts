// One direction at run time: codegen reads src/decode (the table formats) and writes src/generated/,
// and nothing under src/ imports codegen/, so what the server and the library load never pulls in
// build-time code (csv-parse, json-schema-to-typescript, the vPIC importer).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../fixtures/registry-root.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []);
}

const IMPORT_SPECIFIER = /(?:from\s+|import\s*\(\s*)'([^']+)'/g;

describe('src/', () => {
  it('imports nothing from codegen/', () => {
    const offending = sourceFiles(join(PROJECT_ROOT, 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT_SPECIFIER)]
        .filter(([, specifier]) => /(^|\/)codegen\//.test(specifier!))
        .map(([, specifier]) => `${relative(PROJECT_ROOT, file)} imports ${specifier}`));
    expect(offending).toEqual([]);
  });
});
