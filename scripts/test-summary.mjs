// Prints vitest's totals as one plain line ("vitest: N passed, N failed, N skipped") so any CI
// log reader can count them; vitest's own summary is a table.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'test-output/vitest.json';
try {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
} catch (err) {
  console.log(`vitest: no report at ${file} (${err.message})`);
}
