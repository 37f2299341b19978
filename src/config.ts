// Configuration shared by `vino serve`, `vino keys` and `vino admin-token`: flags override
// environment variables, which override defaults that work on a fresh machine (DESIGN.md).
import { availableParallelism, homedir, platform } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { MIN_ADMIN_TOKEN_LENGTH } from './keys/admin-token.js';
import { sqliteUrlFor } from './keys/kv-store.js';
import { MAX_SECRET_LENGTH } from './keys/secret-format.js';
import { parseTrustedProxies } from './server/trusted-proxies.js';

export interface VinoConfig {
  host: string;
  port: number;
  dataDir: string;
  keystoreUrl: string;
  /** VINO_ADMIN_TOKEN; undefined means generated at first start and stored hashed. */
  adminToken: string | undefined;
  /** Origins allowed to call the API from a browser (pages embedding the component). */
  corsOrigins: string[];
  /** Requests per minute per client address on the open endpoints; 0 = no limit. */
  rateLimitOpen: number;
  /** Requests per minute per API key on the secure endpoints; 0 = no limit. */
  rateLimitKey: number;
  /**
   * Failed authentications (no key, or one not accepted) per minute per client address on the
   * secure endpoints, after which the address's secure requests are refused for the rest of the
   * minute, even with a good key; 0 = no limit.
   */
  rateLimitBadKey: number;
  workers: number;
  /** Most connections one process keeps open at once; more are closed on arrival. */
  maxConnections: number;
  /** Addresses or CIDR ranges of the proxies whose X-Forwarded-For names the client; empty = none. */
  trustedProxies: string[];
  logLevel: string;
}

export interface ConfigFlags {
  host?: string;
  port?: string | number;
  dataDir?: string;
  keystore?: string;
  workers?: string | number;
}

/** Under the common 4,096 open-file limit with room for the store, logs and the listening socket. */
export const DEFAULT_MAX_CONNECTIONS = 2048;
export const DEFAULT_RATE_LIMIT_OPEN = 900;
export const DEFAULT_RATE_LIMIT_KEY = 6000;
/**
 * An integration that sends a wrong or revoked key stops at the first 401 or retries a few times;
 * 20 a minute leaves room for that and for someone pasting keys by hand, while an address trying
 * keys (or flooding the store with lookups of unknown ones) gets 20 lookups a minute, not thousands.
 */
export const DEFAULT_RATE_LIMIT_BAD_KEY = 20;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** A setting with a value vino cannot use; the CLI reports it as bad usage (exit 2). */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * `flags` are the command's options, each already its flag or else its variable (commander's
 * Option.env(): VINO_HOST, VINO_PORT, VINO_DATA_DIR, VINO_KEYSTORE_URL, VINO_WORKERS); the settings
 * that have no flag come from `env`. An empty value counts as unset.
 */
export function resolveConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env): VinoConfig {
  const pick = (flag: string | number | undefined): string | undefined => (flag === undefined ? undefined : nonEmpty(String(flag)));
  const dataDir = pick(flags.dataDir) ?? defaultDataDir(env);
  const logLevel = nonEmpty(env.VINO_LOG_LEVEL) ?? 'info';
  const adminToken = nonEmpty(env.VINO_ADMIN_TOKEN);
  if (adminToken !== undefined && (adminToken.length < MIN_ADMIN_TOKEN_LENGTH || adminToken.length > MAX_SECRET_LENGTH)) {
    throw new ConfigError(`VINO_ADMIN_TOKEN must be ${MIN_ADMIN_TOKEN_LENGTH} to ${MAX_SECRET_LENGTH} characters long`);
  }
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`VINO_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return {
    host: pick(flags.host) ?? '127.0.0.1',
    port: integer(pick(flags.port) ?? '8080', 'port', 0, 65535),
    dataDir,
    keystoreUrl: pick(flags.keystore) ?? sqliteUrlFor(dataDir),
    adminToken,
    corsOrigins: parseOrigins(env.VINO_CORS_ORIGINS ?? ''),
    rateLimitOpen: integer(nonEmpty(env.VINO_RATE_LIMIT_OPEN) ?? String(DEFAULT_RATE_LIMIT_OPEN), 'VINO_RATE_LIMIT_OPEN', 0, 1e9),
    rateLimitKey: integer(nonEmpty(env.VINO_RATE_LIMIT_KEY) ?? String(DEFAULT_RATE_LIMIT_KEY), 'VINO_RATE_LIMIT_KEY', 0, 1e9),
    rateLimitBadKey: integer(nonEmpty(env.VINO_RATE_LIMIT_BAD_KEY) ?? String(DEFAULT_RATE_LIMIT_BAD_KEY), 'VINO_RATE_LIMIT_BAD_KEY', 0, 1e9),
    workers: workerCount(pick(flags.workers) ?? '1'),
    maxConnections: integer(nonEmpty(env.VINO_MAX_CONNECTIONS) ?? String(DEFAULT_MAX_CONNECTIONS), 'VINO_MAX_CONNECTIONS', 1, 1e6),
    trustedProxies: trustedProxies(env.VINO_TRUST_PROXY ?? ''),
    logLevel,
  };
}

function trustedProxies(text: string): string[] {
  if (/^\s*(1|true|yes)\s*$/i.test(text)) {
    throw new ConfigError('VINO_TRUST_PROXY takes the addresses of your proxies (e.g. 10.0.0.0/8 or 127.0.0.1), not a switch: with a switch, any client could set its own address');
  }
  try {
    return parseTrustedProxies(text);
  } catch (error) {
    throw new ConfigError(`VINO_TRUST_PROXY: ${(error as Error).message}`);
  }
}

/**
 * The data folder when none is set: the user's data folder for the platform, the same from any
 * working folder. `./data` made `vino keys create` in one folder and `vino serve` in another use two
 * stores without a word (issue 12, finding 12). The container image sets VINO_DATA_DIR=/data.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, os: string = platform(), home: string = homedir()): string {
  if (os === 'win32') return join(nonEmpty(env.LOCALAPPDATA) ?? join(home, 'AppData', 'Local'), 'vino');
  if (os === 'darwin') return join(home, 'Library', 'Application Support', 'vino');
  // XDG Base Directory: a relative XDG_DATA_HOME is invalid and is ignored.
  const xdg = nonEmpty(env.XDG_DATA_HOME);
  return join(xdg !== undefined && isAbsolute(xdg) ? xdg : join(home, '.local', 'share'), 'vino');
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function integer(text: string, name: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  return value;
}

function workerCount(text: string): number {
  return text === 'auto' ? availableParallelism() : integer(text, 'workers', 1, 256);
}

/** `https://a.example, http://localhost:5173` → normalised origins; `*` allows any origin. */
export function parseOrigins(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean).map((entry) => {
    if (entry === '*') return entry;
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ConfigError(`VINO_CORS_ORIGINS: "${entry}" is not an origin such as https://example.com`);
    }
    if (url.origin === 'null' || url.pathname !== '/' || url.search || url.hash) {
      throw new ConfigError(`VINO_CORS_ORIGINS: "${entry}" is not an origin such as https://example.com`);
    }
    return url.origin;
  });
}
