// Starts vino's HTTP service in this process: opens the key store, makes sure an admin token
// exists, builds the app and listens. `vino serve`, the tests and the page's end-to-end tests all
// start the real server through here.
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { DestinationStream, Logger } from 'pino';
import { decode as registryDecode } from '../decode/index.js';
import { openKeyServices, redactUrl, sqliteUrlFor, StoreUnavailableError } from '../keys/index.js';
import { defaultDataDir, DEFAULT_MAX_CONNECTIONS, DEFAULT_RATE_LIMIT_BAD_KEY, DEFAULT_RATE_LIMIT_KEY, DEFAULT_RATE_LIMIT_OPEN } from '../config.js';
import { createApp } from './app.js';
import { createLogger, flushLogger } from './logger.js';
import { Metrics } from './metrics.js';
import { OPENAPI_JSON } from './openapi.js';
import { findPackage } from './package-root.js';
import { createLimiters } from './rate-limit.js';
import type { Decoder } from './decode-answers.js';
import { Readiness } from './readiness.js';
import { TrustedProxies } from './trusted-proxies.js';
import { closeGracefully } from './shutdown.js';
import { answerUnreadableRequests } from './unreadable-requests.js';

export interface ServerOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  dataDir?: string;
  /** Defaults to the SQLite file in dataDir. */
  keystoreUrl?: string;
  /** As VINO_ADMIN_TOKEN; when unset a token is generated at first start. */
  adminToken?: string;
  corsOrigins?: string[];
  rateLimitOpen?: number;
  rateLimitKey?: number;
  /** Failed authentications per minute per client address on the secure endpoints (default 20); 0 = off. */
  rateLimitBadKey?: number;
  /** Addresses or CIDR ranges of the proxies whose X-Forwarded-For names the client (VINO_TRUST_PROXY); none by default. */
  trustedProxies?: readonly string[];
  logLevel?: string;
  /** Where log lines go (default: stdout). */
  logDestination?: DestinationStream;
  /** Folder of the built page (default: dist/ui in the package). */
  uiDir?: string;
  /** Keeps several deployments (or tests) apart in one shared Redis or PostgreSQL. */
  keyNamespace?: string;
  /** How long key lookups are cached (default 5 s); a revocation elsewhere applies within it. */
  keyCacheTtlMs?: number;
  /** Longest a key store operation may take before the request gets 503 (default 3 s). */
  keyStoreTimeoutMs?: number;
  /**
   * Set in a worker of `vino serve --workers N` (N here): the primary has made sure of the admin
   * token and announces the URL, and the workers split one in-memory rate-limit budget.
   */
  clusterWorkers?: number;
  /** Called with a newly generated admin token before the server listens: the one chance to show it. */
  onAdminTokenGenerated?: (token: string) => void;
  decode?: Decoder;
  /** Most connections open at once (VINO_MAX_CONNECTIONS, default 2,048); more are closed on arrival. */
  maxConnections?: number;
  /** For tests: how long headers (default 10 s) and a whole request (default 30 s) may take. */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Recent decode answers kept as bytes (default 2,048); 0 turns the cache off. */
  answerCacheSize?: number;
}

export interface RunningServer {
  url: string;
  /** The admin token, when this start generated it: the one time it can be shown. */
  generatedAdminToken: string | undefined;
  logger: Logger;
  server: Server;
  /** Stops accepting connections, lets requests in flight finish, then closes the key store. */
  close(): Promise<void>;
}

/**
 * Socket limits: a client that trickles headers or a body cannot hold a connection for long, and an
 * idle keep-alive connection is closed after 5 s (node's default). These are checked on an interval,
 * unlike a per-socket inactivity timeout, which would re-arm a timer on every read and write. Node
 * checks every 30 s by default, so slow headers got their 408 after up to 40 s instead of 10
 * (issue 12, finding 8); half a second keeps the documented numbers true for a few microseconds.
 */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
const TIMEOUT_CHECK_INTERVAL_MS = 500;

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const pkg = findPackage();
  const logger = createLogger(options.logLevel ?? 'info', options.logDestination);
  const keystoreUrl = options.keystoreUrl ?? sqliteUrlFor(options.dataDir ?? defaultDataDir());
  const services = await openKeyServices(keystoreUrl, {
    namespace: options.keyNamespace,
    adminToken: options.adminToken,
    cacheTtlMs: options.keyCacheTtlMs,
    timeoutMs: options.keyStoreTimeoutMs,
    onError: (error) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'key store error'),
  });
  let generatedAdminToken: string | undefined;
  try {
    if (!options.clusterWorkers) generatedAdminToken = await services.admin.ensure();
    if (generatedAdminToken) options.onAdminTokenGenerated?.(generatedAdminToken);
  } catch (error) {
    // A store that is down must not keep the open endpoints down too; admin calls answer 503
    // until it is back, and `vino admin-token --rotate` sets a token if none was ever made.
    if (!(error instanceof StoreUnavailableError)) {
      await services.close();
      throw error;
    }
    logger.warn({ err: error.message }, 'key store unavailable at start-up; could not check for an admin token');
  }

  // Connects to a networked store before listening: a request arriving while the connection was
  // still being made got 503 ("the client is offline") from an instance that had said it listened.
  // A store that is down costs at most its timeout here, and the server starts all the same.
  // The first readiness check is that connection; later ones run in the background for /readyz.
  const readiness = new Readiness(() => services.keys.ping());
  await readiness.start();
  const decode = options.decode ?? registryDecode;
  decode('1HGCM82633A004352'); // builds the registry indexes now rather than on the first request
  const metrics = new Metrics({ workerGroup: options.clusterWorkers !== undefined });
  const app = createApp({
    decode, logger, metrics, keys: services.keys, admin: services.admin,
    limiters: createLimiters({
      openPerMinute: options.rateLimitOpen ?? DEFAULT_RATE_LIMIT_OPEN,
      keyPerMinute: options.rateLimitKey ?? DEFAULT_RATE_LIMIT_KEY,
      failedAuthPerMinute: options.rateLimitBadKey ?? DEFAULT_RATE_LIMIT_BAD_KEY,
      sharedCounters: services.kv.sharedCounters,
      shareAmong: options.clusterWorkers,
      namespace: options.keyNamespace,
    }),
    corsOrigins: options.corsOrigins ?? [],
    uiDir: options.uiDir ?? join(pkg.root, 'dist', 'ui'),
    openApiJson: OPENAPI_JSON,
    readiness,
    trustProxy: new TrustedProxies(options.trustedProxies ?? []),
    answerCacheSize: options.answerCacheSize,
  });

  const handle = app.callback();
  const server = createServer({
    headersTimeout: options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    requireHostHeader: false,
  }, handle);
  // Past the cap node closes a new connection at once: a flood of idle sockets cannot use up file
  // descriptors (and memory) that the clients already connected need.
  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  answerUnreadableRequests(server, logger);
  // An Expect other than 100-continue is ignored, as RFC 9110 §10.1.1 allows, instead of node's bare 417.
  server.on('checkExpectation', handle);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await services.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const listening = { url, keystore: redactUrl(keystoreUrl), version: pkg.version };
  if (options.clusterWorkers) logger.debug(listening, 'worker listening');
  else logger.info(listening, 'listening');

  let closing: Promise<void> | undefined;
  return {
    url, generatedAdminToken, logger, server,
    close: () => (closing ??= (async () => {
      readiness.stop();
      await closeGracefully(server);
      await services.close();
      logger.info('stopped');
      flushLogger(logger);
    })()),
  };
}
