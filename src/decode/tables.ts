// Runtime indexes over the compiled registry. Decode functions take a `Tables` argument, so tests
// can hand in a five-row registry; index.ts binds the generated one.
import { VIN_ORDER } from './alphabet.js';
import { compilePattern, type VinPattern } from './pattern.js';
import type { RegistryData } from './registry-data.js';

export interface CountryRange { countryCode: string | null; country: string | null; region: string; source: string }
export interface WmiEntry { wmi: string; manufacturer: string; make: string | null; countryCode: string | null; vehicleType: string | null; source: string }
export interface PlantEntry {
  plantCode: string; yearFrom: number; yearTo: number; pattern: VinPattern | null; specificity: number;
  countryCode: string; city: string | null; state: string | null; company: string | null; source: string;
}
export type PlantsByCode = ReadonlyMap<string, readonly PlantEntry[]>;
export interface ModelYearCode { plausible: readonly number[]; before2010: readonly number[]; since2010: readonly number[]; source: string }
export interface JdmEntry {
  modelCode: string; manufacturer: string; make: string; model: string; yearFrom: number; yearTo: number;
  plant: string | null; city: string | null; prefecture: string | null; source: string;
}

export interface Tables {
  buildYear: number;
  countryName: ReadonlyMap<string, string>;
  /** Keyed by the first two VIN characters. */
  iso3780: ReadonlyMap<string, CountryRange>;
  wmi: ReadonlyMap<string, WmiEntry>;
  /** WMI → plant code ('*' for rows where the pattern alone decides) → rows, best first. */
  plants: ReadonlyMap<string, PlantsByCode>;
  /** Position-10 code → its years no later than buildYear + 1, ascending, and split at 2010 for the position-7 rule. */
  modelYears: ReadonlyMap<string, ModelYearCode>;
  jdm: ReadonlyMap<string, JdmEntry>;
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
  const plants = new Map<string, Map<string, PlantEntry[]>>();
  for (const [w, code, from, to, pattern, country, city, state, company, s] of data.plants.rows) {
    const compiled = pattern ? compilePattern(pattern) : null;
    const entry: PlantEntry = {
      plantCode: code, yearFrom: from, yearTo: to === 0 ? 9999 : to, pattern: compiled, specificity: compiled ? compiled.positions.length : 0,
      countryCode: country, city: orNull(city), state: orNull(state), company: orNull(company), source: data.plants.sources[s]!,
    };
    const byCode = plants.get(w) ?? plants.set(w, new Map()).get(w)!;
    (byCode.get(code) ?? byCode.set(code, []).get(code)!).push(entry);
  }
  // Most specific pattern first, then the narrower year span: the first match is the answer.
  for (const byCode of plants.values()) {
    for (const list of byCode.values()) list.sort((a, b) => b.specificity - a.specificity || (a.yearTo - a.yearFrom) - (b.yearTo - b.yearFrom));
  }
  const modelYears = new Map<string, ModelYearCode>();
  for (const [code, years, s] of data.modelYears.rows) {
    // Not frozen: V8 copies frozen arrays on a slow path, and decodes copy these.
    const plausible = [...years].filter((y) => y <= data.buildYear + 1).sort((a, b) => a - b);
    modelYears.set(code, {
      plausible,
      before2010: plausible.filter((y) => y < 2010),
      since2010: plausible.filter((y) => y >= 2010),
      source: data.modelYears.sources[s]!,
    });
  }
  const jdm = new Map<string, JdmEntry>();
  for (const [modelCode, manufacturer, make, model, from, to, plant, city, prefecture, s] of data.jdm.rows) {
    jdm.set(modelCode, { modelCode, manufacturer, make, model, yearFrom: from, yearTo: to, plant: orNull(plant), city: orNull(city), prefecture: orNull(prefecture), source: data.jdm.sources[s]! });
  }
  return { buildYear: data.buildYear, countryName, iso3780, wmi, plants, modelYears, jdm };
}
