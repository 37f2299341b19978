// The vehicle tables as `npm run build` writes them (src/generated/vehicle/, format in
// src/generated/METADATA.md): the index is read on the first vehicle lookup, and each schema's
// line of schemas.jsonl the first time a WMI that uses it is decoded.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isListOf, isNumber, isRecordOf, isText } from './table-shape.js';
import type { EngineFillTuple, SchemaLinkTuple, VehicleData, VehicleSchemaData } from './vehicle-data.js';

/** index.json as stored (METADATA.md). */
interface StoredIndex {
  source: string;
  /** Ascending; the line of schemaIds[i] is bytes schemaOffsets[i] .. schemaOffsets[i + 1] - 2 of schemas.jsonl. */
  schemaIds: readonly number[];
  schemaOffsets: readonly number[];
  /** WMI → its links flattened: schema id, year from, year to (0 = open), then the next link's. */
  links: Readonly<Record<string, readonly number[]>>;
  engines: Readonly<Record<string, readonly EngineFillTuple[]>>;
  serialReads: Readonly<Record<string, readonly number[]>>;
}

interface VehicleIndex extends Omit<StoredIndex, 'schemaIds' | 'schemaOffsets'> {
  schemaIds: Int32Array;
  schemaOffsets: Float64Array;
}

const isNumbers = (v: unknown): v is readonly number[] => isListOf(v, isNumber);
const isEngineFill = (v: unknown): v is EngineFillTuple => Array.isArray(v) && v.length === 3 && isNumber(v[0]) && isText(v[1]) && isNumber(v[2]);
const isEngineFills = (v: unknown): v is readonly EngineFillTuple[] => isListOf(v, isEngineFill);

/** index.json checked against StoredIndex, field by field; the first field that is not is named. */
function storedIndex(value: unknown): StoredIndex {
  if (typeof value !== 'object' || value === null) throw new Error('index.json is not a JSON object');
  const { source, schemaIds, schemaOffsets, links, engines, serialReads } = value as Record<string, unknown>;
  if (!isText(source)) throw new Error('source is not a text');
  if (!isNumbers(schemaIds)) throw new Error('schemaIds is not a list of numbers');
  if (!isNumbers(schemaOffsets) || schemaOffsets.length !== schemaIds.length + 1) throw new Error('schemaOffsets is not a list of one more number than schemaIds');
  if (!isRecordOf(links, isNumbers)) throw new Error('links is not an object of number lists');
  if (!isRecordOf(engines, isEngineFills)) throw new Error('engines is not an object of [element, value, rank] lists');
  if (!isRecordOf(serialReads, isNumbers)) throw new Error('serialReads is not an object of number lists');
  return { source, schemaIds, schemaOffsets, links, engines, serialReads };
}

/** A line of schemas.jsonl checked against its columns (METADATA.md). */
function schemaLine(value: unknown): VehicleSchemaData {
  if (!Array.isArray(value) || value.length !== 9) throw new Error('a schema line is not a list of 9 columns');
  const [id, name, keys, elements, ranks, values, valueOf, makes, makeOf]: unknown[] = value;
  if (!isNumber(id) || !isText(name) || !isText(keys) || !isNumbers(elements) || !isNumbers(ranks) || !isListOf(values, isText)
    || !isNumbers(valueOf) || !isListOf(makes, isText) || !isNumbers(makeOf)) throw new Error(`schema line ${JSON.stringify(value).slice(0, 40)} has a column of the wrong kind`);
  return { id, name, keys, elements, ranks, values, valueOf, makes, makeOf };
}

/** The index of a schema id in the ascending ids, or -1. */
function find(ids: Int32Array, id: number): number {
  let low = 0, high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (ids[mid]! < id) low = mid + 1;
    else if (ids[mid]! > id) high = mid - 1;
    else return mid;
  }
  return -1;
}

export function vehicleDataFromFiles(directory: URL): VehicleData {
  let index: VehicleIndex | null = null;
  const load = (): VehicleIndex => {
    if (index) return index;
    try {
      const stored = storedIndex(JSON.parse(readFileSync(new URL('index.json', directory), 'utf8')));
      index = { ...stored, schemaIds: Int32Array.from(stored.schemaIds), schemaOffsets: Float64Array.from(stored.schemaOffsets) };
    } catch (err) {
      throw new Error(`the vehicle tables in ${fileURLToPath(directory)} cannot be read (${(err as Error).message}): run npm run build`);
    }
    return index;
  };
  const linesFile = new URL('schemas.jsonl', directory);
  const readSchema = (id: number): VehicleSchemaData | undefined => {
    const { schemaIds, schemaOffsets } = load();
    const i = find(schemaIds, id);
    if (i < 0) return undefined;
    const length = schemaOffsets[i + 1]! - schemaOffsets[i]! - 1;
    const buffer = Buffer.allocUnsafe(length);
    const fd = openSync(linesFile, 'r');
    try {
      readSync(fd, buffer, 0, length, schemaOffsets[i]!);
    } finally {
      closeSync(fd);
    }
    try {
      return schemaLine(JSON.parse(buffer.toString('utf8')));
    } catch (err) {
      throw new Error(`schema ${id} in ${fileURLToPath(linesFile)} cannot be read (${(err as Error).message}): run npm run build`);
    }
  };
  return {
    linksOf: (wmi) => {
      if (!Object.hasOwn(load().links, wmi)) return undefined;
      const flat = load().links[wmi]!;
      const out: SchemaLinkTuple[] = [];
      for (let i = 0; i + 2 < flat.length; i += 3) out.push([flat[i]!, flat[i + 1]!, flat[i + 2]!]);
      return out;
    },
    schema: readSchema,
    engineModel: (name) => (Object.hasOwn(load().engines, name) ? load().engines[name] : undefined),
    serialReads: (wmi) => (Object.hasOwn(load().serialReads, wmi) ? load().serialReads[wmi]! : []),
    get source() { return load().source; },
  };
}
