// The vehicle tables as `npm run build` writes them (src/generated/vehicle/, format in
// src/generated/METADATA.md): the index is read on the first vehicle lookup, and each schema's
// line of schemas.jsonl the first time a WMI that uses it is decoded.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EngineFillTuple, SchemaLinkTuple, VehicleData, VehicleSchemaData } from './vehicle-data.js';

/** index.json as stored (METADATA.md). */
interface StoredIndex {
  source: string;
  /** Ascending; the line of schemaIds[i] is bytes schemaOffsets[i] .. schemaOffsets[i + 1] - 2 of schemas.jsonl. */
  schemaIds: number[];
  schemaOffsets: number[];
  /** WMI → its links flattened: schema id, year from, year to (0 = open), then the next link's. */
  links: Readonly<Record<string, readonly number[]>>;
  engines: Readonly<Record<string, readonly EngineFillTuple[]>>;
  serialReads: Readonly<Record<string, readonly number[]>>;
}

interface VehicleIndex extends Omit<StoredIndex, 'schemaIds' | 'schemaOffsets'> {
  schemaIds: Int32Array;
  schemaOffsets: Float64Array;
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
      const stored = JSON.parse(readFileSync(new URL('index.json', directory), 'utf8')) as StoredIndex;
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
    const [schemaId, name, keys, elements, ranks, values, valueOf, makes, makeOf] = JSON.parse(buffer.toString('utf8')) as
      [number, string, string, number[], number[], string[], number[], string[], number[]];
    return { id: schemaId, name, keys, elements, ranks, values, valueOf, makes, makeOf };
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
