// The vehicle half of `vino registry import-vpic`: vPIC's VIN schemas and the patterns that say
// what a vehicle is (model, series, trim, body, engine, …), written as registry CSVs. Every row
// here is vPIC's, so these files are rewritten whole on each import; output is sorted by vPIC's
// own ids so that a re-import shows only what vPIC changed.
import { VEHICLE_ELEMENTS, type VehicleElement } from '../src/decode/vehicle-elements.js';
import { VPIC_SOURCE } from './tables.js';
import { normaliseVpicTime } from './vpic-time.js';
import type { VpicDatabase } from './vpic-sqlite.js';

type Row = Record<string, string>;

export const VEHICLE_HEADERS = {
  'vin-schemas': ['schema_id', 'name', 'source'],
  'wmi-schemas': ['wmi', 'schema_id', 'year_from', 'year_to', 'source'],
  'vehicle-patterns': ['schema_id', 'keys', 'element', 'value', 'pattern_id', 'updated_on', 'source'],
  'vehicle-values': ['lookup', 'id', 'name', 'source'],
  'vehicle-models': ['model_id', 'model', 'make', 'source'],
  'engine-models': ['engine_model', 'element', 'value', 'pattern_id', 'updated_on', 'source'],
} as const;

export type VehicleTableName = keyof typeof VEHICLE_HEADERS;

const VIN_WMI = /^([A-HJ-NPR-Z0-9]{2}[A-HJ-NPR-Z0-8]|[A-HJ-NPR-Z0-9]{2}9[A-HJ-NPR-Z0-9]{3})$/;

const byNumber = (key: string) => (a: Row, b: Row): number => Number(a[key]) - Number(b[key]);

/** The six vehicle tables, each as sorted rows. `skipped` collects what could not be imported. */
export async function importVehicleTables(db: VpicDatabase, skipped: string[]): Promise<Record<VehicleTableName, Row[]>> {
  const byVpicId = new Map<number, VehicleElement>(VEHICLE_ELEMENTS.map((e) => [e.vpicId, e]));
  const elementIds = VEHICLE_ELEMENTS.map((e) => e.vpicId).join(',');

  const links = await db.all<{ Wmi: string; VinSchemaId: number; YearFrom: number; YearTo: number | null }>(
    'SELECT w.Wmi, ws.VinSchemaId, ws.YearFrom, ws.YearTo FROM Wmi_VinSchema ws JOIN Wmi w ON w.Id = ws.WmiId',
  );
  const wmiSchemas: Row[] = [];
  const linked = new Set<number>();
  for (const l of links) {
    const wmi = l.Wmi.trim().toUpperCase();
    if (!VIN_WMI.test(wmi)) continue; // reported once with the WMIs
    linked.add(l.VinSchemaId);
    wmiSchemas.push({ wmi, schema_id: String(l.VinSchemaId), year_from: String(l.YearFrom), year_to: l.YearTo === null ? '' : String(l.YearTo), source: VPIC_SOURCE });
  }
  wmiSchemas.sort((a, b) => (a.wmi! < b.wmi! ? -1 : a.wmi! > b.wmi! ? 1 : 0) || byNumber('schema_id')(a, b) || byNumber('year_from')(a, b));

  const patterns = await db.all<{ Id: number; VinSchemaId: number; Keys: string; ElementId: number; AttributeId: string; CreatedOn: string | null; UpdatedOn: string | null }>(
    `SELECT Id, VinSchemaId, Keys, ElementId, AttributeId, CreatedOn, UpdatedOn FROM Pattern WHERE ElementId IN (${elementIds})`,
  );
  const vehiclePatterns: Row[] = [];
  const usedSchemas = new Set<number>();
  for (const p of patterns) {
    if (!linked.has(p.VinSchemaId)) continue; // a schema no WMI uses can never decide anything
    const element = byVpicId.get(p.ElementId)!;
    const value = p.AttributeId.trim();
    if (!value) { skipped.push(`pattern ${p.Id}: empty value`); continue; }
    if (element.lookup && !/^\d+$/.test(value)) { skipped.push(`pattern ${p.Id}: ${element.name} value ${value} is not a ${element.lookup} id`); continue; }
    usedSchemas.add(p.VinSchemaId);
    vehiclePatterns.push({
      schema_id: String(p.VinSchemaId), keys: p.Keys.trim().toUpperCase(), element: element.name, value,
      pattern_id: String(p.Id), updated_on: normaliseVpicTime(p.UpdatedOn ?? p.CreatedOn), source: VPIC_SOURCE,
    });
  }
  vehiclePatterns.sort((a, b) => byNumber('schema_id')(a, b) || byNumber('pattern_id')(a, b));

  const schemaNames = await db.all<{ Id: number; Name: string }>('SELECT Id, Name FROM VinSchema');
  const vinSchemas = schemaNames
    .filter((s) => usedSchemas.has(s.Id))
    .map((s) => ({ schema_id: String(s.Id), name: s.Name.trim().replace(/\s+/g, ' '), source: VPIC_SOURCE }))
    .sort(byNumber('schema_id'));

  const lookups = [...new Set(VEHICLE_ELEMENTS.flatMap((e) => (e.lookup && e.lookup !== 'Model' ? [e.lookup] : [])))].sort();
  const values: Row[] = [];
  for (const lookup of lookups) {
    for (const v of await db.all<{ Id: number; Name: string }>(`SELECT Id, Name FROM "${lookup}" ORDER BY Id`)) {
      values.push({ lookup, id: String(v.Id), name: v.Name.trim(), source: VPIC_SOURCE });
    }
  }

  const usedModels = new Set(vehiclePatterns.filter((p) => p.element === 'model').map((p) => Number(p.value)));
  const models = (await db.all<{ Id: number; Name: string; Make: string }>(
    'SELECT m.Id, m.Name, mk.Name AS Make FROM Model m JOIN Make_Model mm ON mm.ModelId = m.Id JOIN Make mk ON mk.Id = mm.MakeId',
  )).filter((m) => usedModels.has(m.Id))
    .map((m) => ({ model_id: String(m.Id), model: m.Name.trim(), make: m.Make.trim(), source: VPIC_SOURCE }))
    .sort(byNumber('model_id'));
  const knownModels = new Set(models.map((m) => m.model_id));

  const engines = await db.all<{ Id: number; Name: string; ElementId: number; AttributeId: string; CreatedOn: string | null; UpdatedOn: string | null }>(
    `SELECT ep.Id, em.Name, ep.ElementId, ep.AttributeId, ep.CreatedOn, ep.UpdatedOn FROM EngineModelPattern ep
     JOIN EngineModel em ON em.Id = ep.EngineModelId WHERE ep.ElementId IN (${elementIds})`,
  );
  const engineModels = engines
    .filter((e) => e.AttributeId.trim() !== '')
    .map((e) => ({
      engine_model: e.Name.trim(), element: byVpicId.get(e.ElementId)!.name, value: e.AttributeId.trim(),
      pattern_id: String(e.Id), updated_on: normaliseVpicTime(e.UpdatedOn ?? e.CreatedOn), source: VPIC_SOURCE,
    }))
    .sort(byNumber('pattern_id'));

  // A model id vPIC's Model or Make_Model lacks names nothing: such a row is left out, as are the
  // links to schemas that hold no vehicle pattern (they can decide nothing).
  const patternsNamed = vehiclePatterns.filter((p) => {
    if (p.element !== 'model' || knownModels.has(p.value!)) return true;
    skipped.push(`pattern ${p.pattern_id}: model id ${p.value} is not in vPIC's Model/Make_Model`);
    return false;
  });
  const schemaIds = new Set(vinSchemas.map((s) => s.schema_id));
  return {
    'vin-schemas': vinSchemas, 'wmi-schemas': wmiSchemas.filter((l) => schemaIds.has(l.schema_id!)), 'vehicle-patterns': patternsNamed,
    'vehicle-values': values, 'vehicle-models': models, 'engine-models': engineModels,
  };
}
