// The committed src/generated/ must be what codegen makes from registry/ and schemas/ now: a stale
// table cannot land. The data files npm run build makes (build-data.ts) are held to the same.
// Regenerates in memory; writes nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile, type CompileResult } from '../../codegen/compile.js';
import { formatProblem } from '../../codegen/tables.js';
import { PROJECT_ROOT } from '../fixtures/registry-root.js';

let compiled: CompileResult;

beforeAll(async () => {
  // Every table is read and validated; the vehicle tables are not compiled, as they are not
  // committed (npm run build compiles them into src/generated/vehicle/).
  compiled = await compile(PROJECT_ROOT, { vehicleTables: false });
}, 60_000);

describe('src/generated/', () => {
  it('the registry has no problems', () => {
    expect(compiled.problems.map(formatProblem)).toEqual([]);
  });

  it('every committed generated file equals what codegen makes now', () => {
    expect(compiled.files.size).toBeGreaterThan(0);
    const stale = [...compiled.files]
      .filter(([path, content]) => readFileSync(join(PROJECT_ROOT, path), 'utf8') !== content)
      .map(([path]) => `${path} is stale: run npm run codegen`);
    expect(stale).toEqual([]);
  });

  it('holds no TypeScript or data that codegen does not make (an orphan would never be regenerated)', () => {
    const committed = readdirSync(join(PROJECT_ROOT, 'src/generated')).filter((f) => f.endsWith('.ts') || f.endsWith('.json')).map((f) => `src/generated/${f}`);
    expect(committed.sort()).toEqual([...compiled.files.keys()].sort());
  });

  it('every generated file names its source and the command that regenerates it', () => {
    for (const [path, content] of compiled.files) {
      if (path.endsWith('.json')) {
        // JSON has no comments: data files carry the same note in a `generated` field, the OpenAPI
        // document (which allows only `x-` fields of its own) in `x-generated`.
        const data = JSON.parse(content);
        expect(data.generated ?? data['x-generated'], path).toMatch(/^GENERATED FILE from (registry|schemas)\/.*do not edit by hand; regenerate with npm run codegen$/);
        continue;
      }
      const [first, source, command] = content.split('\n');
      expect(first, path).toBe('// GENERATED FILE: do not edit by hand.');
      expect(source, path).toMatch(/^\/\/ Source: (registry|schemas)\//);
      expect(command, path).toBe('// Regenerate: npm run codegen');
    }
  });

  it('counts every row of every registry table', () => {
    const lines = (file: string): number => readFileSync(join(PROJECT_ROOT, 'registry', file), 'utf8').trimEnd().split('\n').length - 1;
    // Files whose fields never hold line breaks: the row count is the line count less the header.
    expect(compiled.rowCounts['wmi']).toBe(lines('wmi.csv'));
    expect(compiled.rowCounts['plants']).toBe(lines('plants.csv'));
    expect(compiled.rowCounts['wmi']).toBeGreaterThan(12_000);
    expect(compiled.rowCounts['jdm-chassis']).toBeGreaterThanOrEqual(300);
  });
});
