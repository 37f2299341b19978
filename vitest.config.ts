import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'codegen/**/*.test.ts', 'ui/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Server, key-store and browser suites bind ports and files; two workers suit a 2-core machine.
    maxWorkers: 2,
  },
});
