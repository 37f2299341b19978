// Two `vino serve` processes on one Redis: keys, revocation within 10 s, one rate-limit budget, and
// a Redis that goes away and comes back (see shared-store.ts).
import { openKeyValueStore } from '../../src/keys/kv-store.js';
import { REDIS_URL } from '../keys/probe.js';
import { serviceAvailable } from './services.js';
import { describeSharedStore } from './shared-store.js';

const up = await serviceAvailable('test/instances/redis', 'Redis', REDIS_URL, 6379);

describeSharedStore({
  name: 'Redis',
  url: REDIS_URL,
  // `vino serve` uses the default namespace; only the keys this suite made are removed.
  cleanUp: async (ids) => {
    const kv = await openKeyValueStore(REDIS_URL, { namespace: 'vino' });
    const client = (kv.sharedCounters as { client: { del(keys: string[]): Promise<number> } }).client;
    await kv.get('ping'); // connects
    // Keyv prefixes its namespace, and @keyv/redis prefixes it again with its own separator.
    const deleted = ids.length ? await client.del(ids.flatMap((id) => [`vino::vino:key:${id}`, `vino::vino:used:${id}`])) : 0;
    await kv.close();
    if (deleted < ids.length) throw new Error(`removed ${deleted} records for ${ids.length} keys: has the key format changed?`);
  },
}, up);
