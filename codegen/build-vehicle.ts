// Part of `npm run build`: compiles the vehicle CSVs into src/generated/vehicle/ (not committed;
// see emit-vehicle.ts). Reads only the six vehicle tables and skips the work when the output is
// newer than every input. `npm run codegen` and `vino registry check` validate the rows; this
// only compiles them.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsv } from './read.js';
import { emitVehicle, VEHICLE_DIR } from './emit-vehicle.js';
import { normaliseVehicle } from './normalise-vehicle.js';
import { TABLES, type RegistryRows } from './tables.js';

const VEHICLE_TABLES = ['vin-schemas', 'wmi-schemas', 'vehicle-patterns', 'vehicle-values', 'vehicle-models', 'engine-models'] as const;
const COMPILER = ['codegen/build-vehicle.ts', 'codegen/emit-vehicle.ts', 'codegen/normalise-vehicle.ts', 'src/decode/vehicle-elements.ts', 'src/decode/vehicle-data.ts'];

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mtime = async (path: string): Promise<number> => (await stat(join(root, path)).catch(() => null))?.mtimeMs ?? -1;

const inputs = [...VEHICLE_TABLES.map((t) => TABLES.find((x) => x.name === t)!.file), ...COMPILER];
const outputs = [`${VEHICLE_DIR}/index.json`, `${VEHICLE_DIR}/schemas.jsonl`];
const newestInput = Math.max(...(await Promise.all(inputs.map(mtime))));
const oldestOutput = Math.min(...(await Promise.all(outputs.map(mtime))));
if (oldestOutput > newestInput) {
  process.stdout.write(`vehicle tables up to date in ${VEHICLE_DIR}\n`);
} else {
  const rows = {} as RegistryRows;
  for (const name of VEHICLE_TABLES) {
    const file = TABLES.find((t) => t.name === name)!.file;
    const parsed = parseCsv(file, await readFile(join(root, file), 'utf8'));
    if (parsed.problems.length > 0) throw new Error(`${file} cannot be read: run npx vino registry check`);
    rows[name] = parsed.rows;
  }
  const files = emitVehicle(normaliseVehicle(rows));
  for (const [path, content] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  process.stdout.write(`compiled ${rows['vehicle-patterns'].length} vehicle patterns into ${VEHICLE_DIR}\n`);
}
