// The real server in a child process of its own, so its memory can be measured apart from the
// test's: the child runs with --expose-gc and, when asked, collects garbage and reports
// process.memoryUsage() and its open connections. Logs at info to nowhere, as in production.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface MemorySample { heapUsed: number; external: number; arrayBuffers: number; rss: number; connections: number }

export interface ServerProcess {
  url: string;
  port: number;
  /** Memory after forced garbage collection, and the connections the server still holds. */
  memory(): Promise<MemorySample>;
  stop(): Promise<void>;
}

const thisFile = fileURLToPath(import.meta.url);
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function startServerProcess(adminToken: string): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vino-memory-'));
  const child: ChildProcess = fork(thisFile, ['--child', dataDir, adminToken], {
    cwd: REPO_ROOT, execArgv: ['--expose-gc', '--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`the server process exited (${code}) before listening`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    memory: () => new Promise((resolve) => {
      child.once('message', (message) => resolve(message as MemorySample));
      child.send('memory');
    }),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function runChild(dataDir: string, adminToken: string): Promise<void> {
  const { startServer } = await import('../../src/server/index.js');
  const running = await startServer({ port: 0, dataDir, adminToken, rateLimitOpen: 0, rateLimitKey: 0, rateLimitBadKey: 0, logLevel: 'info', uiDir: join(dataDir, 'ui') });
  const gc = (globalThis as { gc?: () => void }).gc!;
  process.on('message', async () => {
    // Several passes with a turn of the event loop between them, so that finalisers and closed
    // sockets' resources are gone before measuring.
    for (let i = 0; i < 4; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
    const connections = await new Promise<number>((resolve) => running.server.getConnections((_error, count) => resolve(count)));
    process.send!({ heapUsed, external, arrayBuffers, rss, connections });
  });
  process.once('SIGTERM', () => { running.close().then(() => process.exit(0)); });
  process.send!({ url: running.url });
}

if (process.argv[2] === '--child') await runChild(process.argv[3]!, process.argv[4]!);
