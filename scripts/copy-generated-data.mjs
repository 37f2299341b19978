// Part of `npm run build`: tsc compiles src/generated/*.ts but does not copy the JSON data files
// they read, nor the vehicle tables, which codegen/build-data.ts compiles (as it does
// the data files) into src/generated/vehicle/, so this puts them beside the compiled modules in dist/.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';

for (const dir of ['', 'vehicle/']) {
  const from = new URL(`../src/generated/${dir}`, import.meta.url);
  const to = new URL(`../dist/src/generated/${dir}`, import.meta.url);
  mkdirSync(to, { recursive: true });
  for (const file of readdirSync(from).filter((f) => f.endsWith('.json') || f.endsWith('.jsonl'))) copyFileSync(new URL(file, from), new URL(file, to));
}
