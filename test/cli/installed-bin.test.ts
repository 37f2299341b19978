// `npm install` must leave node_modules/.bin/vino (scripts, and the evaluation, call the CLI by
// that path; npm links dependencies' bins but not the project's own, so prepare links it).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../fixtures/registry-root.js';

describe('node_modules/.bin/vino', () => {
  it('runs the CLI', () => {
    const run = spawnSync(join(PROJECT_ROOT, 'node_modules/.bin/vino'), ['decode', '--json', '1HGCM82633A004352'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).assembly.city).toBe('Marysville');
  });
});
