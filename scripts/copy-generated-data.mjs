// Part of `npm run build`: tsc compiles src/generated/*.ts but does not copy the JSON data files
// they read, so this puts them beside the compiled modules in dist/.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';

const from = new URL('../src/generated/', import.meta.url);
const to = new URL('../dist/src/generated/', import.meta.url);
mkdirSync(to, { recursive: true });
for (const file of readdirSync(from).filter((f) => f.endsWith('.json'))) copyFileSync(new URL(file, from), new URL(file, to));
