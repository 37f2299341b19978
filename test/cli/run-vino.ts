// Runs the built `vino` command (bin/vino.js → dist/) as a user would; `npm test` builds first.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/vino.js', import.meta.url));

export interface Run { code: number | null; stdout: string; stderr: string }

export function vino(args: string[], input?: string): Run {
  const run = spawnSync(process.execPath, [BIN, ...args], { input: input ?? '', encoding: 'utf8', timeout: 20_000, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** stdout as lines, without the final newline's empty string. */
export const outputLines = (run: Run): string[] => (run.stdout === '' ? [] : run.stdout.replace(/\n$/, '').split('\n'));
