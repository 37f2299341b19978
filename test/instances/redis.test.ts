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
    if (ids.length) await client.del(ids.flatMap((id) => [`vino::key:${id}`, `vino::used:${id}`]));
    await kv.close();
  },
}, up);
