// `vino serve --workers N`: one primary that owns start-up chores (the admin token) and signals,
// and N workers sharing the listening port through node:cluster. A worker that dies is replaced.
import cluster, { type Worker } from 'node:cluster';
import type { VinoConfig } from '../config.js';
import { openKeyServices } from '../keys/index.js';
import { createLogger, flushLogger } from './logger.js';

const RESTART_DELAY_MS = 1000;

/** In the primary: ensures the admin token (returned when generated now), forks, supervises. */
export async function runClusterPrimary(config: VinoConfig, onAdminToken: (token: string) => void): Promise<void> {
  const logger = createLogger(config.logLevel);
  const services = await openKeyServices(config.keystoreUrl, { adminToken: config.adminToken });
  try {
    const token = await services.admin.ensure();
    if (token) onAdminToken(token);
  } finally {
    await services.close();
  }

  let stopping = false;
  let listening = 0;
  const fork = (): Worker => cluster.fork();
  cluster.on('listening', (_worker, address) => {
    if (++listening === config.workers) {
      logger.info({ url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${address.port}`, workers: config.workers }, 'listening');
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info('stopped');
        flushLogger(logger);
      }
      return;
    }
    logger.error({ workerPid: worker.process.pid, code, signal }, 'worker exited; starting another');
    setTimeout(fork, RESTART_DELAY_MS).unref();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  for (let i = 0; i < config.workers; i++) fork();
}

export const isClusterWorker = (): boolean => cluster.isWorker;
