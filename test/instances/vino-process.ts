// The built `vino` command in child processes, as operators run it: `vino serve` until it logs its
// URL (and can be killed with any signal), and one-shot commands. Only the VINO_* variables a
// test passes are set, so the caller's own settings never leak in. `npm test` builds dist/ first.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const VINO_BIN = fileURLToPath(new URL('../../bin/vino.js', import.meta.url));

export function vinoEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VINO_')));
  return { ...env, ...extra };
}

export interface Exit { code: number | null; signal: NodeJS.Signals | null }

export interface VinoServe {
  url: string;
  pid: number;
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  kill(signal?: NodeJS.Signals): Promise<Exit>;
}

/**
 * Starts `vino serve …`, on a free port unless VINO_PORT is given; resolves once it logs "listening"
 * (so VINO_LOG_LEVEL must let info through), rejects if it exits first or is not listening within
 * `withinMs` (and is then killed).
 */
export function startServe(args: string[], env: Record<string, string> = {}, withinMs = 20_000): Promise<VinoServe> {
  const port = env.VINO_PORT === undefined ? ['--port', '0'] : [];
  const child = spawn(process.execPath, [VINO_BIN, 'serve', ...port, ...args], { env: vinoEnv(env) });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<Exit>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  return new Promise((resolve, reject) => {
    const late = setTimeout(() => child.kill('SIGKILL'), withinMs);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n').find((l) => l.includes('"msg":"listening"'));
      if (!line) return;
      clearTimeout(late);
      resolve({
        url: (JSON.parse(line) as { url: string }).url, pid: child.pid!, exited,
        stdout: () => stdout, stderr: () => stderr,
        kill: (signal = 'SIGTERM') => { child.kill(signal); return exited; },
      });
    });
    exited.then(({ code, signal }) => reject(new Error(`vino serve exited (${code ?? signal}) before listening: ${stderr}${stdout}`)));
  });
}

export interface Run extends Exit { stdout: string; stderr: string }

/** Runs `vino …` to the end (or until `signal` aborts it, as a kill -9 would). */
export function runVino(args: string[], env: Record<string, string> = {}, signal?: AbortSignal): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VINO_BIN, ...args], { env: vinoEnv(env), signal, killSignal: 'SIGKILL' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('error', (error) => { if (error.name !== 'AbortError') reject(error); });
    child.on('close', (code, exitSignal) => resolve({ code, signal: exitSignal, stdout, stderr }));
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `everyMs` until it returns true; the time it took, or Infinity past `withinMs`. */
export async function timeUntil(check: () => Promise<boolean>, withinMs: number, everyMs = 100): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if (await check().catch(() => false)) return performance.now() - started;
    await sleep(everyMs);
  }
  return Infinity;
}
