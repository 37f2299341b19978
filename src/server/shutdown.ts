// Graceful stop: refuse new connections, close idle keep-alive ones, let requests in flight finish,
// and only cut what is still open after a grace period.
import type { Server } from 'node:http';

export const SHUTDOWN_GRACE_MS = 10_000;

export function closeGracefully(server: Server, graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
