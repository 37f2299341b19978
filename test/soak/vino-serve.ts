// `vino serve` (the built CLI, `npm run build` first) in a child process on a free port with a
// temporary data folder, rate limits off and an admin token from the environment, as an operator
// would run it for a load test.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/vino.js', import.meta.url));

export interface VinoServe {
  url: string;
  /** Creates an API key through the admin endpoint and returns it. */
  createKey(label: string): Promise<string>;
  stop(): Promise<number | null>;
}

export async function startVinoServe(adminToken: string): Promise<VinoServe> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vino-soak-'));
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VINO_')));
  const child = spawn(process.execPath, [BIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir], {
    env: { ...env, VINO_ADMIN_TOKEN: adminToken, VINO_RATE_LIMIT_OPEN: '0', VINO_RATE_LIMIT_KEY: '0', VINO_RATE_LIMIT_BAD_KEY: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const url = await new Promise<string>((resolve, reject) => {
    let pending = '';
    const onData = (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const listening = pending.split('\n').find((line) => line.includes('"listening"'));
      if (!listening) return;
      // Logs keep coming (refusals at info); they are read and dropped so the pipe never fills.
      child.stdout.off('data', onData);
      child.stdout.resume();
      resolve((JSON.parse(listening) as { url: string }).url);
    };
    child.stdout.on('data', onData);
    exited.then((code) => reject(new Error(`vino serve exited (${code}) before listening: ${stderr}`)));
  });
  return {
    url,
    createKey: async (label) => {
      const res = await fetch(`${url}/api/v1/keys`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` }, body: JSON.stringify({ label }),
      });
      if (res.status !== 201) throw new Error(`creating a key answered ${res.status}`);
      return ((await res.json()) as { key: string }).key;
    },
    stop: async () => {
      child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
