import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Suites that start several processes, drive a server at a steady rate or assert how long something
 * takes (a revocation reaching every worker, a soak's p99, memory staying level, a shutdown that
 * waits for requests in flight): on a 2-core machine a neighbouring file would make them measure
 * their neighbour. They run one file at a time, after everything else.
 */
const TIMING_SENSITIVE = [
  'test/soak/**/*.test.ts',
  'test/crash/**/*.test.ts',
  'test/instances/**/*.test.ts',
  'test/e2e/**/*.test.ts',
  'test/hostile/memory.test.ts',
  'test/keys/cli.test.ts',
  'test/server/serve-command.test.ts',
  'test/server/lifecycle.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // Everything else runs in parallel: each file has its own servers on free ports, its own
        // temporary data folders and its own key store. Vitest's default is one worker fewer than
        // the cores, which on 2 cores is one: no parallelism at all; one per core instead. (Three on
        // 2 cores gained nothing on a busy machine and pushed a heavy file past its timeout.)
        test: {
          name: 'parallel',
          maxWorkers: availableParallelism(),
          include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'codegen/**/*.test.ts', 'ui/**/*.test.ts'],
          exclude: TIMING_SENSITIVE,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'timing-sensitive', include: TIMING_SENSITIVE, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
