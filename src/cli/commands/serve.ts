// `vino serve`: the HTTP service (API, page, metrics), configured by flags over VINO_* variables.
// Logs a JSON line with the listening URL; stops gracefully on SIGTERM or SIGINT.
import { Option, type Command } from 'commander';
import { configOrUsageError, withKeyStoreOptions } from './key-store-options.js';
import { DEFAULT_MAX_CONNECTIONS, DEFAULT_RATE_LIMIT_BAD_KEY, DEFAULT_RATE_LIMIT_KEY, DEFAULT_RATE_LIMIT_OPEN } from '../../config.js';

interface ServeFlags { host?: string; port?: string; dataDir?: string; keystore?: string; workers?: string }

/** The settings that have no flag, as README's configuration table lists them. */
const ENVIRONMENT_HELP = `
Environment (no flag):
  VINO_ADMIN_TOKEN         the admin token, 16-128 characters (default: generated at first start, printed once)
  VINO_CORS_ORIGINS        origins of pages that embed the component, comma-separated (default: none)
  VINO_RATE_LIMIT_OPEN     requests a minute per client address, open endpoints (default ${DEFAULT_RATE_LIMIT_OPEN}; 0 = off)
  VINO_RATE_LIMIT_KEY      requests a minute per API key, secure endpoints (default ${DEFAULT_RATE_LIMIT_KEY}; 0 = off)
  VINO_RATE_LIMIT_BAD_KEY  failed authentications a minute per client address (default ${DEFAULT_RATE_LIMIT_BAD_KEY}; 0 = off)
  VINO_TRUST_PROXY         addresses or CIDR ranges of your proxies, e.g. 10.0.0.0/8 (default: none)
  VINO_MAX_CONNECTIONS     connections open at once per process (default ${DEFAULT_MAX_CONNECTIONS})
  VINO_LOG_LEVEL           fatal, error, warn, info, debug, trace or silent (default info)`;

function showAdminToken(token: string): void {
  process.stderr.write(
    '\nvino: generated the admin token. It is shown only this once; store it now:\n\n' +
    `    ${token}\n\n` +
    'It creates API keys over HTTP (the page\'s "Generate Integration API Key", POST /api/v1/keys).\n' +
    'Lost it? `vino admin-token --rotate` makes a new one. Or set VINO_ADMIN_TOKEN yourself.\n\n');
}

export function registerServe(program: Command): void {
  withKeyStoreOptions(program.command('serve'))
    .description('start the HTTP service: the API under /api/v1 and the web page at /')
    .addOption(new Option('--host <host>', 'address to listen on (default 127.0.0.1)').env('VINO_HOST'))
    .addOption(new Option('--port <port>', 'port to listen on, 0 for any free one (default 8080)').env('VINO_PORT'))
    .addOption(new Option('--workers <n>', 'worker processes sharing the port, or "auto" for one per core (default 1)').env('VINO_WORKERS'))
    .addHelpText('after', ENVIRONMENT_HELP)
    .action(async (flags: ServeFlags, command: Command) => {
      const config = configOrUsageError(command, flags);
      // Loaded here so that other commands do not pay for the server's modules at start-up.
      const { isClusterWorker, runClusterPrimary } = await import('../../server/cluster.js');
      const { startServer } = await import('../../server/index.js');
      if (config.workers > 1 && !isClusterWorker()) {
        await runClusterPrimary(config, showAdminToken);
        return;
      }
      const worker = isClusterWorker();
      const running = await startServer({
        ...config,
        onAdminTokenGenerated: showAdminToken,
        clusterWorkers: worker ? config.workers : undefined,
      });
      const stop = () => {
        running.close().then(() => {
          process.exitCode = 0;
          // A cluster worker's channel to the primary would keep it alive after everything else closed.
          if (worker && process.connected) process.disconnect();
        }, (error: unknown) => {
          process.stderr.write(`vino: error while stopping: ${error instanceof Error ? error.message : String(error)}\n`);
          process.exit(1);
        });
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
}
