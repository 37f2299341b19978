// Phase 4: write each table as a TypeScript module. The rows travel as one JSON string per table:
// V8 parses JSON far faster than an equivalent object literal, and the declared type keeps the
// generated output type-checked.
import type { GroupedTable, PlantTuple, RegistryData, SourcedTable } from '../src/decode/registry-data.js';
import { banner } from './banner.js';

const literal = (value: unknown): string => JSON.stringify(JSON.stringify(value));

function tableModule(csv: string, exportName: string, tupleType: string, table: SourcedTable<unknown>): string {
  return [
    banner([csv]),
    `import type { SourcedTable, ${tupleType} } from '../decode/registry-data.js';`,
    '',
    `export const ${exportName}: SourcedTable<${tupleType}> = JSON.parse(${literal(table)});`,
    '',
  ].join('\n');
}

function groupByWmi(table: RegistryData['plants']): GroupedTable<PlantTuple> {
  if ('groups' in table) return table;
  const groups: Record<string, PlantTuple[]> = {};
  for (const row of table.rows) (groups[row[0]] ??= []).push(row);
  return { sources: table.sources, groups: Object.fromEntries(Object.entries(groups).map(([wmi, rows]) => [wmi, JSON.stringify(rows)])) };
}

/** Generated file path (relative to the project root) → content. */
export function emitTables(data: RegistryData): Map<string, string> {
  const files = new Map<string, string>();
  files.set('src/generated/countries.ts', [
    banner(['registry/country-codes.csv', 'registry/countries.csv', 'registry/build.json']),
    `import type { CountryCodeTuple, Iso3780Tuple, SourcedTable } from '../decode/registry-data.js';`,
    '',
    `export const BUILD_YEAR = ${data.buildYear};`,
    `export const COUNTRY_CODES: readonly CountryCodeTuple[] = JSON.parse(${literal(data.countryCodes)});`,
    `export const ISO_3780: SourcedTable<Iso3780Tuple> = JSON.parse(${literal(data.iso3780)});`,
    '',
  ].join('\n'));
  files.set('src/generated/wmi.ts', tableModule('registry/wmi.csv', 'WMI', 'WmiTuple', data.wmi));
  files.set('src/generated/plants.ts', [
    banner(['registry/plants.csv']),
    `import type { GroupedTable, PlantTuple } from '../decode/registry-data.js';`,
    '',
    '// Grouped by WMI; each group is parsed when its WMI is first decoded.',
    `export const PLANTS: GroupedTable<PlantTuple> = JSON.parse(${literal(groupByWmi(data.plants))});`,
    '',
  ].join('\n'));
  files.set('src/generated/model-years.ts', tableModule('registry/model-years.csv', 'MODEL_YEARS', 'ModelYearTuple', data.modelYears));
  files.set('src/generated/jdm-chassis.ts', tableModule('registry/jdm-chassis.csv', 'JDM_CHASSIS', 'JdmTuple', data.jdm));
  return files;
}
