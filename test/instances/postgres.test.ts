// Two `vino serve` processes on one PostgreSQL: keys, revocation within 10 s, one rate-limit budget,
// and a database that goes away and comes back (see shared-store.ts). The suite works in a database
// of its own, created here and dropped afterwards, so the shared server keeps nothing of it.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { POSTGRES_URL } from '../keys/probe.js';
import { serviceAvailable } from './services.js';
import { describeSharedStore } from './shared-store.js';

interface PgClient { connect(): Promise<void>; query(sql: string): Promise<unknown>; end(): Promise<void> }
const { Client } = createRequire(import.meta.url)('pg') as { Client: new (config: object) => PgClient };

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try { await client.query(sql); } finally { await client.end(); }
}

const up = await serviceAvailable('test/instances/postgres', 'PostgreSQL', POSTGRES_URL, 5432);
const database = `vino_instances_${randomBytes(6).toString('hex')}`;
const url = new URL(POSTGRES_URL);
url.pathname = `/${database}`;
if (up) await onServer(`CREATE DATABASE ${database}`);

describeSharedStore({
  name: 'PostgreSQL',
  url: url.toString(),
  cleanUp: () => onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
}, up);
