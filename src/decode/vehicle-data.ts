// The compiled vehicle tables as codegen emits them (format: src/generated/METADATA.md) and as a
// test can hand them in: vPIC's VIN schemas with their patterns already ranked, the WMI → schema
// links, and the engine-model fill-ins. Values are names, not vPIC ids: the lookups are applied
// at compile time.

/**
 * One pattern row of a schema: [key, element column (VEHICLE_ELEMENTS order), value, rank, make].
 * `rank` orders every pattern of the registry by vPIC's precedence after the schema link's
 * YearFrom (most recent edit, then fewer non-`*` characters, then key text, then vPIC's id):
 * lower wins. `make` is set on model rows only (vPIC's Make_Model). A key holding `#` is a formula
 * key: it fills an element only when no ordinary pattern decided it.
 */
export type VehiclePatternTuple = readonly [key: string, element: number, value: string, rank: number, make?: string];

/** A VIN schema as rows: its vPIC id, its name, and its patterns in rank order (codegen's and tests' form). */
export interface VehicleSchemaRows {
  id: number;
  name: string;
  patterns: readonly VehiclePatternTuple[];
}

/**
 * A VIN schema as the compiled tables hold it, column by column, so that reading one makes a few
 * arrays of numbers and the distinct strings rather than an array and strings per pattern. Pattern
 * i (in rank order) has key `keys.split(' ')[i]`, element `elements[i]`, rank `ranks[i]`, value
 * `values[valueOf[i]]` and, on model rows, make `makes[makeOf[i]]` (-1: none).
 */
export interface VehicleSchemaData {
  id: number;
  name: string;
  /** The keys joined by spaces (a vPIC key holds none). */
  keys: string;
  elements: readonly number[];
  ranks: readonly number[];
  values: readonly string[];
  valueOf: readonly number[];
  makes: readonly string[];
  makeOf: readonly number[];
}

/** A schema's rows, column by column. */
export function schemaColumns(schema: VehicleSchemaRows): VehicleSchemaData {
  const values: string[] = [], makes: string[] = [];
  const valueIndex = new Map<string, number>(), makeIndex = new Map<string, number>();
  const indexOf = (list: string[], index: Map<string, number>, text: string): number => {
    let i = index.get(text);
    if (i === undefined) index.set(text, i = list.push(text) - 1);
    return i;
  };
  const { patterns } = schema;
  return {
    id: schema.id, name: schema.name, keys: patterns.map((p) => p[0]).join(' '),
    elements: patterns.map((p) => p[1]), ranks: patterns.map((p) => p[3]),
    valueOf: patterns.map((p) => indexOf(values, valueIndex, p[2])), values,
    makeOf: patterns.map((p) => (p[4] === undefined ? -1 : indexOf(makes, makeIndex, p[4]))), makes,
  };
}

/** A WMI's schema links: [schema id, model year from, model year to (0 = open)]. */
export type SchemaLinkTuple = readonly [schemaId: number, yearFrom: number, yearTo: number];

/** What an engine model fills in: [element column, value, rank]. */
export type EngineFillTuple = readonly [element: number, value: string, rank: number];

/** Where the decoder gets the vehicle tables from: the generated files (read per schema on first use) or a test's rows. */
export interface VehicleData {
  linksOf(wmi: string): readonly SchemaLinkTuple[] | undefined;
  schema(id: number): VehicleSchemaData | undefined;
  engineModel(name: string): readonly EngineFillTuple[] | undefined;
  /** The serial positions (VIN indexes 11-16) any schema linked to the WMI reads, ascending: a model's VINs differ there only in what is not decoded. */
  serialReads(wmi: string): readonly number[];
  /** The source every vehicle row names (`NHTSA vPIC`). */
  source: string;
}

/**
 * The VIN indexes a key, text[from, to), constrains (`formulaOnly`: only its `#` positions). A key
 * is positions 4-8, then optionally `|` and positions 10-17; each a character, `*`, `#` or a class
 * such as `[0-4]`.
 */
export function keyIndexes(text: string, from: number, to: number, formulaOnly: boolean): number[] {
  const out: number[] = [];
  let index = 3; // position 4
  for (let i = from; i < to; i++, index++) {
    const c = text.charCodeAt(i);
    if (c === 124) { index = 8; continue; } // '|': the VIS part starts at position 10 (index 9)
    if (c === 42) continue; // '*'
    if (c === 35 || !formulaOnly) out.push(index);
    if (c === 91) { const end = text.indexOf(']', i); i = end < 0 || end > to ? to : end; } // '[...]'
  }
  return out;
}

/** The VIN indexes of the serial (11-16) that keys joined by spaces constrain, ascending. */
export function serialIndexes(keys: string): number[] {
  const found = new Set<number>();
  for (let at = 0; at < keys.length;) {
    let end = keys.indexOf(' ', at);
    if (end < 0) end = keys.length;
    for (const index of keyIndexes(keys, at, end, false)) if (index >= 11) found.add(index);
    at = end + 1;
  }
  return [...found].sort((a, b) => a - b);
}

/** Per WMI, the serial indexes any of its linked schemas reads; WMIs whose schemas read none are left out. */
export function serialReadsByWmi(links: Readonly<Record<string, readonly SchemaLinkTuple[]>>, keysOf: (id: number) => string | undefined): Record<string, number[]> {
  const bySchema = new Map<number, number[]>();
  const out: Record<string, number[]> = {};
  for (const [wmi, list] of Object.entries(links)) {
    const found = new Set<number>();
    for (const [id] of list) {
      let indexes = bySchema.get(id);
      if (!indexes) bySchema.set(id, indexes = serialIndexes(keysOf(id) ?? ''));
      for (const i of indexes) found.add(i);
    }
    if (found.size > 0) out[wmi] = [...found].sort((a, b) => a - b);
  }
  return out;
}

/** Vehicle data held in memory: small registries and tests. */
export function vehicleDataFrom(tables: {
  links: Readonly<Record<string, readonly SchemaLinkTuple[]>>;
  schemas: readonly VehicleSchemaRows[];
  engines?: Readonly<Record<string, readonly EngineFillTuple[]>>;
  source?: string;
}): VehicleData {
  const schemas = new Map(tables.schemas.map((s) => [s.id, schemaColumns(s)]));
  const serial = serialReadsByWmi(tables.links, (id) => schemas.get(id)?.keys);
  return {
    serialReads: (wmi) => (Object.hasOwn(serial, wmi) ? serial[wmi]! : []),
    linksOf: (wmi) => (Object.hasOwn(tables.links, wmi) ? tables.links[wmi] : undefined),
    schema: (id) => schemas.get(id),
    engineModel: (name) => (tables.engines && Object.hasOwn(tables.engines, name) ? tables.engines[name] : undefined),
    source: tables.source ?? 'NHTSA vPIC',
  };
}

/** No vehicle tables: every attribute decodes as null. */
export const NO_VEHICLE_DATA: VehicleData = vehicleDataFrom({ links: {}, schemas: [] });
