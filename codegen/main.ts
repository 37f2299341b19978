// `npm run codegen`: regenerate src/generated/ from registry/ and schemas/, or report every bad row.
import { writeFile, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from './compile.js';
import { formatProblem } from './tables.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const result = await compile(root);
if (result.problems.length > 0) {
  for (const p of result.problems) process.stderr.write(formatProblem(p) + '\n');
  process.stderr.write(`${result.problems.length} problem(s); nothing generated\n`);
  process.exit(1);
}
for (const [path, content] of [...result.files, ...result.vehicleFiles]) {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), content);
}
process.stdout.write(`generated ${result.files.size} files from ${Object.entries(result.rowCounts).map(([t, n]) => `${n} ${t}`).join(', ')}\n`);
