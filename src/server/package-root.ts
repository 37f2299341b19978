// Where vino is installed: the folder holding its package.json. Found by walking up from this file,
// which sits at src/server/ when run from source and at dist/src/server/ when built.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PackageInfo { root: string; version: string }

export function findPackage(from: string = dirname(fileURLToPath(import.meta.url))): PackageInfo {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'vino') return { root: dir, version: pkg.version ?? '0.0.0' };
    }
    if (dirname(dir) === dir) throw new Error(`cannot find vino's package.json above ${from}`);
  }
}
