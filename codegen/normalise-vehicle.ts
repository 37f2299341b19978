// Phase 3 for the vehicle tables: vPIC's ids become names, and every pattern gets its rank in
// vPIC's precedence, so the decoder compares two candidates with one number. Sorting makes the
// output independent of CSV row order.
import { ELEMENT_INDEX, VEHICLE_ELEMENTS, type VehicleElementName } from '../src/decode/vehicle-elements.js';
import type { EngineFillTuple, SchemaLinkTuple, VehiclePatternTuple, VehicleSchemaRows } from '../src/decode/vehicle-data.js';
import type { RegistryRows, SourceRow } from './tables.js';

export interface VehicleTables {
  source: string;
  links: Record<string, SchemaLinkTuple[]>;
  schemas: VehicleSchemaRows[];
  engines: Record<string, EngineFillTuple[]>;
}

const LOOKUP = new Map<string, string | null>(VEHICLE_ELEMENTS.map((e) => [e.name, e.lookup]));
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** vPIC's tie-break after the schema link: most recent edit, fewer non-`*` characters, key text, id. */
function precedence(a: SourceRow, b: SourceRow): number {
  const x = a.values, y = b.values;
  return byText(y.updated_on!, x.updated_on!)
    || x.keys!.replace(/\*/g, '').length - y.keys!.replace(/\*/g, '').length
    || byText(x.keys!, y.keys!)
    || Number(x.pattern_id) - Number(y.pattern_id);
}

/** Value text of a row: a lookup id becomes its name; null when the id is unknown (the rules report it). */
function valueResolver(rows: RegistryRows): (element: string, value: string) => string | null {
  const names = new Map(rows['vehicle-values'].map((r) => [`${r.values.lookup}\t${r.values.id}`, r.values.name!]));
  const models = new Map(rows['vehicle-models'].map((r) => [r.values.model_id!, r.values.model!]));
  return (element, value) => {
    const lookup = LOOKUP.get(element);
    if (!lookup) return value;
    return (lookup === 'Model' ? models.get(value) : names.get(`${lookup}\t${value}`)) ?? null;
  };
}

export function normaliseVehicle(rows: RegistryRows): VehicleTables {
  const resolve = valueResolver(rows);
  const makeOf = new Map(rows['vehicle-models'].map((r) => [r.values.model_id!, r.values.make!]));
  const names = new Map(rows['vin-schemas'].map((r) => [Number(r.values.schema_id), r.values.name!]));
  const sources = new Set<string>();

  const ranked = [...rows['vehicle-patterns']].sort(precedence);
  const patterns = new Map<number, VehiclePatternTuple[]>();
  ranked.forEach((row, rank) => {
    const v = row.values;
    const value = resolve(v.element!, v.value!);
    if (value === null) return;
    sources.add(v.source!);
    const element = ELEMENT_INDEX[v.element as VehicleElementName];
    const tuple: VehiclePatternTuple = v.element === 'model' ? [v.keys!, element, value, rank, makeOf.get(v.value!)!] : [v.keys!, element, value, rank];
    const id = Number(v.schema_id);
    (patterns.get(id) ?? patterns.set(id, []).get(id)!).push(tuple);
  });
  const schemas = [...patterns.keys()].sort((a, b) => a - b).map((id) => ({ id, name: names.get(id) ?? `schema ${id}`, patterns: patterns.get(id)! }));

  const links: Record<string, SchemaLinkTuple[]> = {};
  const linkRows = [...rows['wmi-schemas']].sort((a, b) => byText(a.values.wmi!, b.values.wmi!)
    || Number(a.values.schema_id) - Number(b.values.schema_id) || Number(a.values.year_from) - Number(b.values.year_from));
  for (const { values: v } of linkRows) {
    if (!patterns.has(Number(v.schema_id))) continue; // a schema without vehicle patterns decides nothing
    (links[v.wmi!] ??= []).push([Number(v.schema_id), Number(v.year_from), v.year_to ? Number(v.year_to) : 0]);
  }

  const engines: Record<string, EngineFillTuple[]> = {};
  const engineRows = [...rows['engine-models']].sort((a, b) => byText(b.values.updated_on!, a.values.updated_on!) || Number(a.values.pattern_id) - Number(b.values.pattern_id));
  engineRows.forEach(({ values: v }, rank) => {
    const value = resolve(v.element!, v.value!);
    if (value !== null) (engines[v.engine_model!] ??= []).push([ELEMENT_INDEX[v.element as VehicleElementName], value, rank]);
  });
  return { source: [...sources].sort().join('; ') || 'NHTSA vPIC', links, schemas, engines };
}
