// vino as a library, as a user gets it: the packed tarball (npm pack, after `npm run build`) in a
// fresh project's node_modules, `import { decode, createDecoder } from 'vino'` type-checked by tsc
// in strict NodeNext mode and run by node, and nothing but the entry point reachable.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../fixtures/registry-root.js';
import { tempDir } from '../server/harness.js';

const CONSUMER = `
import { createDecoder, decode, type DecodedResult, type RegistryData } from 'vino';
const outcome = decode('1HGCM82633A004352');
if (!outcome.ok) throw new Error(outcome.error.detail);
const result: DecodedResult = outcome.result;
// A result is read-only at every depth, and the types say so (never called: the write would throw).
export function change(r: DecodedResult): void {
  // @ts-expect-error a result's parts are shared and frozen
  r.assembly.city = 'Elsewhere';
}
const registry: RegistryData = {
  buildYear: 2025, countryCodes: [['US', 'United States']],
  iso3780: { sources: ['ISO 3780'], rows: [['1', 'A', '0', 'US', 'North America', 0]] },
  wmi: { sources: [], rows: [] }, plants: { sources: [], rows: [] }, modelYears: { sources: [], rows: [] }, jdm: { sources: [], rows: [] },
};
const own = createDecoder(registry)('1HGCM82633A004352');
console.log(JSON.stringify([result.corporateOrigin.country, result.assembly.city, own.ok && own.result.corporateOrigin.countryCode]));
`;

let dir: string;
let consumer: string;
beforeAll(() => {
  dir = tempDir('vino-pack-');
  consumer = join(dir, 'consumer');
  // --ignore-scripts: `npm test` has just built dist/; prepare would build it again.
  execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], { cwd: PROJECT_ROOT, stdio: 'pipe' });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
  const installed = join(consumer, 'node_modules', 'vino');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', installed, '--strip-components=1']);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, types: [] },
  }));
  writeFileSync(join(consumer, 'index.ts'), CONSUMER);
}, 120_000); // npm pack compresses some 80 MB (registry/, dist/): 12 s alone, about 30 s in a full run
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const node = (script: string) => execFileSync(process.execPath, [script], { cwd: consumer, encoding: 'utf8' });

describe('the packed tarball as a library', () => {
  it('type-checks and compiles a consumer that imports decode and createDecoder', () => {
    const tsc = join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const run = () => execFileSync(process.execPath, [tsc, '-p', '.'], { cwd: consumer, encoding: 'utf8', stdio: 'pipe' });
    expect(run).not.toThrow();
  });

  it('decodes with the built-in registry and with a registry of its own', () => {
    expect(JSON.parse(node('index.js'))).toEqual(['United States', 'Marysville', 'US']);
  });

  it('exports only the entry point', () => {
    writeFileSync(join(consumer, 'private.mjs'), "import('vino/dist/src/server/index.js').catch((e) => console.log(e.code));");
    expect(node('private.mjs').trim()).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });
});
