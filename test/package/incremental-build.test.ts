// `npm run build` skips the TypeScript compile when dist/ is up to date (scripts/build-ts.ts): it
// must still compile whatever is stale, put back a compiled module that went missing, and never
// call a build that failed up to date. Run on a two-module project of its own, so that nothing
// races the dist/ the other suites use.
import { mkdirSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTypeScript } from '../../scripts/build-ts.js';
import { tempDir } from '../server/harness.js';

const root = tempDir('vino-build-');
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, 'src'));
writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({
  compilerOptions: {
    target: 'ES2022', lib: ['ES2022'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, types: [], rootDir: '.', outDir: 'dist',
    incremental: true, tsBuildInfoFile: 'dist/tsconfig.tsbuildinfo',
  },
  include: ['src'],
}));
writeFileSync(join(root, 'src/rate.ts'), 'export const rate = 1;\n');
writeFileSync(join(root, 'src/main.ts'), "import { rate } from './rate.js';\nexport const doubled: number = rate * 2;\n");

const build = () => buildTypeScript({ root, tsconfig: 'tsconfig.json', sourceDirs: ['src'], outDir: 'dist', buildInfo: 'dist/tsconfig.tsbuildinfo' });
const compiled = (path: string) => readFileSync(join(root, 'dist', path), 'utf8');
const modified = (path: string) => statSync(join(root, 'dist', path)).mtimeMs;
/** An edit made after the last build: the build info is set back a minute, so a coarse clock cannot tie them. */
const edit = (path: string, text: string) => {
  const before = new Date(Date.now() - 60_000);
  utimesSync(join(root, 'dist/tsconfig.tsbuildinfo'), before, before);
  writeFileSync(join(root, path), text);
};

describe('the TypeScript step of npm run build', () => {
  it('compiles everything the first time', () => {
    expect(build()).toEqual({ missing: ['src/main.ts', 'src/rate.ts'], errors: '' });
    expect(compiled('src/main.js')).toContain('rate * 2');
  });

  it('leaves an up-to-date dist/ untouched', () => {
    const before = [modified('src/main.js'), modified('src/rate.js'), modified('tsconfig.tsbuildinfo')];
    expect(build()).toEqual({ missing: [], errors: '' });
    expect([modified('src/main.js'), modified('src/rate.js'), modified('tsconfig.tsbuildinfo')]).toEqual(before);
  });

  it('compiles a changed source again', () => {
    edit('src/rate.ts', 'export const rate = 3;\n');
    expect(build()).toEqual({ missing: [], errors: '' });
    expect(compiled('src/rate.js')).toContain('rate = 3');
  });

  it('puts back a compiled module deleted from dist/', () => {
    unlinkSync(join(root, 'dist/src/main.js'));
    expect(build()).toEqual({ missing: ['src/main.ts'], errors: '' });
    expect(compiled('src/main.js')).toContain('rate * 2');
  });

  it('fails on a type error, and again on the next build rather than calling it up to date', () => {
    edit('src/main.ts', "import { rate } from './rate.js';\nexport const doubled: string = rate * 2;\n");
    expect(build().errors).toMatch(/src\/main\.ts\(2,14\): error TS2322/);
    expect(build().errors).toMatch(/src\/main\.ts\(2,14\): error TS2322/);
  });
});
