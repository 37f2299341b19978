// The storage under the key store: a Keyv instance on SQLite (default), Redis or PostgreSQL,
// chosen by URL. Every operation is bounded in time and every failure becomes a
// StoreUnavailableError, so callers decide between 503 and exit 1 without knowing the backend.
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Keyv from 'keyv';
import type KeyvSqlite from '@keyv/sqlite';
import { diagnoseDataFolder } from './data-folder.js';
import { StoreUnavailableError, StoreUrlError } from './store-errors.js';

export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  /** Every value in this store's namespace. */
  values<T>(): Promise<T[]>;
  /** Where rate-limit counters can live beside the keys, shared by every instance (Redis, PostgreSQL). */
  readonly sharedCounters: SharedCounters | undefined;
  /** Deletes everything in this store's namespace (and nothing outside it). */
  clear(): Promise<void>;
  close(): Promise<void>;
}

export interface KeyValueStoreOptions {
  /** Keeps separate deployments (and tests) apart inside one database. */
  namespace?: string;
  /** Longest any one operation may take before it counts as unavailable. */
  timeoutMs?: number;
  onError?: (error: unknown) => void;
}

/** A connection rate-limiter-flexible can count in: a Redis client, or a pg Pool-like client and its table. */
export type SharedCounters = { kind: 'redis'; client: unknown } | { kind: 'postgres'; client: unknown; table: string };

const TABLE = 'vino_keys';

export function sqliteUrlFor(dataDir: string): string {
  return `sqlite://${resolve(dataDir, 'vino.sqlite')}`;
}

/**
 * Makes the SQLite file (created empty here if new) and its -wal and -shm companions readable by
 * their owner only, whatever the folder's mode or the umask: a data folder that already existed
 * with 0755 (the Docker image's /data) left them 0644 (issue 12, finding 6). SQLite gives the
 * companions it creates the main file's mode.
 */
function ownerOnly(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    } catch (error) {
      // A companion that does not exist yet is created with the main file's mode.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** Only the adapter in use is loaded: the CLI starts faster without Redis and PostgreSQL clients. */
async function openAdapter(url: string, timeoutMs: number, onError: (error: unknown) => void): Promise<{ store: object; sharedCounters: SharedCounters | undefined }> {
  if (url.startsWith('sqlite://')) {
    const file = url.slice('sqlite://'.length);
    if (!file) throw new StoreUrlError('sqlite:// needs a file path, e.g. sqlite://./data/vino.sqlite');
    try {
      mkdirSync(dirname(resolve(file)), { recursive: true, mode: 0o700 });
      ownerOnly(resolve(file));
    } catch (error) {
      const cause = diagnoseDataFolder(resolve(file)) ?? (error instanceof Error ? error.message : String(error));
      throw new StoreUnavailableError(`cannot create the data folder ${dirname(resolve(file))}: ${cause}`, { cause: error });
    }
    const { default: KeyvSqlite } = await import('@keyv/sqlite');
    return { store: new KeyvSqlite({ uri: url, table: TABLE, busyTimeout: Math.max(100, timeoutMs - 250) }), sharedCounters: undefined };
  }
  if (url.startsWith('redis://') || url.startsWith('rediss://')) {
    const { default: KeyvRedis } = await import('@keyv/redis');
    // @keyv/redis 5 races its connect against a timer it never clears, which kept a one-shot
    // `vino keys list` alive for the whole connection timeout (3 s) after its work was done.
    // The same timer, unref'd, still bounds the connect but no longer holds the process open
    // (the method is private in its typings, hence the cast below).
    const unrefTimeout = (ms: number): Promise<never> =>
      new Promise((_, reject) => { setTimeout(() => reject(new Error(`Redis timed out after ${ms}ms`)), ms).unref(); });
    // Without the offline queue a command fails at once while Redis is down instead of hanging.
    const store = new KeyvRedis(
      { url, disableOfflineQueue: true, socket: { connectTimeout: timeoutMs, reconnectStrategy: (n: number) => Math.min(100 * 2 ** n, 2000) } },
      { throwOnConnectError: true, throwOnErrors: true, connectionTimeout: timeoutMs },
    );
    (store as unknown as { createTimeoutPromise: typeof unrefTimeout }).createTimeoutPromise = unrefTimeout;
    return { store, sharedCounters: { kind: 'redis', client: store.client } };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const { COUNTERS_TABLE, ResilientKeyvPostgres } = await import('./postgres-adapter.js');
    const store = new ResilientKeyvPostgres(url, TABLE, timeoutMs, onError);
    return { store, sharedCounters: { kind: 'postgres', client: store.counterClient(), table: COUNTERS_TABLE } };
  }
  throw new StoreUrlError(`unsupported key store URL (use sqlite://, redis:// or postgresql://): ${redactUrl(url)}`);
}

/**
 * A store URL with any password removed, fit for messages and logs. The WHATWG URL parser finds the
 * password (a regular expression stopped at the first `@` or `/` inside it and logged the rest);
 * where an unescaped `/`, `?` or `#` in a password ends the parser's authority early, an `@` is
 * left after the host, and everything before the last `@` is withheld instead.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)?.*@/i, (_, scheme: string | undefined) => `${scheme ?? ''}***@`);
  }
  if (`${parsed.pathname}${parsed.search}${parsed.hash}`.includes('@')) {
    return `${parsed.protocol}//***@${url.slice(url.lastIndexOf('@') + 1)}`;
  }
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

export async function openKeyValueStore(url: string, options: KeyValueStoreOptions = {}): Promise<KeyValueStore> {
  const timeoutMs = options.timeoutMs ?? 3000;
  const onError = options.onError ?? (() => {});
  const { store, sharedCounters } = await openAdapter(url, timeoutMs, onError);
  const keyv = new Keyv({ store: store as never, namespace: options.namespace ?? 'vino', throwOnErrors: true });
  keyv.on('error', onError);
  const sqliteFile = url.startsWith('sqlite://') ? resolve(url.slice('sqlite://'.length)) : undefined;
  // Only asked once an operation has failed: says what is wrong with the data folder, if anything.
  const explain = sqliteFile ? () => diagnoseDataFolder(sqliteFile) : () => undefined;
  const bounded = <T>(operation: () => Promise<T>, limitMs: number, what: string) => boundedOperation(operation, limitMs, what, explain);
  if (sqliteFile) {
    // WAL lets the CLI write while the server reads; it is a property of the file, set once.
    await bounded(() => (store as KeyvSqlite).query('PRAGMA journal_mode=WAL'), timeoutMs, `opening the key store ${sqliteFile}`);
  }

  let iterationErrors = 0;
  let lastError: unknown;
  keyv.on('error', (error: unknown) => { iterationErrors++; lastError = error; });

  return {
    sharedCounters,
    get: (key) => bounded(() => keyv.get(key), timeoutMs, 'reading the key store'),
    set: async (key, value) => {
      const ok = await bounded(() => keyv.set(key, value), timeoutMs, 'writing the key store');
      if (!ok) throw new StoreUnavailableError('the key store did not accept the write');
    },
    values: <T>() => bounded(async () => {
      if (!keyv.iterator) throw new StoreUrlError('this key store cannot list its entries');
      // Some adapters end an iteration early on error and only emit it: count errors to notice.
      const errorsBefore = iterationErrors;
      const out: T[] = [];
      for await (const [, value] of keyv.iterator(undefined)) out.push(value as T);
      // The cause (`database "x" does not exist`) is what an operator can act on; the server logs
      // it, and the CLI printed only "listing the key store failed" (issue 12, finding 13).
      if (iterationErrors !== errorsBefore) {
        const cause = lastError instanceof Error ? lastError.message : String(lastError);
        throw new StoreUnavailableError(`listing the key store failed: ${cause}`, { cause: lastError });
      }
      return out;
    }, timeoutMs * 4, 'listing the key store'),
    clear: () => bounded(() => keyv.clear(), timeoutMs, 'clearing the key store'),
    close: async () => {
      try { await keyv.disconnect(); } catch { /* closing a store that is already gone is fine */ }
    },
  };
}

async function boundedOperation<T>(operation: () => Promise<T>, timeoutMs: number, what: string, explain: () => string | undefined): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailableError(`${what} took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([operation(), timeout]);
  } catch (error) {
    if (error instanceof StoreUnavailableError || error instanceof StoreUrlError) throw error;
    const cause = [error instanceof Error ? error.message : String(error), explain()].filter(Boolean).join('; ');
    throw new StoreUnavailableError(`${what} failed: ${cause}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
