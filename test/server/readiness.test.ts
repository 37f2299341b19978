// /readyz answers from a health state refreshed in the background (issue 12, finding 4): requests
// to it never reach the key store, and the state follows the store within a check interval.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyStore } from '../../src/keys/key-store.js';
import { Readiness } from '../../src/server/readiness.js';
import { get, startTestServer, type TestServer } from './harness.js';

let server: TestServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

describe('/readyz', () => {
  it('answers 500 requests without asking the key store for each', async () => {
    server = await startTestServer();
    const ping = vi.spyOn(KeyStore.prototype, 'ping');
    const answers = await Promise.all(Array.from({ length: 500 }, () => get(server!.url, '/readyz')));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    // At most the background checks that fell due meanwhile (one a second).
    expect(ping.mock.calls.length).toBeLessThan(10);
  });
});

describe('Readiness', () => {
  it('follows the store at each interval, and asks once at a time', async () => {
    vi.useFakeTimers();
    let up = false;
    let calls = 0;
    const readiness = new Readiness(async () => { calls++; if (!up) throw new Error('down'); }, 1000);
    await readiness.start();
    expect([readiness.ready, calls]).toEqual([false, 1]);
    up = true;
    expect(readiness.ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect([readiness.ready, calls]).toEqual([true, 2]);
    up = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect([readiness.ready, calls]).toEqual([false, 3]);
    readiness.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(3);

    let answer: () => void = () => {};
    const slow = new Readiness(() => new Promise<void>((resolve) => { calls++; answer = resolve; }), 1000);
    const first = slow.check();
    void slow.check();
    expect(calls).toBe(4);
    answer();
    await first;
    expect(slow.ready).toBe(true);
  });
});
