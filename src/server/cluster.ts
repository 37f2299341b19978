// `vino serve --workers N`: one primary that owns start-up chores (the admin token), the listening
// announcement and signals, and N workers sharing the port through node:cluster. A worker that
// dies once the group is up is replaced; one that dies while starting stops the group (a port in
// use or a bad store would only fail again).
import cluster from 'node:cluster';
import type { VinoConfig } from '../config.js';
import { openKeyServices, redactUrl } from '../keys/index.js';
import { serveGroupMetrics } from './cluster-metrics.js';
import { createLogger, flushLogger } from './logger.js';

const RESTART_DELAY_MS = 1000;

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
  let up = false;
  let listening = 0;
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  cluster.on('listening', (_worker, address) => {
    if (up || ++listening < config.workers) return;
    up = true;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    logger.info({ url: `http://${host}:${address.port}`, keystore: redactUrl(config.keystoreUrl), workers: config.workers }, 'listening');
  });
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping && !up) {
      logger.error({ workerPid: worker.process.pid, code, signal }, 'a worker failed while starting; stopping');
      process.exitCode = 1;
      stop();
    } else if (!stopping) {
      logger.error({ workerPid: worker.process.pid, code, signal }, 'worker exited; starting another');
      setTimeout(() => cluster.fork(), RESTART_DELAY_MS).unref();
    }
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) {
      logger.info('stopped');
      flushLogger(logger);
    }
  });
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  serveGroupMetrics();
  for (let i = 0; i < config.workers; i++) cluster.fork();
}

export const isClusterWorker = (): boolean => cluster.isWorker;
