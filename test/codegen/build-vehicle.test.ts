// `npm run build` compiles the vehicle tables only when they are stale (codegen/build-vehicle.ts):
// stale means an input newer than an output, and the inputs must be every module the compile
// runs, or a change to one of them would leave the old tables in place.
import { mkdirSync, readFileSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILER, VEHICLE_INPUTS, vehicleTablesUpToDate } from '../../codegen/build-vehicle.js';
import { VEHICLE_DIR } from '../../codegen/emit-vehicle.js';
import { PROJECT_ROOT } from '../fixtures/registry-root.js';
import { tempDir } from '../server/harness.js';

/** The project's modules `entry` imports, directly or through others (type-only imports included). */
function importedModules(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const text = readFileSync(join(PROJECT_ROOT, path), 'utf8');
    for (const [, specifier] of text.matchAll(/^(?:import|export)\b[^;]*?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      visit(relative(PROJECT_ROOT, join(PROJECT_ROOT, dirname(path), specifier!)).replace(/\.js$/, '.ts'));
    }
  };
  visit(entry);
  return [...seen].sort();
}

describe('the vehicle tables step of npm run build', () => {
  it('counts every module the compile runs among its inputs', () => {
    expect([...COMPILER].sort()).toEqual(importedModules('codegen/build-vehicle.ts'));
  });

  describe('is up to date only when every output is newer than every input', () => {
    const root = tempDir('vino-vehicle-build-');
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const outputs = [`${VEHICLE_DIR}/index.json`, `${VEHICLE_DIR}/schemas.jsonl`];
    const at = (path: string, seconds: number) => utimesSync(join(root, path), seconds, seconds);
    for (const path of [...VEHICLE_INPUTS, ...outputs]) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), '');
    }
    const built = () => {
      for (const path of VEHICLE_INPUTS) at(path, 1_000_000);
      for (const path of outputs) at(path, 2_000_000);
    };

    it('outputs newer than the tables and the compiler: up to date', async () => {
      built();
      expect(await vehicleTablesUpToDate(root)).toBe(true);
    });

    it.each(VEHICLE_INPUTS)('%s changed since: stale', async (input) => {
      built();
      at(input, 3_000_000);
      expect(await vehicleTablesUpToDate(root)).toBe(false);
    });

    it('an output missing: stale', async () => {
      built();
      unlinkSync(join(root, outputs[1]!));
      expect(await vehicleTablesUpToDate(root)).toBe(false);
    });
  });
});
