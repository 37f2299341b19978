// Rules across the vehicle tables (registry/vin-schemas.csv … engine-models.csv). The rule's name
// is the message a steward reads.
import { VEHICLE_ELEMENTS } from '../src/decode/vehicle-elements.js';
import type { CrossRowRule, RuleHit } from './rules.js';
import type { SourceRow } from './tables.js';

const LOOKUP = new Map<string, string | null>(VEHICLE_ELEMENTS.map((e) => [e.name, e.lookup]));

/** Value ids that name nothing in their lookup table. */
function unknownValues(rows: Parameters<CrossRowRule['check']>[0], table: 'vehicle-patterns' | 'engine-models'): RuleHit[] {
  const values = new Set(rows['vehicle-values'].map((r) => `${r.values.lookup}\t${r.values.id}`));
  const models = new Set(rows['vehicle-models'].map((r) => r.values.model_id));
  const hits: RuleHit[] = [];
  for (const row of rows[table]) {
    const lookup = LOOKUP.get(row.values.element!);
    if (!lookup) continue;
    const known = lookup === 'Model' ? models.has(row.values.value) : values.has(`${lookup}\t${row.values.value}`);
    if (!known) hits.push({ table, row, column: 'value', detail: `${row.values.value} in ${lookup === 'Model' ? 'vehicle-models.csv' : `${lookup} of vehicle-values.csv`}` });
  }
  return hits;
}

function classesReadForward(row: SourceRow): boolean {
  for (const m of row.values.keys!.matchAll(/\[([^\]]*)\]/g)) {
    const body = m[1]!;
    for (let i = 0; i + 2 < body.length; i++) if (body[i + 1] === '-' && body.charCodeAt(i) > body.charCodeAt(i + 2)) return false;
  }
  return true;
}

export const VEHICLE_RULES: CrossRowRule[] = [
  {
    name: 'unknown schema_id (not in registry/vin-schemas.csv)',
    check: (rows) => {
      const schemas = new Set(rows['vin-schemas'].map((r) => r.values.schema_id));
      return (['wmi-schemas', 'vehicle-patterns'] as const).flatMap((table) =>
        rows[table].filter((r) => !schemas.has(r.values.schema_id)).map((row) => ({ table, row, column: 'schema_id', detail: row.values.schema_id })));
    },
  },
  {
    name: 'unknown value id',
    check: (rows) => [...unknownValues(rows, 'vehicle-patterns'), ...unknownValues(rows, 'engine-models')],
  },
  {
    name: 'a key class runs backwards (such as [9-0])',
    check: (rows) => rows['vehicle-patterns'].filter((r) => !classesReadForward(r)).map((row) => ({ table: 'vehicle-patterns' as const, row, column: 'keys' })),
  },
  {
    name: 'overlapping model years for the same WMI and schema',
    check: (rows) => {
      const groups = new Map<string, SourceRow[]>();
      for (const row of rows['wmi-schemas']) {
        const key = `${row.values.wmi}|${row.values.schema_id}`;
        (groups.get(key) ?? groups.set(key, []).get(key)!).push(row);
      }
      const hits: RuleHit[] = [];
      for (const group of groups.values()) {
        const sorted = [...group].sort((x, y) => Number(x.values.year_from) - Number(y.values.year_from));
        for (let i = 1; i < sorted.length; i++) {
          const prev = sorted[i - 1]!, cur = sorted[i]!;
          if (Number(cur.values.year_from) <= (prev.values.year_to ? Number(prev.values.year_to) : 9999)) {
            hits.push({ table: 'wmi-schemas', row: cur, column: 'year_from', detail: `overlaps line ${prev.line}` });
          }
        }
      }
      return hits;
    },
  },
  {
    name: 'year_to is before year_from',
    check: (rows) => rows['wmi-schemas'].filter((r) => r.values.year_to && Number(r.values.year_to) < Number(r.values.year_from))
      .map((row) => ({ table: 'wmi-schemas' as const, row, column: 'year_to' })),
  },
];
