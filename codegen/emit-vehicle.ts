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
  const offsets: Record<string, [number, number]> = {};
  let offset = 0;
  const keys = new Map<number, string>();
  for (const schema of tables.schemas) {
    const c = schemaColumns(schema);
    keys.set(c.id, c.keys);
    const line = JSON.stringify([c.id, c.name, c.keys, c.elements, c.ranks, c.values, c.valueOf, c.makes, c.makeOf]);
    const bytes = Buffer.byteLength(line);
    offsets[schema.id] = [offset, bytes];
    offset += bytes + 1;
    lines.push(line);
  }
  const index = {
    generated: `GENERATED FILE from ${VEHICLE_SOURCES}: do not edit by hand; regenerate with npm run build or npm run codegen`,
    source: tables.source, schemas: offsets, links: tables.links, engines: tables.engines,
    serialReads: serialReadsByWmi(tables.links, (id) => keys.get(id)),
  };
  return new Map([
    [`${VEHICLE_DIR}/index.json`, JSON.stringify(index) + '\n'],
    [`${VEHICLE_DIR}/schemas.jsonl`, lines.join('\n') + '\n'],
  ]);
}
