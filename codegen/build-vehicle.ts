// Part of `npm run build`: compiles the vehicle CSVs into src/generated/vehicle/ (not committed;
// see emit-vehicle.ts). Reads only the six vehicle tables and skips the work when the output is
// newer than every input: the tables and every module the compile runs (test/codegen/
// build-vehicle.test.ts holds the list to the imports). `npm run codegen` and `vino registry
// check` validate the rows; this only compiles them.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsv } from './read.js';
import { emitVehicle, VEHICLE_DIR } from './emit-vehicle.js';
import { normaliseVehicle } from './normalise-vehicle.js';
import { TABLES, type RegistryRows } from './tables.js';

const VEHICLE_TABLES = ['vin-schemas', 'wmi-schemas', 'vehicle-patterns', 'vehicle-values', 'vehicle-models', 'engine-models'] as const;
/** The modules the compile runs, this one included. */
export const COMPILER = [
  'codegen/build-vehicle.ts', 'codegen/read.ts', 'codegen/tables.ts', 'codegen/normalise-vehicle.ts', 'codegen/emit-vehicle.ts',
  'src/decode/vehicle-elements.ts', 'src/decode/vehicle-data.ts',
];
/** Everything the vehicle tables are made from, relative to the project root. */
export const VEHICLE_INPUTS = [...VEHICLE_TABLES.map((t) => TABLES.find((x) => x.name === t)!.file), ...COMPILER];
const OUTPUTS = [`${VEHICLE_DIR}/index.json`, `${VEHICLE_DIR}/schemas.jsonl`];

/** Whether every output under `root` is newer than every input (a missing file counts as stale). */
export async function vehicleTablesUpToDate(root: string): Promise<boolean> {
  const mtime = async (path: string): Promise<number> => (await stat(join(root, path)).catch(() => null))?.mtimeMs ?? -1;
  const newestInput = Math.max(...(await Promise.all(VEHICLE_INPUTS.map(mtime))));
  const outputs = await Promise.all(OUTPUTS.map(mtime));
  return !outputs.includes(-1) && Math.min(...outputs) > newestInput;
}

async function buildVehicleTables(root: string): Promise<void> {
  if (await vehicleTablesUpToDate(root)) {
    process.stdout.write(`vehicle tables up to date in ${VEHICLE_DIR}\n`);
    return;
  }
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

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await buildVehicleTables(resolve(dirname(fileURLToPath(import.meta.url)), '..'));
}
