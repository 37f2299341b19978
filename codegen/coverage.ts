// `vino registry coverage`: how far the plant codes of registry/plants.csv reach, per maker and per
// ISO 3780 region, so the next curation pass knows where to go. It reads the rows as they are
// (no validation: a steward may ask mid-edit) and counts; formatting is coverage-text.ts's job.
import type { RegistryRows } from './tables.js';

export interface SourceCount {
  source: string;
  /** Plant codes (WMI + position-11 code) with at least one row from this source. */
  codes: number;
}

export interface GroupCoverage {
  /** The maker (a WMI's first make, or its manufacturer where it names no make) or the region. */
  name: string;
  wmis: number;
  wmisWithPlants: number;
  /** Distinct WMI + plant code pairs (`*` counts once per WMI: rows the pattern alone decides). */
  plantCodes: number;
  /** Most codes first. */
  sources: SourceCount[];
  /** In WMI order. */
  wmisWithoutPlants: string[];
}

export interface JdmCoverage {
  modelCodes: number;
  unverified: number;
  withPlant: number;
}

export interface Coverage {
  /** What was counted: every WMI, or those of one region or maker. */
  filter: { region: string | null; maker: string | null };
  total: GroupCoverage;
  /** The six ISO 3780 regions in alphabetical order, then `Unknown` for WMIs no range allocates. */
  regions: GroupCoverage[];
  /** Most WMIs first, then by name. */
  makers: GroupCoverage[];
  jdm: JdmCoverage;
}

export interface CoverageFilter {
  /** An ISO 3780 region name, matched without regard to case or accents. */
  region?: string;
  /** Part of a make or manufacturer name, matched without regard to case or accents. */
  maker?: string;
}

interface WmiFacts {
  wmi: string;
  maker: string;
  region: string;
  /** plant code → the sources of its rows */
  codes: Map<string, Set<string>>;
}

const UNKNOWN_REGION = 'Unknown';

/** Lower case without accents, so `skoda` finds Škoda. */
const fold = (text: string): string => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

function makerOf(make: string, manufacturer: string): string {
  return make.split(';')[0]!.trim() || manufacturer.trim() || '(unnamed)';
}

function summarise(name: string, wmis: readonly WmiFacts[]): GroupCoverage {
  const perSource = new Map<string, number>();
  let plantCodes = 0;
  const without: string[] = [];
  for (const w of wmis) {
    if (w.codes.size === 0) without.push(w.wmi);
    plantCodes += w.codes.size;
    for (const sources of w.codes.values()) for (const s of sources) perSource.set(s, (perSource.get(s) ?? 0) + 1);
  }
  const sources = [...perSource].map(([source, codes]) => ({ source, codes })).sort((a, b) => b.codes - a.codes || a.source.localeCompare(b.source));
  return { name, wmis: wmis.length, wmisWithPlants: wmis.length - without.length, plantCodes, sources, wmisWithoutPlants: without.sort() };
}

function groupBy(wmis: readonly WmiFacts[], key: (w: WmiFacts) => string): Map<string, WmiFacts[]> {
  const groups = new Map<string, WmiFacts[]>();
  for (const w of wmis) {
    const k = key(w);
    const list = groups.get(k);
    if (list) list.push(w);
    else groups.set(k, [w]);
  }
  return groups;
}

/** Counts plant-code coverage over the registry's rows. */
export function registryCoverage(rows: RegistryRows, filter: CoverageFilter = {}): Coverage {
  const regionOfFirst = new Map(rows.countries.map((r) => [r.values.first_char!, r.values.region!]));
  const byWmi = new Map<string, WmiFacts>();
  for (const { values: v } of rows.wmi) {
    byWmi.set(v.wmi!, { wmi: v.wmi!, maker: makerOf(v.make ?? '', v.manufacturer ?? ''), region: regionOfFirst.get(v.wmi![0]!) ?? UNKNOWN_REGION, codes: new Map() });
  }
  for (const { values: v } of rows.plants) {
    const w = byWmi.get(v.wmi!);
    if (!w) continue; // a plant row of a WMI the registry lacks: `registry check` reports it
    const sources = w.codes.get(v.plant_code!) ?? new Set<string>();
    sources.add(v.source!);
    w.codes.set(v.plant_code!, sources);
  }
  const region = filter.region === undefined ? undefined : fold(filter.region);
  const maker = filter.maker === undefined ? undefined : fold(filter.maker);
  const manufacturerOf = new Map(rows.wmi.map((r) => [r.values.wmi!, fold(r.values.manufacturer ?? '')]));
  const chosen = [...byWmi.values()].filter((w) =>
    (region === undefined || fold(w.region) === region) &&
    (maker === undefined || fold(w.maker).includes(maker) || manufacturerOf.get(w.wmi)!.includes(maker)));
  const regionNames = [...new Set(regionOfFirst.values())].sort();
  const regionGroups = groupBy(chosen, (w) => w.region);
  const regions = [...regionNames, UNKNOWN_REGION]
    .filter((r) => regionGroups.has(r))
    .map((r) => summarise(r, regionGroups.get(r)!));
  // Makers group by name without regard to case or accents; the first spelling met names the group.
  const makerGroups = groupBy(chosen, (w) => fold(w.maker));
  const makers = [...makerGroups.values()]
    .map((ws) => summarise(ws[0]!.maker, ws))
    .sort((a, b) => b.wmis - a.wmis || a.name.localeCompare(b.name));
  const jdm = rows['jdm-chassis'];
  return {
    filter: { region: filter.region ?? null, maker: filter.maker ?? null },
    total: summarise('all', chosen),
    regions,
    makers,
    jdm: {
      modelCodes: jdm.length,
      unverified: jdm.filter((r) => (r.values.source ?? '').startsWith('unverified')).length,
      withPlant: jdm.filter((r) => r.values.plant || r.values.plant_city).length,
    },
  };
}
