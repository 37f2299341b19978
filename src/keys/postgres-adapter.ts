// @keyv/postgres shares one module-wide pg.Pool that has no 'error' listener, so a PostgreSQL
// restart would crash the process through an unhandled 'error' event. This adapter gives each
// store its own pool with a listener, bounded timeouts, and re-creates the table when a database
// that was down at start-up comes back empty. Rate-limit counters get a pool of their own in the
// same database, so every instance counts one budget and counting never waits behind key lookups.
import { createRequire } from 'node:module';
import KeyvPostgres from '@keyv/postgres';

interface PgQuery { text: string; values?: unknown[]; name?: string }
interface PgPool {
  query(sql: string | PgQuery, values?: unknown[]): Promise<{ rows: unknown[] }>;
  on(event: 'error', listener: (error: Error) => void): void;
  end(): Promise<void>;
}
interface PgError { code?: string }

// pg comes with @keyv/postgres and ships no types of its own; only Pool is used.
const { Pool } = createRequire(import.meta.url)('pg') as { Pool: new (config: object) => PgPool };

const UNDEFINED_TABLE = '42P01';
/** Two instances creating a table at once: one of them sees a duplicate, and the table is there. */
const CREATED_CONCURRENTLY = new Set(['23505', '42P07']);

/** The table rate-limiter-flexible's RateLimiterPostgres counts in, with the columns it expects. */
export const COUNTERS_TABLE = 'vino_rate_limits';
const CREATE_COUNTERS_TABLE = `CREATE TABLE IF NOT EXISTS ${COUNTERS_TABLE}(key VARCHAR(255) PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire BIGINT)`;

/** Runs a query, creating its table first when a database that was down (or new) lacks it. */
async function queryCreatingTable(pool: PgPool, createTable: string, query: string | PgQuery, values?: unknown[]): Promise<{ rows: unknown[] }> {
  try {
    return await pool.query(query, values);
  } catch (error) {
    if ((error as PgError).code !== UNDEFINED_TABLE) throw error;
    await pool.query(createTable).catch((createError: PgError) => {
      if (!CREATED_CONCURRENTLY.has(createError.code ?? '')) throw createError;
    });
    return pool.query(query, values);
  }
}

export class ResilientKeyvPostgres extends KeyvPostgres {
  declare private pool: PgPool | undefined;
  declare private countersPool: PgPool | undefined;
  declare private onPoolError: (error: Error) => void;

  constructor(uri: string, table: string, timeoutMs: number, onPoolError: (error: Error) => void) {
    super({ uri, table, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, max: 4 });
    this.onPoolError = onPoolError;
  }

  override async connect(): Promise<(sql: string, values?: unknown[]) => Promise<any[]>> {
    const createTable = `CREATE TABLE IF NOT EXISTS ${this.opts.schema}.${this.opts.table}(key VARCHAR(${Number(this.opts.keySize)}) PRIMARY KEY, value TEXT)`;
    return async (sql, values) => (await queryCreatingTable(this.pool ??= this.newPool(), createTable, sql, values)).rows;
  }

  /** A pg client for rate-limiter-flexible's RateLimiterPostgres (storeType 'pool'), on a pool of its own. */
  counterClient(): { query(query: PgQuery): Promise<unknown> } {
    return { query: (query) => queryCreatingTable(this.countersPool ??= this.newPool(), CREATE_COUNTERS_TABLE, query) };
  }

  override async disconnect(): Promise<void> {
    const pools = [this.pool, this.countersPool];
    this.pool = undefined;
    this.countersPool = undefined;
    await Promise.all(pools.map((pool) => pool?.end()));
  }

  private newPool(): PgPool {
    const pool = new Pool({ connectionString: this.opts.uri, ...this.poolOptions() });
    // An idle connection that breaks is not worth a crash: the next query reconnects.
    pool.on('error', (error) => this.onPoolError?.(error));
    return pool;
  }

  private poolOptions(): object {
    const { connectionTimeoutMillis, query_timeout, max } = this.opts as Record<string, unknown>;
    return { connectionTimeoutMillis, query_timeout, max };
  }
}
