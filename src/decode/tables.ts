// Runtime indexes over the compiled registry. Decode functions take a `Tables` argument, so tests
// can hand in a five-row registry; index.ts binds the generated one.
import type { Evidence } from '../generated/contract.js';
import { CHAR_SLOT_BASE, CHAR_SLOTS, charSlot, charSlotOf, VIN_ORDER } from './alphabet.js';
import { compilePattern, type VinPattern } from './pattern.js';
import { interner } from './interner.js';
import { NO_VEHICLE_DATA, type VehicleData } from './vehicle-data.js';
import { decodePlantGroup, type GroupedTable, type PlantTuple, type RegistryData, type SourcedTable } from './registry-data.js';

export interface CountryRange { countryCode: string | null; country: string | null; region: string; source: string }
export interface WmiEntry { wmi: string; manufacturer: string; make: string | null; countryCode: string | null; vehicleType: string | null; source: string }
/**
 * One plant row, as the registry states it: read-only data. What decodes make of a row (its
 * assembly layer, evidence item, warnings) is kept by the decoder, by `id` (shared-parts.ts).
 */
export interface PlantEntry {
  /** Numbers the rows of one Tables from 0, in the order they are first indexed: a slot in per-row arrays. */
  readonly id: number;
  readonly plantCode: string; readonly yearFrom: number; readonly yearTo: number; readonly pattern: VinPattern | null; readonly specificity: number;
  readonly countryCode: string; readonly city: string | null; readonly state: string | null; readonly company: string | null; readonly source: string;
}
/** The plant rows of one WMI and plant code, arranged so a lookup is an index, not a search. */
export interface PlantCode {
  /** The rows tied to other VIN positions by a pattern that cover each model year (index = year - FIRST_MODEL_YEAR), most specific first: tried before the rest. */
  patternedByYear: readonly (readonly PlantEntry[])[];
  /** Rows without a pattern, by model year (index = year - FIRST_MODEL_YEAR); the narrowest span wins. */
  byYear: YearIndex;
  /** Every row, for the fallback to other years. */
  all: readonly PlantEntry[];
}

/**
 * Rows without a pattern by model year: `at(year - FIRST_MODEL_YEAR)`. Stored as one byte per
 * year (the row's index in `all` + 1, 0 for none) rather than an array of 61 references: a fleet
 * touches thousands of plant codes, and a decoding process should stay small.
 */
export class YearIndex {
  constructor(private readonly rows: readonly PlantEntry[], private readonly slots: Uint8Array | null) {}
  at(index: number): PlantEntry | undefined {
    const slot = this.slots === null ? 0 : this.slots[index] ?? 0;
    return slot === 0 ? undefined : this.rows[slot - 1];
  }
}

/** One WMI's plant rows: by position-11 character slot (alphabet.ts), and the '*' rows. */
export interface PlantsByCode {
  codes: readonly (PlantCode | undefined)[];
  wildcard: PlantCode | undefined;
}

export const FIRST_MODEL_YEAR = 1980;
export const LAST_MODEL_YEAR = 2040;
/**
 * The readings of one position-10 code, made once and shared: every year it can stand for (no
 * later than buildYear + 1), and each cycle of the position-7 rule (null when empty).
 */
export interface ModelYearCode { plausible: ModelYearReading; before2010: ModelYearReading | null; since2010: ModelYearReading | null }

/** What position 10 says about the model year. Shared between decodes (frozen): never mutate. */
export interface ModelYearReading {
  modelYear: number | null;
  /** Ascending. */
  candidates: readonly number[];
  /** The position-7 rule picked the cycle. */
  byPosition7: boolean;
  /** The model-years row behind the reading, or null when position 10 is no year code. */
  evidence: Readonly<Evidence> | null;
  /** A small number naming this reading among all readings of the table, for per-reading caches. */
  key: number;
  /** The position-10 character read. */
  code: string;
}
export interface JdmEntry {
  modelCode: string;
  /** The serial length the row holds for, or null for any serial. */
  serialDigits: number | null;
  manufacturer: string; make: string; model: string; yearFrom: number; yearTo: number;
  plant: string | null; city: string | null; prefecture: string | null; source: string;
}

export interface Tables {
  buildYear: number;
  countryName: ReadonlyMap<string, string>;
  /** Keyed by the first two VIN characters. */
  iso3780: ReadonlyMap<string, CountryRange>;
  wmi: ReadonlyMap<string, WmiEntry>;
  /** WMI → plant code ('*' for rows where the pattern alone decides) → rows, best first. */
  plants: { get(wmi: string): PlantsByCode | undefined };
  /** Position-10 codes by character slot (alphabet.ts). */
  modelYearByChar: readonly (ModelYearCode | undefined)[];
  /** Readings of the characters that are no model-year code, by character slot. */
  modelYearUnknown: readonly ModelYearReading[];
  /** How many distinct readings `key` numbers. */
  modelYearReadings: number;
  /** Keyed by `jdmKey`: the model code, or model code and serial length for rows that name one. */
  jdm: ReadonlyMap<string, JdmEntry>;
  /** Model codes with rows that hold only for serials of a stated length. */
  jdmBySerialLength: ReadonlySet<string>;
  /** vPIC's VIN schemas and patterns: what the vehicle is. */
  vehicle: VehicleData;
}

/**
 * The key of a JDM row in `Tables.jdm`. Honda and Subaru use some of the same model codes (GK3,
 * RA1, GD2, ...); their frame numbers differ in serial length, so such rows name the length.
 */
export function jdmKey(modelCode: string, serialDigits: number | null): string {
  return serialDigits === null ? modelCode : `${modelCode}/${serialDigits}`;
}

const orNull = (text: string): string | null => (text === '' ? null : text);

export function indexTables(data: RegistryData): Tables {
  const countryName = new Map(data.countryCodes.map(([code, name]) => [code, name]));
  const iso3780 = new Map<string, CountryRange>();
  for (const [first, from, to, code, region, s] of data.iso3780.rows) {
    const range: CountryRange = { countryCode: orNull(code), country: countryName.get(code) ?? null, region, source: data.iso3780.sources[s]! };
    for (let i = VIN_ORDER.indexOf(from); i >= 0 && i <= VIN_ORDER.indexOf(to); i++) iso3780.set(first + VIN_ORDER[i], range);
  }
  const wmi = new Map<string, WmiEntry>();
  for (const [w, manufacturer, make, code, type, s] of data.wmi.rows) {
    wmi.set(w, { wmi: w, manufacturer, make: orNull(make.replace(/; /g, ', ')), countryCode: orNull(code), vehicleType: orNull(type), source: data.wmi.sources[s]! });
  }
  const plants = new PlantIndex(data.plants);
  const modelYearByChar: (ModelYearCode | undefined)[] = new Array(CHAR_SLOTS).fill(undefined);
  let readingKeys = 0;
  const reading = (code: string, years: readonly number[], byPosition7: boolean, evidence: Readonly<Evidence>): ModelYearReading =>
    Object.freeze({ modelYear: years.length > 0 ? years[years.length - 1]! : null, candidates: years, byPosition7, evidence, key: readingKeys++, code });
  for (const [code, years, s] of data.modelYears.rows) {
    // Frozen: results share them as their modelYearCandidates.
    const plausible = Object.freeze([...years].filter((y) => y <= data.buildYear + 1).sort((a, b) => a - b));
    const before2010 = Object.freeze(plausible.filter((y) => y < 2010));
    const since2010 = Object.freeze(plausible.filter((y) => y >= 2010));
    const evidence = Object.freeze({ layer: 'modelYear', table: 'model-years', key: code, source: data.modelYears.sources[s]! });
    const evidenceByRule = Object.freeze({ layer: 'modelYear', table: 'model-years', key: code, source: `${data.modelYears.sources[s]!}; position-7 rule` });
    const entry: ModelYearCode = {
      plausible: reading(code, plausible, false, evidence),
      before2010: before2010.length > 0 ? reading(code, before2010, true, evidenceByRule) : null,
      since2010: since2010.length > 0 ? reading(code, since2010, true, evidenceByRule) : null,
    };
    const slot = charSlotOf(code.charCodeAt(0));
    if (code.length === 1 && slot >= 0) modelYearByChar[slot] = entry;
  }
  const modelYearUnknown = Array.from({ length: CHAR_SLOTS }, (_, i): ModelYearReading =>
    Object.freeze({ modelYear: null, candidates: Object.freeze([]), byPosition7: false, evidence: null, key: readingKeys++, code: String.fromCharCode(CHAR_SLOT_BASE + i) }));
  const jdm = new Map<string, JdmEntry>();
  const jdmBySerialLength = new Set<string>();
  for (const [modelCode, digits, manufacturer, make, model, from, to, plant, city, prefecture, s] of data.jdm.rows) {
    const serialDigits = digits === 0 ? null : digits;
    if (serialDigits !== null) jdmBySerialLength.add(modelCode);
    jdm.set(jdmKey(modelCode, serialDigits), { modelCode, serialDigits, manufacturer, make, model, yearFrom: from, yearTo: to, plant: orNull(plant), city: orNull(city), prefecture: orNull(prefecture), source: data.jdm.sources[s]! });
  }
  return { buildYear: data.buildYear, countryName, iso3780, wmi, plants, modelYearByChar, modelYearUnknown, modelYearReadings: readingKeys, jdm, jdmBySerialLength, vehicle: data.vehicle ?? NO_VEHICLE_DATA };
}

/** One string per distinct name (interner.ts). */
type Intern = (text: string) => string;

/** What a plant row is built from: its text's names interned, and the next free row id. */
interface RowMaker { readonly sources: readonly string[]; readonly intern: Intern; nextId: number }

function plantEntry(t: PlantTuple, maker: RowMaker): PlantEntry {
  const [, code, from, to, pattern, country, city, state, company, s] = t;
  const compiled = pattern ? compilePattern(pattern) : null;
  const { intern } = maker;
  return {
    id: maker.nextId++,
    plantCode: code, yearFrom: from, yearTo: to === 0 ? 9999 : to, pattern: compiled, specificity: compiled ? compiled.positions.length : 0,
    countryCode: intern(country), city: orNull(intern(city)), state: orNull(intern(state)), company: orNull(intern(company)), source: maker.sources[s]!,
  };
}

const NO_PATTERNED_ROWS: readonly (readonly PlantEntry[])[] = Object.freeze(new Array(LAST_MODEL_YEAR - FIRST_MODEL_YEAR + 1).fill(Object.freeze([])));

function plantCode(entries: PlantEntry[]): PlantCode {
  // Most specific pattern first, then the narrower year span: the first match is the answer.
  entries.sort((a, b) => b.specificity - a.specificity || (a.yearTo - a.yearFrom) - (b.yearTo - b.yearFrom));
  // Up to 255 rows per code fit a byte (vPIC's largest has far fewer); past that, rows are dropped from the index, never misread.
  let slots: Uint8Array | null = null;
  for (let i = 0; i < entries.length && i < 255; i++) {
    const e = entries[i]!;
    if (e.pattern) continue;
    slots ??= new Uint8Array(LAST_MODEL_YEAR - FIRST_MODEL_YEAR + 1);
    const to = Math.min(e.yearTo, LAST_MODEL_YEAR);
    for (let y = Math.max(e.yearFrom, FIRST_MODEL_YEAR); y <= to; y++) if (slots[y - FIRST_MODEL_YEAR] === 0) slots[y - FIRST_MODEL_YEAR] = i + 1;
  }
  const byYear = new YearIndex(entries, slots);
  const patterned = entries.filter((e) => e.pattern !== null);
  // Most codes have no patterned rows: they share one index of empty years.
  if (patterned.length === 0) return { patternedByYear: NO_PATTERNED_ROWS, byYear, all: entries };
  const none: readonly PlantEntry[] = [];
  const patternedByYear: (readonly PlantEntry[])[] = [];
  let previous = none;
  for (let y = FIRST_MODEL_YEAR; y <= LAST_MODEL_YEAR; y++) {
    const rows = patterned.filter((e) => y >= e.yearFrom && y <= e.yearTo);
    // Neighbouring years usually hold the same rows: share the array.
    previous = rows.length === 0 ? none : rows.length === previous.length && rows.every((e, i) => e === previous[i]) ? previous : rows;
    patternedByYear.push(previous);
  }
  return { patternedByYear, byYear, all: entries };
}

function byPlantCode(rows: readonly PlantTuple[], maker: RowMaker): PlantsByCode {
  const groups = new Map<string, PlantEntry[]>();
  for (const row of rows) (groups.get(row[1]) ?? groups.set(row[1], []).get(row[1])!).push(plantEntry(row, maker));
  const codes: (PlantCode | undefined)[] = new Array(CHAR_SLOTS).fill(undefined);
  let wildcard: PlantCode | undefined;
  for (const [code, entries] of groups) {
    if (code === '*') wildcard = plantCode(entries);
    else codes[charSlot(code.charCodeAt(0))] = plantCode(entries);
  }
  return { codes, wildcard };
}

/** Plant rows per WMI, built on first lookup of each WMI. */
class PlantIndex {
  private readonly built = new Map<string, PlantsByCode>();
  private readonly groups: Readonly<Record<string, string>>;
  /** Interned names are bounded by the registry's distinct names; ids by its rows. */
  private readonly maker: RowMaker;

  constructor(table: SourcedTable<PlantTuple> | GroupedTable<PlantTuple>) {
    this.maker = { sources: table.sources, intern: interner(), nextId: 0 };
    if ('groups' in table) {
      this.groups = table.groups;
      return;
    }
    this.groups = {};
    const rowsByWmi = new Map<string, PlantTuple[]>();
    for (const row of table.rows) (rowsByWmi.get(row[0]) ?? rowsByWmi.set(row[0], []).get(row[0])!).push(row);
    for (const [wmi, rows] of rowsByWmi) this.built.set(wmi, byPlantCode(rows, this.maker));
  }

  get(wmi: string): PlantsByCode | undefined {
    const built = this.built.get(wmi);
    if (built) return built;
    if (!Object.hasOwn(this.groups, wmi)) return undefined;
    const index = byPlantCode(decodePlantGroup(wmi, this.groups[wmi]!, this.maker.sources.length), this.maker);
    this.built.set(wmi, index);
    return index;
  }
}
