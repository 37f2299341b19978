// Graceful stop: refuse new connections, close idle keep-alive ones, let requests in flight finish,
// and only cut what is still open after a grace period.
import type { Server } from 'node:http';

export const SHUTDOWN_GRACE_MS = 10_000;

export function closeGracefully(server: Server, graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    // Past the grace period and a little more, stop waiting for the close callback at all.
    const giveUp = setTimeout(done, graceMs + 1000);
    function done(): void {
      clearInterval(sweep);
      clearTimeout(deadline);
      clearTimeout(giveUp);
      resolve();
    }
    server.close(done);
    server.closeIdleConnections();
  });
}
