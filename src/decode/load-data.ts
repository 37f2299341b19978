// Reads a generated JSON data file (src/generated/*.json, copied beside the compiled modules by
// `npm run build`). Read once at start-up; the text is dropped after parsing.
import { readFileSync } from 'node:fs';

export function loadGeneratedData<T>(url: URL): T {
  const { generated: _banner, ...table } = JSON.parse(readFileSync(url, 'utf8')) as { generated?: string } & Record<string, unknown>;
  return table as T;
}
