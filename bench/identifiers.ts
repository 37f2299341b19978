// A deterministic, realistic mix of identifiers for the benchmarks, drawn from the registry
// itself: mostly valid VINs of registry WMIs whose plant codes resolve (as a fleet file holds, big
// makers more often than small ones),
// some European-market VINs with unresolved plants, JDM chassis numbers, and malformed input.
import { calculateCheckDigit } from '../src/decode/check-digit.js';
import { JDM_CHASSIS } from '../src/generated/jdm-chassis.js';
import { PLANTS } from '../src/generated/plants.js';
import { WMI } from '../src/generated/wmi.js';
import { decodePlantGroup } from '../src/decode/registry-data.js';
import { compilePattern } from '../src/decode/pattern.js';

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** mulberry32: a small seeded PRNG, so every run benchmarks the same inputs. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function yearCode(year: number): string {
  return YEAR_CODES[(year - 1980) % 30]!;
}

/**
 * `fleet`: what a company's fleet file holds: VINs of the 300 WMIs with the most plant rows (the
 * big makers) and of 100 European-market passenger-car WMIs. `long-tail`: every WMI in the
 * registry, down to one-off trailer makers: thousands of WMIs, so the decoder's tables no longer
 * sit in the CPU cache. Either way a plant row picked uniformly weights each maker by its rows.
 */
export type MixBreadth = 'fleet' | 'long-tail';

export function identifierMix(count: number, seed = 1, breadth: MixBreadth = 'fleet'): string[] {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const chars = (n: number): string => Array.from({ length: n }, () => pick([...VIN_CHARS])).join('');
  let groups = Object.entries(PLANTS.groups).filter(([w]) => w.length === 3).map(([wmi, text]) => decodePlantGroup(wmi, text, PLANTS.sources.length));
  let otherWmis = WMI.rows.filter((r) => r[0].length === 3 && !Object.hasOwn(PLANTS.groups, r[0]));
  if (breadth === 'fleet') {
    groups = groups.sort((a, b) => b.length - a.length || (a[0]![0] < b[0]![0] ? -1 : 1)).slice(0, 300);
    otherWmis = otherWmis.filter((r) => r[4] === 'Passenger Car' && /^[S-Z]/.test(r[0])).slice(0, 100);
  }
  const plantRows = groups.flat();
  const otherWmiCodes = otherWmis.map((r) => r[0]);
  const jdm = JDM_CHASSIS.rows.map((r) => r[0]);
  const out: string[] = [];
  while (out.length < count) {
    const roll = random();
    if (roll < 0.8) {
      const plant = pick(plantRows);
      const wmi = plant[0];
      const from = plant[2] || 2000, to = plant[3] || 2026;
      const year = from + Math.floor(random() * (Math.min(to, 2026) - from + 1));
      const code = plant[1] === '*' ? pick([...VIN_CHARS]) : plant[1];
      // Position 7 follows the 49 CFR 565.15 rule: a letter from 2010, a digit before.
      const p7 = year >= 2010 ? pick([...'ABCDEFGHJKLMNPRSTUVWXYZ']) : pick([...'0123456789']);
      const draft = [...`${wmi}${chars(3)}${p7}${chars(1)}0${yearCode(year)}${code}${chars(6)}`];
      // A real VIN of a row tied to other positions by a pattern fits that pattern: fill them in
      // (positions 4-8 and 12-17; the check digit, year and plant code stay as drawn).
      if (plant[4]) {
        const { positions, allowed } = compilePattern(plant[4]);
        positions.forEach((index, i) => { if (index !== 8 && index !== 9 && index !== 10) draft[index] = pick([...allowed[i]!]); });
      }
      const vin = draft.join('');
      out.push(vin.slice(0, 8) + calculateCheckDigit(vin) + vin.slice(9));
    } else if (roll < 0.9) {
      out.push(`${pick(otherWmiCodes)}ZZZ${chars(2)}Z${pick([...YEAR_CODES])}${chars(7)}`);
    } else if (roll < 0.95) {
      out.push(`${pick(jdm)}-${String(Math.floor(random() * 1e6)).padStart(6, '0')}`);
    } else {
      out.push(pick(['1HGCM82633A0O4352', '1HGCM82633A00435', '', '  1hgcm82633a004352 ', '<script>', 'JZA80-1004956X']));
    }
  }
  return out;
}

/**
 * A fleet as fleets are: the same models over and over. 2,000 models (VINs of the fleet mix, so
 * positions 1-11 of each) and every identifier one of them with a fresh serial (positions 12-17)
 * and its check digit made right; the fleet's other identifiers (European, JDM, malformed) as drawn.
 */
export function repeatedModels(count: number, seed = 1): string[] {
  const random = rng(seed + 1000);
  const models = identifierMix(2_000, seed, 'fleet');
  const out: string[] = [];
  while (out.length < count) {
    const model = models[Math.floor(random() * models.length)]!;
    if (model.length !== 17 || !/^[A-HJ-NPR-Z0-9]+$/.test(model)) { out.push(model); continue; }
    const serial = String(Math.floor(random() * 1e6)).padStart(6, '0');
    const draft = model.slice(0, 11) + serial;
    out.push(draft.slice(0, 8) + calculateCheckDigit(draft) + draft.slice(9));
  }
  return out;
}

/** VINs of the fleet mix of which no two share positions 1-8: every vehicle layer decision is new. */
export function distinctModels(count: number, seed = 1): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of identifierMix(count * 2, seed, 'fleet')) {
    if (id.length !== 17 || !/^[A-HJ-NPR-Z0-9]+$/.test(id) || seen.has(id.slice(0, 8))) continue;
    seen.add(id.slice(0, 8));
    out.push(id);
    if (out.length === count) break;
  }
  return out;
}
