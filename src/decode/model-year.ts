// Model year from position 10 (49 CFR 565.15): the code table repeats every 30 years. For cars,
// MPVs and light trucks built to Part 565, position 7 tells the cycle: a digit means 1980-2009, a
// letter 2010-2039. Otherwise every year the code can stand for is a candidate, and the answer
// is the most recent one no later than the registry's build year + 1.
import type { Evidence } from '../generated/contract.js';
import type { Tables } from './tables.js';

const POSITION_7_RULE_TYPES = new Set(['Passenger Car', 'Multipurpose Passenger Vehicle (MPV)', 'Truck']);

export interface ModelYearReading {
  modelYear: number | null;
  /** Ascending; shared between decodes, so never mutated. */
  candidates: readonly number[];
  /** The position-7 rule picked the cycle. */
  byPosition7: boolean;
  /** The model-years row behind the reading (shared), or null when position 10 is no year code. */
  evidence: Evidence | null;
}

export function readModelYear(tables: Tables, vin: string, vehicleType: string | null, checkDigitMatches: boolean): ModelYearReading {
  const code = tables.modelYears.get(vin[9]!);
  if (!code) return { modelYear: null, candidates: [], byPosition7: false, evidence: null };
  // A VIN whose check digit holds was written to Part 565, so its position 7 follows the rule.
  if (checkDigitMatches && vehicleType !== null && POSITION_7_RULE_TYPES.has(vehicleType)) {
    const digit = vin.charCodeAt(6) >= 48 && vin.charCodeAt(6) <= 57;
    const cycle = digit ? code.before2010 : code.since2010;
    if (cycle.length > 0) return { modelYear: cycle[cycle.length - 1]!, candidates: cycle, byPosition7: true, evidence: code.evidenceByRule };
  }
  const all = code.plausible;
  return { modelYear: all.length > 0 ? all[all.length - 1]! : null, candidates: all, byPosition7: false, evidence: code.evidence };
}
