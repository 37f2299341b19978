// Starts the real server (startServer) on a free port with a temporary data folder and captured
// logs, and offers small request helpers. Each test file gets its own servers and data.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/index.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const HONDA_VIN = '1HGCM82633A004352';

export interface TestServer {
  url: string;
  dataDir: string;
  running: RunningServer;
  /** Every log line so far (the logger runs at debug, so nothing is left out). */
  logs(): string;
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1 and gives the base URL. */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** Stops a server from listenLocally, closes the key services, removes the data folder. */
export async function closeLocally(server: Server, services: { close(): Promise<void> }, dataDir: string): Promise<void> {
  await new Promise((resolve) => server.close(resolve));
  await services.close();
  rmSync(dataDir, { recursive: true, force: true });
}

export function tempDir(prefix = 'vino-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDir();
  const lines: string[] = [];
  const running = await startServer({
    port: 0, adminToken: ADMIN_TOKEN, rateLimitOpen: 0, rateLimitKey: 0, rateLimitBadKey: 0,
    uiDir: join(dataDir, 'no-ui-here'), logLevel: 'debug',
    logDestination: { write: (line: string) => { lines.push(line); } },
    ...options, dataDir,
  });
  return {
    url: running.url, dataDir, running,
    logs: () => lines.join(''),
    close: async () => {
      await running.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  json: any;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown;
  try { json = JSON.parse(text); } catch { json = undefined; }
  return { status: response.status, headers: response.headers, text, json };
}

export async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return answer(await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }));
}

export async function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return answer(await fetch(base + path, { headers }));
}

export async function send(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return answer(await fetch(base + path, { method, headers, body }));
}

export const adminHeaders = (token = ADMIN_TOKEN) => ({ authorization: `Bearer ${token}` });

export async function createKey(base: string, label = 'Test ERP'): Promise<{ id: string; key: string; label: string; prefix: string; createdAt: string }> {
  const created = await post(base, '/api/v1/keys', { label }, adminHeaders());
  if (created.status !== 201) throw new Error(`creating a key answered ${created.status}: ${created.text}`);
  return created.json;
}

/** Sends bytes exactly as given (for requests fetch would refuse or normalise) and returns the raw answer. */
export function rawRequest(url: string, bytes: string | Buffer): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.slice(9, 12)), head: text.slice(0, split), body: text.slice(split + 4) });
    });
    socket.write(bytes);
  });
}
