// codegen in one straight line: read → validate → normalise → emit (see ARCHITECTURE.md).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readRegistry } from './read.js';
import { validateRegistry } from './validate.js';
import { CROSS_ROW_RULES, STEWARD_RULES } from './rules.js';
import { normalise } from './normalise.js';
import { emitTables } from './emit-tables.js';
import { emitVehicle } from './emit-vehicle.js';
import { normaliseVehicle } from './normalise-vehicle.js';
import { emitOpenApi } from './emit-openapi.js';
import type { RegistryProblem } from './tables.js';

export interface CheckResult {
  problems: RegistryProblem[];
  rowCounts: Record<string, number>;
}

export interface CompileResult extends CheckResult {
  /** Generated file (path relative to root) → content; empty when there are problems. */
  files: Map<string, string>;
  /**
   * The compiled vehicle tables (src/generated/vehicle/): built by `npm run build` and not
   * committed, as they would double what the vehicle CSVs add to the repository.
   */
  vehicleFiles: Map<string, string>;
}

async function readBuildYear(root: string, problems: RegistryProblem[]): Promise<number> {
  const file = 'registry/build.json';
  try {
    const { buildYear } = JSON.parse(await readFile(join(root, file), 'utf8'));
    if (Number.isInteger(buildYear) && buildYear >= 1981 && buildYear <= 2099) return buildYear;
    problems.push({ file, line: 1, column: 'buildYear', message: 'must be a year between 1981 and 2099' });
  } catch (err) {
    problems.push({ file, line: 1, column: '-', message: `cannot be read: ${(err as Error).message}` });
  }
  return 0;
}

/** Reads and validates the registry without generating anything (`vino registry check`). */
export interface CheckOptions {
  /** Also hold the files to the importer's row order (`vino registry check`; codegen does not need it). */
  stewardRules?: boolean;
}

export async function checkRegistry(root: string, { stewardRules = false }: CheckOptions = {}): Promise<CheckResult & { data?: ReturnType<typeof normalise>; rows?: Awaited<ReturnType<typeof readRegistry>>['rows'] }> {
  const { rows, headers, problems } = await readRegistry(root);
  const buildYear = await readBuildYear(root, problems);
  problems.push(...validateRegistry(root, rows, headers, stewardRules ? [...CROSS_ROW_RULES, ...STEWARD_RULES] : CROSS_ROW_RULES));
  const rowCounts = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, v.length]));
  if (problems.length > 0) return { problems, rowCounts };
  return { problems, rowCounts, data: normalise(rows, buildYear), rows };
}

export interface CompileOptions {
  /**
   * Compile the vehicle tables too (default). A caller that only compares the committed files
   * leaves them out: they take a third of the compile and are not committed.
   */
  vehicleTables?: boolean;
}

export async function compile(root: string, { vehicleTables = true }: CompileOptions = {}): Promise<CompileResult> {
  const checked = await checkRegistry(root);
  if (!checked.data || !checked.rows) return { problems: checked.problems, rowCounts: checked.rowCounts, files: new Map(), vehicleFiles: new Map() };
  const files = emitTables(checked.data);
  const vehicleFiles = vehicleTables ? emitVehicle(normaliseVehicle(checked.rows)) : new Map<string, string>();
  // json-schema-to-typescript is a build-time tool: load it only when generating.
  const { emitContractTypes } = await import('./emit-types.js');
  files.set('src/generated/contract.ts', await emitContractTypes(root));
  files.set('src/generated/openapi.json', await emitOpenApi(root));
  return { problems: [], rowCounts: checked.rowCounts, files, vehicleFiles };
}
