// Phase 4 for the vehicle tables: one JSON line per VIN schema (its ranked patterns) and an index
// (the WMI → schema links, each schema's byte range in the lines file, the engine-model
// fill-ins). A decode reads a schema's line the first time one of its WMIs is decoded, so start-up
// reads none of the 600,000 patterns. Format: src/generated/METADATA.md.
import { schemaColumns, serialReadsByWmi } from '../src/decode/vehicle-data.js';
import type { VehicleTables } from './normalise-vehicle.js';

export const VEHICLE_DIR = 'src/generated/vehicle';
export const VEHICLE_SOURCES = 'registry/vin-schemas.csv, wmi-schemas.csv, vehicle-patterns.csv, vehicle-values.csv, vehicle-models.csv, engine-models.csv';

export function emitVehicle(tables: VehicleTables): Map<string, string> {
  const lines: string[] = [];
  // Flat lists rather than an object of pairs: the index is parsed whole on the first vehicle
  // lookup, and 24,000 small arrays cost a decoding process megabytes it keeps to the end.
  const ids: number[] = [];
  const offsets: number[] = [];
  let offset = 0;
  const keys = new Map<number, string>();
  for (const schema of [...tables.schemas].sort((a, b) => a.id - b.id)) {
    const c = schemaColumns(schema);
    keys.set(c.id, c.keys);
    const line = JSON.stringify([c.id, c.name, c.keys, c.elements, c.ranks, c.values, c.valueOf, c.makes, c.makeOf]);
    ids.push(c.id);
    offsets.push(offset);
    offset += Buffer.byteLength(line) + 1;
    lines.push(line);
  }
  offsets.push(offset);
  const links = Object.fromEntries(Object.entries(tables.links).map(([wmi, list]) => [wmi, list.flat()]));
  const index = {
    generated: `GENERATED FILE from ${VEHICLE_SOURCES}: do not edit by hand; regenerate with npm run build or npm run codegen`,
    source: tables.source, schemaIds: ids, schemaOffsets: offsets, links, engines: tables.engines,
    serialReads: serialReadsByWmi(tables.links, (id) => keys.get(id)),
  };
  return new Map([
    [`${VEHICLE_DIR}/index.json`, JSON.stringify(index) + '\n'],
    [`${VEHICLE_DIR}/schemas.jsonl`, lines.join('\n') + '\n'],
  ]);
}
