// Phase 4: write each table for the decoder. The large tables (WMIs, plants, JDM model codes)
// are JSON data files read once at run time beside a small typed module: a JSON file is parsed
// and its text dropped, where a module's source stays in memory for the life of the process
// (about 12 MB for these tables). Plants are grouped per WMI and parsed on first use. The
// typed modules keep the generated output type-checked. The modules are committed; the data files
// are built by `npm run build` (build-data.ts), not committed.
import type { GroupedTable, PlantTuple, RegistryData } from '../src/decode/registry-data.js';
import { encodePlantGroup } from '../src/decode/registry-data.js';
import { banner } from './banner.js';

/** A value as a TypeScript literal: the compiler checks it against the type it is declared with. */
const literal = (value: unknown): string => JSON.stringify(value);

/** The note a JSON data file carries where a module would carry its banner. */
function dataFile(csv: string, table: object): string {
  return JSON.stringify({ generated: `GENERATED FILE from ${csv}: do not edit by hand; regenerate with npm run codegen`, ...table }) + '\n';
}

/** The typed module beside a data file: it loads the file through `check`, which proves its shape. */
function dataModule(csv: string, exportName: string, tableType: string, tupleType: string, json: string, check: string): string {
  return [
    banner([csv]),
    `import { loadGeneratedData, ${check} } from '../decode/load-data.js';`,
    `import type { ${tableType}, ${tupleType} } from '../decode/registry-data.js';`,
    '',
    `export const ${exportName}: ${tableType}<${tupleType}> = loadGeneratedData(new URL('./${json}', import.meta.url), ${check});`,
    '',
  ].join('\n');
}

function groupByWmi(table: RegistryData['plants']): GroupedTable<PlantTuple> {
  if ('groups' in table) return table;
  const groups: Record<string, PlantTuple[]> = {};
  for (const row of table.rows) (groups[row[0]] ??= []).push(row);
  return { sources: table.sources, groups: Object.fromEntries(Object.entries(groups).map(([wmi, rows]) => [wmi, encodePlantGroup(rows)])) };
}

/** Generated file path (relative to the project root) → content. */
export function emitTables(data: RegistryData): Map<string, string> {
  const files = new Map<string, string>();
  files.set('src/generated/countries.ts', [
    banner(['registry/country-codes.csv', 'registry/countries.csv', 'registry/build.json']),
    `import type { CountryCodeTuple, Iso3780Tuple, SourcedTable } from '../decode/registry-data.js';`,
    '',
    `export const BUILD_YEAR = ${data.buildYear};`,
    `export const COUNTRY_CODES: readonly CountryCodeTuple[] = ${literal(data.countryCodes)};`,
    `export const ISO_3780: SourcedTable<Iso3780Tuple> = ${literal(data.iso3780)};`,
    '',
  ].join('\n'));
  files.set('src/generated/model-years.ts', [
    banner(['registry/model-years.csv']),
    `import type { ModelYearTuple, SourcedTable } from '../decode/registry-data.js';`,
    '',
    `export const MODEL_YEARS: SourcedTable<ModelYearTuple> = ${literal(data.modelYears)};`,
    '',
  ].join('\n'));
  files.set('src/generated/wmi.ts', dataModule('registry/wmi.csv', 'WMI', 'SourcedTable', 'WmiTuple', 'wmi.json', 'WMI_TABLE'));
  files.set('src/generated/plants.ts', dataModule('registry/plants.csv', 'PLANTS', 'GroupedTable', 'PlantTuple', 'plants.json', 'PLANT_GROUPS'));
  files.set('src/generated/jdm-chassis.ts', dataModule('registry/jdm-chassis.csv', 'JDM_CHASSIS', 'SourcedTable', 'JdmTuple', 'jdm-chassis.json', 'JDM_TABLE'));
  for (const [path, content] of emitDataFiles(data)) files.set(path, content);
  return files;
}

/** The JSON data files the typed modules read: built by `npm run build`, not committed. */
export function emitDataFiles(data: RegistryData): Map<string, string> {
  return new Map([
    ['src/generated/wmi.json', dataFile('registry/wmi.csv', data.wmi)],
    ['src/generated/plants.json', dataFile('registry/plants.csv', groupByWmi(data.plants))],
    ['src/generated/jdm-chassis.json', dataFile('registry/jdm-chassis.csv', data.jdm)],
  ]);
}

