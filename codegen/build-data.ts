// Part of `npm run build`: compiles the tables that are built rather than committed. Two steps,
// each skipped when its outputs are newer than every input (its CSVs and every module the compile
// runs; test/codegen/build-data.test.ts holds the list to the imports):
// - the origin tables (wmi.json, plants.json, jdm-chassis.json), from the nine origin CSVs;
// - the vehicle tables (src/generated/vehicle/), from the six vehicle CSVs.
// Neither is committed: the CSVs they come from are, and a file every build makes from them cannot
// go stale, where committing it too would add a copy of a whole table (plants.json is 2.5 MB) to
// the repository's history at every curation commit. `npm run codegen` and `vino registry check`
// validate the rows; this only compiles them.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsv } from './read.js';
import { emitDataFiles } from './emit-tables.js';
import { emitVehicle, VEHICLE_DIR } from './emit-vehicle.js';
import { normalise } from './normalise.js';
import { normaliseVehicle } from './normalise-vehicle.js';
import { TABLES, type RegistryRows, type TableName } from './tables.js';

/** The modules the compile runs, this one included. */
export const COMPILER = [
  'codegen/banner.ts', 'codegen/build-data.ts', 'codegen/emit-tables.ts', 'codegen/emit-vehicle.ts', 'codegen/normalise-vehicle.ts',
  'codegen/normalise.ts', 'codegen/read.ts', 'codegen/tables.ts',
  'src/decode/alphabet.ts', 'src/decode/registry-data.ts', 'src/decode/table-shape.ts', 'src/decode/vehicle-data.ts',
  'src/decode/vehicle-elements.ts',
];

interface BuildStep {
  name: string;
  tables: readonly TableName[];
  /** Extra inputs beside the tables and the compiler. */
  files: readonly string[];
  outputs: readonly string[];
  emit(rows: RegistryRows, root: string): Promise<Map<string, string>>;
}

const tableFile = (name: TableName): string => TABLES.find((t) => t.name === name)!.file;

export const BUILD_STEPS: readonly BuildStep[] = [
  {
    name: 'origin tables',
    tables: ['country-codes', 'countries', 'wmi', 'wmi-corrections', 'plants', 'plant-city-corrections', 'plant-country-corrections', 'model-years', 'jdm-chassis'],
    files: ['registry/build.json'],
    outputs: ['src/generated/wmi.json', 'src/generated/plants.json', 'src/generated/jdm-chassis.json'],
    async emit(rows, root) {
      const { buildYear } = JSON.parse(await readFile(join(root, 'registry/build.json'), 'utf8'));
      return emitDataFiles(normalise(rows, buildYear));
    },
  },
  {
    name: 'vehicle tables',
    tables: ['vin-schemas', 'wmi-schemas', 'vehicle-patterns', 'vehicle-values', 'vehicle-models', 'engine-models'],
    files: [],
    outputs: [`${VEHICLE_DIR}/index.json`, `${VEHICLE_DIR}/schemas.jsonl`],
    emit: async (rows) => emitVehicle(normaliseVehicle(rows)),
  },
];

/** Everything a step's files are made from, relative to the project root. */
export const stepInputs = (step: BuildStep): string[] => [...step.tables.map(tableFile), ...step.files, ...COMPILER];

/** Whether every output of `step` under `root` is newer than every input (a missing file counts as stale). */
export async function upToDate(root: string, step: BuildStep): Promise<boolean> {
  const mtime = async (path: string): Promise<number> => (await stat(join(root, path)).catch(() => null))?.mtimeMs ?? -1;
  const newestInput = Math.max(...(await Promise.all(stepInputs(step).map(mtime))));
  const outputs = await Promise.all(step.outputs.map(mtime));
  return !outputs.includes(-1) && Math.min(...outputs) > newestInput;
}

async function build(root: string, step: BuildStep): Promise<void> {
  if (await upToDate(root, step)) {
    process.stdout.write(`${step.name} up to date\n`);
    return;
  }
  const rows = {} as RegistryRows;
  for (const name of step.tables) {
    const file = tableFile(name);
    const parsed = parseCsv(file, await readFile(join(root, file), 'utf8'));
    if (parsed.problems.length > 0) throw new Error(`${file} cannot be read: run npx vino registry check`);
    rows[name] = parsed.rows;
  }
  const files = await step.emit(rows, root);
  for (const [path, content] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  process.stdout.write(`compiled the ${step.name} from ${step.tables.map((t) => `${rows[t].length} ${t}`).join(', ')}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  for (const step of BUILD_STEPS) await build(root, step);
}
