import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'codegen/**/*.test.ts', 'ui/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One file at a time: the server, soak, crash and multi-instance suites start processes, bind
    // ports and assert latencies and propagation times, which a neighbouring file on a 2-core
    // machine would make flaky. The whole suite still runs in a few minutes.
    fileParallelism: false,
  },
});
