// The real server (startServer on a free port, a temporary data folder) with a small page folder
// of its own and a secret file beside it, so a path that escapes the folder would show in an answer.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_TOKEN, createKey, startTestServer, tempDir, type TestServer } from '../server/harness.js';
import type { Credentials } from './requests.js';

export const SECRET_MARKER = 'SECRET-BESIDE-THE-PAGE-FOLDER';

/** The files the page folder holds: a 200 to a GET of the page must be one of these, byte for byte. */
export const PAGE_FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>hostile</title><script type="module" src="/vin-origin-decoder.js"></script>',
  'vin-origin-decoder.js': 'export const page = "the only script";\n',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

export interface HostileServer extends TestServer {
  port: number;
  credentials: Credentials;
}

export async function startHostileServer(): Promise<HostileServer> {
  const pageRoot = tempDir('vino-hostile-page-');
  const uiDir = join(pageRoot, 'ui');
  mkdirSync(uiDir);
  for (const [name, content] of Object.entries(PAGE_FILES)) writeFileSync(join(uiDir, name), content);
  writeFileSync(join(pageRoot, 'secret.txt'), SECRET_MARKER);
  const server = await startTestServer({ uiDir });
  const created = await createKey(server.url, 'Hostile suite');
  return {
    ...server,
    port: Number(new URL(server.url).port),
    credentials: { apiKey: created.key, adminToken: ADMIN_TOKEN },
    close: async () => {
      await server.close();
      rmSync(pageRoot, { recursive: true, force: true });
    },
  };
}
