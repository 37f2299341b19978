import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first: most of their time is spent waiting (a 45 s soak at a
 * steady rate, key caches expiring on several instances, Chromium, child processes), so started
 * first they overlap everything else instead of starting last and holding the whole run up.
 */
const LONGEST_FIRST = [
  'test/soak/soak.test.ts',
  'test/instances/redis.test.ts',
  'test/instances/postgres.test.ts',
  'test/cli/decode.test.ts',
  'test/package/packed-library.test.ts',
  'test/ui/vin-origin-decoder.test.ts',
  'test/codegen/generated-up-to-date.test.ts',
  'test/keys/cli.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'codegen/**/*.test.ts', 'ui/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two workers per core: much of the suite waits on child processes, servers and Chromium.
    maxWorkers: 2 * availableParallelism(),
    // A worker runs file after file in one process with its module cache kept, instead of a fresh
    // process per file importing the server and the registry again (half a second of CPU each).
    // Each file still starts its own servers on free ports with their own data folders and stores.
    isolate: false,
    sequence: { sequencer: LongestFirst },
  },
});
