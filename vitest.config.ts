import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest in a full run, longest first (measured in one on this 2-core
 * machine): started first, none of them starts last and holds the whole run up. Much of their
 * time is spent waiting (a 45 s soak at a steady rate, key caches expiring on several instances,
 * Chromium, child processes), which the files beside them fill.
 */
const LONGEST_FIRST = [
  'test/soak/soak.test.ts',
  'test/keys/cli.test.ts',
  'test/hostile/memory.test.ts',
  'test/instances/redis.test.ts',
  'test/codegen/generated-up-to-date.test.ts',
  'test/cli/decode.test.ts',
  'test/instances/postgres.test.ts',
  'test/ui/vin-origin-decoder.test.ts',
  'test/package/packed-library.test.ts',
  'test/cli/json-line.test.ts',
  'test/crash/unwritable-data.test.ts',
  'test/crash/kill-during-key-creation.test.ts',
  'test/instances/workers.test.ts',
  'test/instances/haproxy.test.ts',
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
    // Guards against a hang, not speed figures (tests that promise a duration assert it): with the
    // files sharing two cores, a test that compiles or starts processes took up to 22 s of 30.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One worker per core for the suites that compute, and three more for the long ones that
    // mostly wait (the soak, key caches expiring, Chromium), which start first.
    maxWorkers: availableParallelism() + 3,
    // A worker runs file after file in one process with its module cache kept, instead of a fresh
    // process per file importing the server and the registry again (half a second of CPU each).
    // Each file still starts its own servers on free ports with their own data folders and stores.
    isolate: false,
    sequence: { sequencer: LongestFirst },
  },
});
