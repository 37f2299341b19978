// `vino registry import-vpic <sqlite>`: turns a vPIC database (SQLite form) into the rows of
// registry/wmi.csv and registry/plants.csv marked `NHTSA vPIC`, keeping every curated row as it is.
// Output is sorted so that a re-import shows only what vPIC changed.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCsv } from './read.js';
import { compareRows, ROW_ORDER, VPIC_SOURCE } from './tables.js';
import { toCsv } from '../src/csv.js';
import { titleCase } from './title-case.js';
import { expandToken, splitPlantKey } from './vpic-patterns.js';
import { openVpic, type VpicDatabase } from './vpic-sqlite.js';
import { importVehicleTables, VEHICLE_HEADERS, type VehicleTableName } from './import-vehicle.js';

export const WMI_HEADER = ['wmi', 'manufacturer', 'make', 'country_code', 'vehicle_type', 'source'] as const;
export const PLANT_HEADER = ['wmi', 'plant_code', 'year_from', 'year_to', 'vin_pattern', 'country_code', 'city', 'state', 'company', 'source'] as const;

const ELEMENT = { plantCity: 31, plantCountry: 75, plantCompany: 76, plantState: 77 } as const;
const VIN_WMI = /^([A-HJ-NPR-Z0-9]{2}[A-HJ-NPR-Z0-8]|[A-HJ-NPR-Z0-9]{2}9[A-HJ-NPR-Z0-9]{3})$/;

type Row = Record<string, string>;

export interface ImportReport {
  wmiRows: number;
  plantRows: number;
  curatedWmiKept: number;
  curatedPlantsKept: number;
  /** Rows written per vehicle table (vin-schemas, wmi-schemas, vehicle-patterns, …). */
  vehicleRows: Record<string, number>;
  skipped: string[];
}

interface PlantFact { countryCode: string; city: string; state: string; company: string }
const factKey = (f: PlantFact): string => `${f.countryCode}\t${f.city}\t${f.state}\t${f.company}`;

async function countryCodesByVpicName(root: string): Promise<Map<string, string>> {
  const { rows } = parseCsv('registry/country-codes.csv', await readFile(join(root, 'registry/country-codes.csv'), 'utf8'));
  // vpic_name may list several vPIC names for one country, ';'-separated (UNITED KINGDOM (UK);ENGLAND).
  return new Map(rows.flatMap((r) => (r.values.vpic_name ?? '').split(';').filter(Boolean).map((name): [string, string] => [name.trim().toUpperCase(), r.values.code!])));
}

export async function importWmis(db: VpicDatabase, countryOf: (vpicName: string | null) => string, skipped: string[]): Promise<Row[]> {
  const makes = new Map<number, Set<string>>();
  for (const m of await db.all<{ WmiId: number; Name: string }>(
    'SELECT wm.WmiId, mk.Name FROM Wmi_Make wm JOIN Make mk ON mk.Id = wm.MakeId UNION SELECT w.Id, mk.Name FROM Wmi w JOIN Make mk ON mk.Id = w.MakeId',
  )) (makes.get(m.WmiId) ?? makes.set(m.WmiId, new Set()).get(m.WmiId)!).add(m.Name.trim());
  const wmis = await db.all<{ Id: number; Wmi: string; Manufacturer: string | null; Country: string | null; VehicleType: string | null }>(
    `SELECT w.Id, w.Wmi, m.Name AS Manufacturer, c.Name AS Country, vt.Name AS VehicleType FROM Wmi w
     LEFT JOIN Manufacturer m ON m.Id = w.ManufacturerId LEFT JOIN Country c ON c.Id = w.CountryId
     LEFT JOIN VehicleType vt ON vt.Id = w.VehicleTypeId`,
  );
  const rows: Row[] = [];
  for (const w of wmis) {
    const wmi = w.Wmi.trim().toUpperCase();
    if (!VIN_WMI.test(wmi)) { skipped.push(`WMI ${w.Wmi}: not 3 or 6 characters of the VIN alphabet`); continue; }
    if (!w.Manufacturer) { skipped.push(`WMI ${wmi}: no manufacturer`); continue; }
    rows.push({
      wmi, manufacturer: titleCase(w.Manufacturer), make: [...(makes.get(w.Id) ?? [])].sort().join('; '),
      country_code: countryOf(w.Country), vehicle_type: w.VehicleType ?? '', source: VPIC_SOURCE,
    });
  }
  return rows;
}

/** Latest year a schema without an end year is taken to reach while choosing per year; shown as open. */
const OPEN_END = 2100;

export async function importPlants(db: VpicDatabase, countryOf: (vpicName: string | null) => string, skipped: string[]): Promise<Row[]> {
  const countries = new Map((await db.all<{ Id: number; Name: string }>('SELECT Id, Name FROM Country')).map((c) => [String(c.Id), c.Name]));
  const patterns = await db.all<{ Wmi: string; VinSchemaId: number; YearFrom: number; YearTo: number | null; Keys: string; ElementId: number; AttributeId: string }>(
    `SELECT w.Wmi, p.VinSchemaId, ws.YearFrom, ws.YearTo, p.Keys, p.ElementId, p.AttributeId FROM Pattern p
     JOIN Wmi_VinSchema ws ON ws.VinSchemaId = p.VinSchemaId JOIN Wmi w ON w.Id = ws.WmiId
     WHERE p.ElementId IN (${Object.values(ELEMENT).join(',')})`,
  );
  // vPIC spreads one plant over several keys of a schema (city under `*****|*2`, country and state
  // under `*****|*[234]`), so the elements are gathered per (WMI, schema, years, plant code, rest of
  // pattern); where two keys disagree, the one admitting fewer plant codes is the more specific.
  type Field = keyof PlantFact;
  const fieldOf: Record<number, Field> = { [ELEMENT.plantCountry]: 'countryCode', [ELEMENT.plantCity]: 'city', [ELEMENT.plantState]: 'state', [ELEMENT.plantCompany]: 'company' };
  interface Gathered { wmi: string; from: number; to: number; code: string; rest: string; values: Partial<Record<Field, { value: string; spec: number }>> }
  const gathered = new Map<string, Gathered>();
  for (const p of patterns) {
    const wmi = p.Wmi.trim().toUpperCase();
    const keys = p.Keys.trim().toUpperCase();
    if (!VIN_WMI.test(wmi)) continue; // reported once with the WMIs
    let split;
    try { split = splitPlantKey(keys); } catch { skipped.push(`${wmi} ${keys}: unreadable pattern`); continue; }
    const codes = split.plantToken === '*' ? ['*'] : expandToken(split.plantToken);
    if (codes.length === 0) { skipped.push(`${wmi} ${keys}: plant code ${split.plantToken} is outside the VIN alphabet`); continue; }
    const field = fieldOf[p.ElementId]!;
    const raw = p.AttributeId.trim();
    const value = field === 'countryCode' ? countryOf(countries.get(raw) ?? null) : titleCase(raw);
    if (!value) {
      // A vPIC country missing from registry/country-codes.csv would otherwise drop its plants unseen.
      if (field === 'countryCode') skipped.push(`${wmi} ${keys}: vPIC country ${countries.get(raw) ?? `id ${raw}`} is not in registry/country-codes.csv`);
      continue;
    }
    const spec = split.plantToken === '*' ? 99 : codes.length;
    for (const code of codes) {
      const id = `${wmi}\t${p.VinSchemaId}\t${p.YearFrom}\t${p.YearTo}\t${code}\t${split.rest}`;
      const g = gathered.get(id) ?? gathered.set(id, { wmi, from: p.YearFrom, to: p.YearTo ?? OPEN_END, code, rest: split.rest, values: {} }).get(id)!;
      const had = g.values[field];
      // Equally specific keys that disagree: the lesser value wins, so vPIC's row order never matters.
      if (!had || spec < had.spec || (spec === had.spec && value < had.value)) g.values[field] = { value, spec };
    }
  }
  const facts: { wmi: string; from: number; to: number; code: string; rest: string; fact: PlantFact }[] = [];
  for (const [id, g] of gathered) {
    // A key narrowed by other positions inherits what the schema says of the plant code alone.
    const general = g.rest ? gathered.get(id.slice(0, id.lastIndexOf('\t') + 1)) : undefined;
    const pick = (f: Field): string => g.values[f]?.value ?? general?.values[f]?.value ?? '';
    facts.push({ wmi: g.wmi, from: g.from, to: g.to, code: g.code, rest: g.rest, fact: { countryCode: pick('countryCode'), city: pick('city'), state: pick('state'), company: pick('company') } });
  }
  canonicaliseCitySpellings(facts);
  // Per (WMI, plant code, rest of pattern) and year, each field (country, city, state, company) is
  // decided on its own, as vPIC decides each element: the schema link with the latest YearFrom that
  // gives the field wins (spVinDecode's first rule, as for the vehicle attributes); among links of
  // the same YearFrom, the value more of them give, then the lesser text, so row order never matters.
  const FIELDS: readonly Field[] = ['countryCode', 'city', 'state', 'company'];
  type Tally = Map<string, { n: number; yearFrom: number }>;
  const votes = new Map<string, Map<number, Record<Field, Tally>>>();
  for (const { wmi, from, to, code, rest, fact } of facts) {
    if (!fact.countryCode) { skipped.push(`${wmi} ${code} ${rest} ${from}-${to}: plant without a known country`); continue; }
    const group = `${wmi}\t${code}\t${rest}`;
    const years = votes.get(group) ?? votes.set(group, new Map()).get(group)!;
    for (let y = from; y <= Math.min(to, OPEN_END); y++) {
      let fields = years.get(y);
      if (!fields) years.set(y, fields = { countryCode: new Map(), city: new Map(), state: new Map(), company: new Map() });
      for (const f of FIELDS) {
        const value = fact[f];
        if (!value) continue;
        const t = fields[f].get(value);
        if (!t) fields[f].set(value, { n: 1, yearFrom: from });
        else if (from > t.yearFrom) { t.yearFrom = from; t.n = 1; } // a later link: counted afresh
        else if (from === t.yearFrom) t.n++;
      }
    }
  }
  const winner = (tally: Tally): string => {
    let best = '', bestFrom = -1, bestN = 0;
    for (const [value, { n, yearFrom }] of tally) {
      if (yearFrom > bestFrom || (yearFrom === bestFrom && (n > bestN || (n === bestN && value < best)))) { best = value; bestFrom = yearFrom; bestN = n; }
    }
    return best;
  };
  const rows: Row[] = [];
  for (const [group, years] of votes) {
    const [wmi, code, rest] = group.split('\t') as [string, string, string];
    let run: { from: number; to: number; fact: PlantFact } | null = null;
    const flush = (): void => {
      if (!run) return;
      const { countryCode, city, state, company } = run.fact;
      rows.push({ wmi, plant_code: code, year_from: String(run.from), year_to: run.to >= OPEN_END ? '' : String(run.to), vin_pattern: rest, country_code: countryCode, city, state, company, source: VPIC_SOURCE });
      run = null;
    };
    for (const year of [...years.keys()].sort((a, b) => a - b)) {
      const fields = years.get(year)!;
      const best: PlantFact = { countryCode: winner(fields.countryCode), city: winner(fields.city), state: winner(fields.state), company: winner(fields.company) };
      const current = run as { from: number; to: number; fact: PlantFact } | null;
      if (current && current.to === year - 1 && factKey(current.fact) === factKey(best)) current.to = year;
      else { flush(); run = { from: year, to: year, fact: best }; }
    }
    flush();
  }
  return rows;
}

/** A name without the marks that only change how it is written: spaces, hyphens, dots, umlaut transliteration. */
function spellingKey(name: string): string {
  return name.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/([aou])e/g, '$1').replace(/[\s.\-']/g, '');
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0, j = 0, edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) { i++; j++; continue; }
    if (++edits > 1) return false;
    if (a.length > b.length) i++; else if (b.length > a.length) j++; else { i++; j++; }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/**
 * vPIC has occasional misspellings in one schema (GREENBURG for GREENSBURG, Indiana, in Honda's
 * 2015-2016 schemas). Within one WMI, city names in the same country and state that differ by one
 * letter are taken as one city and written the way most schemas write it.
 */
function canonicaliseCitySpellings(facts: { wmi: string; fact: PlantFact }[]): void {
  const counts = new Map<string, Map<string, number>>();
  for (const { wmi, fact } of facts) {
    if (fact.city.length < 6) continue;
    const place = `${wmi}\t${fact.countryCode}\t${fact.state}`;
    const cities = counts.get(place) ?? counts.set(place, new Map()).get(place)!;
    cities.set(fact.city, (cities.get(fact.city) ?? 0) + 1);
  }
  const rename = new Map<string, string>();
  for (const [place, cities] of counts) {
    const ranked = [...cities].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    for (let i = 1; i < ranked.length; i++) {
      const [name] = ranked[i]!;
      // Numbered plants (Nagoya-1, Nagoya-3) are different places, so the digits must agree; and
      // spellings that are only written differently (Gwang-Ju/Gwangju, Osnabrueck/Osnabruck) are
      // both right, so they are kept as the schemas give them.
      const digits = name.replace(/\D/g, '');
      const better = ranked.slice(0, i).find(([other, n]) => n > ranked[i]![1] && other.replace(/\D/g, '') === digits
        && spellingKey(other) !== spellingKey(name) && editDistanceAtMostOne(other.toLowerCase(), name.toLowerCase()));
      if (better) rename.set(`${place}\t${name}`, better[0]);
    }
  }
  for (const { wmi, fact } of facts) {
    const to = rename.get(`${wmi}\t${fact.countryCode}\t${fact.state}\t${fact.city}`);
    if (to) fact.city = to;
  }
}

async function readRows(root: string, file: string): Promise<Row[]> {
  try {
    return parseCsv(file, await readFile(join(root, file), 'utf8')).rows.map((r) => r.values);
  } catch {
    return [];
  }
}

/** Imports vPIC into registry/wmi.csv and registry/plants.csv under root; curated rows are kept. */
export async function importVpic(root: string, sqlitePath: string): Promise<ImportReport> {
  const byName = await countryCodesByVpicName(root);
  const skipped: string[] = [];
  const countryOf = (name: string | null): string => (name ? byName.get(name.trim().toUpperCase()) ?? '' : '');
  const db = await openVpic(sqlitePath);
  let wmiRows: Row[], plantRows: Row[], vehicle: Record<VehicleTableName, Row[]>;
  try {
    wmiRows = await importWmis(db, countryOf, skipped);
    plantRows = await importPlants(db, countryOf, skipped);
    vehicle = await importVehicleTables(db, skipped);
  } finally {
    await db.close();
  }
  const curatedWmi = (await readRows(root, 'registry/wmi.csv')).filter((r) => r.source !== VPIC_SOURCE);
  const curatedPlants = (await readRows(root, 'registry/plants.csv')).filter((r) => r.source !== VPIC_SOURCE);
  const vpicWmis = new Set(wmiRows.map((r) => r.wmi));
  const keptWmi = curatedWmi.filter((r) => !vpicWmis.has(r.wmi!));
  for (const r of curatedWmi) if (vpicWmis.has(r.wmi!)) skipped.push(`curated WMI ${r.wmi} is now in vPIC: the vPIC row replaces it`);
  const wmis = [...wmiRows, ...keptWmi].sort(compareRows(ROW_ORDER.wmi));
  const plants = [...plantRows, ...curatedPlants].sort(compareRows(ROW_ORDER.plants));
  await writeFile(join(root, 'registry/wmi.csv'), toCsv(WMI_HEADER, wmis));
  await writeFile(join(root, 'registry/plants.csv'), toCsv(PLANT_HEADER, plants));
  const vehicleRows: Record<string, number> = {};
  for (const [table, header] of Object.entries(VEHICLE_HEADERS) as [VehicleTableName, readonly string[]][]) {
    await writeFile(join(root, `registry/${table}.csv`), toCsv(header, vehicle[table]));
    vehicleRows[table] = vehicle[table].length;
  }
  return { wmiRows: wmiRows.length, plantRows: plantRows.length, curatedWmiKept: keptWmi.length, curatedPlantsKept: curatedPlants.length, vehicleRows, skipped };
}
