// Runs the built `vino` command in a child process without blocking this one, so a server in this
// process keeps answering meanwhile (`npm test` builds dist/ first).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/vino.js', import.meta.url));

export interface CliRun { code: number | null; stdout: string; stderr: string }

/** Environment without the VINO_* variables of whoever runs the tests. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VINO_')));
  return { ...env, ...extra };
}

export function runVino(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: cleanEnv(env), cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface ServeProcess {
  url: string;
  /** What the process wrote to stderr so far (the admin token block on a first start). */
  stderr(): string;
  stdout(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  startedInMs: number;
}

/** `vino serve …` until it logs its listening URL. */
export function startVinoServe(args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { env: cleanEnv(env) });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      for (const line of stdout.split('\n')) {
        if (!line.includes('"listening"')) continue;
        const { url } = JSON.parse(line) as { url: string };
        resolve({
          url, startedInMs: performance.now() - started, stderr: () => stderr, stdout: () => stdout,
          stop: (signal = 'SIGTERM') => { child.kill(signal); return exited; },
        });
      }
    });
    exited.then((code) => reject(new Error(`vino serve exited (${code}) before listening: ${stderr}`)));
  });
}
