// Reads a generated JSON data file (src/generated/*.json, built by `npm run build` and copied
// beside the compiled modules) and checks it against the shape its type claims (table-shape.ts)
// before anyone uses it: a file that is not what codegen writes (hand-edited, truncated, from
// another version) fails at start-up naming the file and the first thing wrong, instead of
// decoding into wrong answers. Read once at start-up; the text is dropped after parsing.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ShapeError } from './table-shape.js';

export { JDM_TABLE, PLANT_GROUPS, WMI_TABLE } from './table-shape.js';

export function loadGeneratedData<T>(url: URL, check: (value: Record<string, unknown>) => T): T {
  const file = fileURLToPath(url);
  try {
    const parsed: unknown = JSON.parse(readFileSync(url, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ShapeError('it is not a JSON object');
    return check(parsed as Record<string, unknown>);
  } catch (err) {
    const what = err instanceof ShapeError ? `is not what codegen writes: ${err.message}` : `cannot be read (${(err as Error).message})`;
    throw new Error(`${file} ${what}: run npm run build`);
  }
}
