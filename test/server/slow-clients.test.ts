// Slow clients and connection floods (issue 12, finding 8): the header and request time limits hold
// to within the half-second node checks them at (it checked every 30 s, so the documented 10 s
// became 19 s and more), and connections past the cap are closed on arrival.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { get, startTestServer, type TestServer } from './harness.js';

let server: TestServer | undefined;
afterEach(async () => { await server?.close(); server = undefined; });

const portOf = (url: string) => Number(new URL(url).port);

function open(url: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(portOf(url), '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Everything the server sends until it closes the socket, and how long that took. */
function untilClosed(socket: Socket): Promise<{ text: string; ms: number }> {
  const start = performance.now();
  let text = '';
  socket.on('data', (chunk) => { text += chunk; });
  return new Promise((resolve) => socket.on('close', () => resolve({ text, ms: performance.now() - start })));
}

describe('slow clients', () => {
  it('answers trickled headers with 408 within half a second of the header limit', async () => {
    server = await startTestServer({ headersTimeoutMs: 1000 });
    const socket = await open(server.url);
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const keepTrickling = setInterval(() => socket.write('X-Slow: 1\r\n'), 100);
    const { text, ms } = await untilClosed(socket);
    clearInterval(keepTrickling);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(1000 + 1000);
  });

  it('answers a trickled body with 408 within half a second of the request limit', async () => {
    server = await startTestServer({ headersTimeoutMs: 1000, requestTimeoutMs: 1500 });
    const socket = await open(server.url);
    socket.write('POST /api/v1/vin/decode HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const keepTrickling = setInterval(() => socket.write(' '), 100);
    const { text, ms } = await untilClosed(socket);
    clearInterval(keepTrickling);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(1500 + 1000);
  });
});

describe('the connection cap', () => {
  it('closes connections past VINO_MAX_CONNECTIONS on arrival, and serves again once one is gone', async () => {
    server = await startTestServer({ maxConnections: 2 });
    const held = [await open(server.url), await open(server.url)];
    const third = await open(server.url);
    const { text } = await untilClosed(third);
    expect(text).toBe('');
    held[0]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await get(server.url, '/healthz')).status).toBe(200);
    held[1]!.destroy();
  });
});
