// The vehicle tables as `npm run build` writes them (src/generated/vehicle/, format in
// src/generated/METADATA.md): the index is read on the first vehicle lookup, and each schema's
// line of schemas.jsonl the first time a WMI that uses it is decoded.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EngineFillTuple, SchemaLinkTuple, VehicleData, VehicleSchemaData } from './vehicle-data.js';

interface VehicleIndex {
  source: string;
  schemas: Readonly<Record<string, readonly [offset: number, length: number]>>;
  links: Readonly<Record<string, readonly SchemaLinkTuple[]>>;
  engines: Readonly<Record<string, readonly EngineFillTuple[]>>;
  serialReads: Readonly<Record<string, readonly number[]>>;
}

export function vehicleDataFromFiles(directory: URL): VehicleData {
  let index: VehicleIndex | null = null;
  const load = (): VehicleIndex => {
    if (index) return index;
    try {
      index = JSON.parse(readFileSync(new URL('index.json', directory), 'utf8')) as VehicleIndex;
    } catch (err) {
      throw new Error(`the vehicle tables in ${fileURLToPath(directory)} cannot be read (${(err as Error).message}): run npm run build`);
    }
    return index;
  };
  const linesFile = new URL('schemas.jsonl', directory);
  const readSchema = (id: number): VehicleSchemaData | undefined => {
    const at = Object.hasOwn(load().schemas, id) ? load().schemas[id] : undefined;
    if (!at) return undefined;
    const buffer = Buffer.allocUnsafe(at[1]);
    const fd = openSync(linesFile, 'r');
    try {
      readSync(fd, buffer, 0, at[1], at[0]);
    } finally {
      closeSync(fd);
    }
    const [schemaId, name, keys, elements, ranks, values, valueOf, makes, makeOf] = JSON.parse(buffer.toString('utf8')) as
      [number, string, string, number[], number[], string[], number[], string[], number[]];
    return { id: schemaId, name, keys, elements, ranks, values, valueOf, makes, makeOf };
  };
  return {
    linksOf: (wmi) => (Object.hasOwn(load().links, wmi) ? load().links[wmi] : undefined),
    schema: readSchema,
    engineModel: (name) => (Object.hasOwn(load().engines, name) ? load().engines[name] : undefined),
    serialReads: (wmi) => (Object.hasOwn(load().serialReads, wmi) ? load().serialReads[wmi]! : []),
    get source() { return load().source; },
  };
}
