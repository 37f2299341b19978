// Whether a server (Redis, PostgreSQL) listens, so suites that need one can skip, saying why.
import { connect } from 'node:net';

export const REDIS_URL = process.env.VINO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const POSTGRES_URL = process.env.VINO_TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

/** True when something accepts a TCP connection at the URL's host and port within half a second. */
export function listening(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port || defaultPort), hostname);
    const done = (up: boolean) => { socket.destroy(); resolve(up); };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(500, () => done(false));
  });
}
