// @keyv/postgres shares one module-wide pg.Pool that has no 'error' listener, so a PostgreSQL
// restart would crash the process through an unhandled 'error' event. This adapter gives each
// store its own pool with a listener, bounded timeouts, and re-creates the table when a database
// that was down at start-up comes back empty.
import { createRequire } from 'node:module';
import KeyvPostgres from '@keyv/postgres';

interface PgPool {
  query(sql: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  on(event: 'error', listener: (error: Error) => void): void;
  end(): Promise<void>;
}
interface PgError { code?: string }

// pg comes with @keyv/postgres and ships no types of its own; only Pool is used.
const { Pool } = createRequire(import.meta.url)('pg') as { Pool: new (config: object) => PgPool };

const UNDEFINED_TABLE = '42P01';

export class ResilientKeyvPostgres extends KeyvPostgres {
  declare private pool: PgPool | undefined;
  declare private onPoolError: (error: Error) => void;

  constructor(uri: string, table: string, timeoutMs: number, onPoolError: (error: Error) => void) {
    super({ uri, table, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, max: 4 });
    this.onPoolError = onPoolError;
  }

  override async connect(): Promise<(sql: string, values?: unknown[]) => Promise<any[]>> {
    const createTable = `CREATE TABLE IF NOT EXISTS ${this.opts.schema}.${this.opts.table}(key VARCHAR(${Number(this.opts.keySize)}) PRIMARY KEY, value TEXT)`;
    return async (sql, values) => {
      const pool = this.getPool();
      try {
        return (await pool.query(sql, values)).rows;
      } catch (error) {
        if ((error as PgError).code !== UNDEFINED_TABLE) throw error;
        await pool.query(createTable);
        return (await pool.query(sql, values)).rows;
      }
    };
  }

  override async disconnect(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.end();
  }

  private getPool(): PgPool {
    if (!this.pool) {
      this.pool = new Pool({ connectionString: this.opts.uri, ...this.poolOptions() });
      // An idle connection that breaks is not worth a crash: the next query reconnects.
      this.pool.on('error', (error) => this.onPoolError?.(error));
    }
    return this.pool;
  }

  private poolOptions(): object {
    const { connectionTimeoutMillis, query_timeout, max } = this.opts as Record<string, unknown>;
    return { connectionTimeoutMillis, query_timeout, max };
  }
}
