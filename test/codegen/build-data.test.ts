// `npm run build` compiles the built tables only when they are stale (codegen/build-data.ts):
// stale means an input newer than an output, and the inputs must be every module the compile
// runs, or a change to one of them would leave the old tables in place.
import { mkdirSync, readFileSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_STEPS, COMPILER, stepInputs, upToDate } from '../../codegen/build-data.js';
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

describe('the build steps of npm run build', () => {
  it('counts every module the compile runs among their inputs', () => {
    expect([...COMPILER].sort()).toEqual(importedModules('codegen/build-data.ts'));
  });

  describe.each(BUILD_STEPS.map((step) => [step.name, step] as const))('the %s are up to date only when every output is newer than every input', (_, step) => {
    const root = tempDir('vino-data-build-');
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const inputs = stepInputs(step);
    const at = (path: string, seconds: number) => utimesSync(join(root, path), seconds, seconds);
    for (const path of [...inputs, ...step.outputs]) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), '');
    }
    const built = () => {
      for (const path of inputs) at(path, 1_000_000);
      for (const path of step.outputs) at(path, 2_000_000);
    };

    it('outputs newer than the tables and the compiler: up to date', async () => {
      built();
      expect(await upToDate(root, step)).toBe(true);
    });

    it.each(inputs)('%s changed since: stale', async (input) => {
      built();
      at(input, 3_000_000);
      expect(await upToDate(root, step)).toBe(false);
    });

    it.each(step.outputs)('%s missing: stale', async (output) => {
      built();
      unlinkSync(join(root, output));
      expect(await upToDate(root, step)).toBe(false);
      writeFileSync(join(root, output), '');
    });
  });
});
