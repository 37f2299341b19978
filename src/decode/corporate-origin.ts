// Layer 1: who stands behind the WMI. The country is the ISO 3780 allocation of the first two
// characters; the manufacturer comes from the WMI registry (3 characters, or 6 for low-volume
// makers whose third character is 9: positions 1-3 + 12-14).
import type { DecodeResult, Evidence, Warning } from '../generated/contract.js';
import { followsPosition7Rule } from './model-year.js';
import { isVpicSource } from './registry-data.js';
import { FIRST_MODEL_YEAR, type CountryRange, type PlantsByCode, type Tables, type WmiEntry } from './tables.js';

export const NO_PLANTS: PlantsByCode = { codes: [], wildcard: undefined };

export interface CorporateOrigin {
  wmi: string;
  lowVolume: boolean;
  range: CountryRange | null;
  entry: WmiEntry | null;
  /** Check digits are mandatory for vehicles made for North America (49 CFR 565) and China (GB 16735). */
  checkDigitRequired: boolean;
  /** This WMI's plant rows by plant code (empty when the registry has none). */
  plants: PlantsByCode;
  /** Its vehicle type follows the position-7 model-year rule. */
  position7Rule: boolean;
  /**
   * The first model year the registry knows a vehicle of this WMI for (its earliest vPIC plant row,
   * curated plant row with a first year, or vehicle schema link), or 0 when none says: a position-7 reading before it is no
   * vehicle of this WMI (model-year.ts).
   */
  firstYear: number;
  /** Shared between decodes of the same WMI: the layer is frozen, the arrays are copied by each decode. */
  layer: Readonly<DecodeResult['corporateOrigin']>;
  evidence: readonly Evidence[];
  warnings: readonly Warning[];
}

export function effectiveWmi(vin: string): string {
  return vin[2] === '9' ? vin.slice(0, 3) + vin.slice(11, 14) : vin.slice(0, 3);
}

export function resolveCorporateOrigin(tables: Tables, vin: string): CorporateOrigin {
  const wmi = effectiveWmi(vin);
  const lowVolume = wmi.length === 6;
  const range = tables.iso3780.get(vin.slice(0, 2)) ?? null;
  const entry = tables.wmi.get(wmi) ?? null;
  const evidence: Evidence[] = [];
  const warnings: Warning[] = [];
  let countryCode = range?.countryCode ?? null;
  let country = range?.country ?? null;
  if (range?.countryCode) evidence.push(Object.freeze({ layer: 'corporateOrigin', table: 'countries', key: vin.slice(0, 2), source: range.source }));
  if (entry) {
    evidence.push(Object.freeze({ layer: 'corporateOrigin', table: 'wmi', key: wmi, source: entry.source }));
    if (!countryCode && entry.countryCode) {
      countryCode = entry.countryCode;
      country = tables.countryName.get(entry.countryCode) ?? null;
    } else if (countryCode && entry.countryCode && entry.countryCode !== countryCode) {
      const other = tables.countryName.get(entry.countryCode) ?? entry.countryCode;
      warnings.push(Object.freeze({
        code: 'MANUFACTURER_COUNTRY_DIFFERS',
        message: `The WMI ${wmi} is allocated to ${country} (ISO 3780), but the registry records ${entry.manufacturer} in ${other}.`,
      }));
    }
  } else {
    warnings.push({ code: 'WMI_UNKNOWN', message: `The WMI ${wmi} is not in the registry; only the ISO 3780 country range is known.` });
  }
  const layer = Object.freeze({
    wmi,
    country,
    countryCode,
    region: range?.region ?? null,
    manufacturer: entry?.manufacturer ?? null,
    productionVolume: entry || range?.countryCode ? (lowVolume ? 'Low-Volume Production (under 1,000 a year)' : 'High-Volume Production') : null,
  });
  return {
    wmi, lowVolume, range, entry, checkDigitRequired: range?.region === 'North America' || countryCode === 'CN',
    plants: tables.plants.get(wmi) ?? NO_PLANTS, position7Rule: followsPosition7Rule(entry, range?.region),
    firstYear: entry ? firstYearOf(tables, wmi) : 0, layer, evidence, warnings,
  };
}

/** The earliest model year of a WMI's plant rows and vehicle schema links (0: none with a year). */
function firstYearOf(tables: Tables, wmi: string): number {
  let first = Infinity;
  const plants = tables.plants.get(wmi);
  for (const code of [...(plants?.codes ?? []), plants?.wildcard]) {
    for (const row of code?.all ?? []) {
      // A curated row open to the past gives no year (it holds for every year its source covers);
      // vPIC's rows always give one, its first model year (1980) included. (A curated source may
      // itself begin "NHTSA vPIC names …": only a vPIC row, or one a correction changed, counts.)
      if (row.yearFrom <= FIRST_MODEL_YEAR && !isVpicSource(row.source)) continue;
      first = Math.min(first, row.yearFrom);
    }
  }
  for (const [, yearFrom] of tables.vehicle.linksOf(wmi) ?? []) first = Math.min(first, yearFrom);
  // A vPIC row from the registry's first model year: no bound before it.
  return first === Infinity || first <= FIRST_MODEL_YEAR ? 0 : first;
}
