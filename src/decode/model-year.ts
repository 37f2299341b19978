// Model year from position 10 (49 CFR 565.15): the code table repeats every 30 years. For cars,
// MPVs and light trucks built to Part 565, position 7 tells the cycle: a digit means 1980-2009, a
// letter 2010-2039. Otherwise every year the code can stand for is a candidate, and the answer
// is the most recent one no later than the registry's build year + 1.
import { charSlot } from './alphabet.js';
import { isVpicSource } from './registry-data.js';
import type { ModelYearReading, Tables, WmiEntry } from './tables.js';

export type { ModelYearReading } from './tables.js';

const POSITION_7_RULE_TYPES = new Set(['Passenger Car', 'Multipurpose Passenger Vehicle (MPV)', 'Truck']);

/**
 * Whether a WMI's vehicles follow the position-7 rule (when their check digit holds): the rule is
 * Part 565's, so it binds cars, MPVs and trucks of makers that sell in the United States, whose WMIs
 * NHTSA's registry holds. A WMI known only from a curated source (Honda Thailand's MRH, say) is of a
 * maker that does not build to Part 565: a valid check digit there (makers compute it everywhere, and
 * China requires it) says nothing about position 7, so both cycles stay candidates. So too for a
 * South American WMI (ISO 3780 region `8`-`9`): NHTSA holds VW do Brasil's 9BW and Ford Brasil's 9BF
 * for the few vehicles they built for the US, but their home-market VINs write a digit at position 7
 * in any year (a 2014 VW Fox `9BWAA45Z5E…`, a 2017 Ford Ka `9BFZH55J6H…`), and the rule would read
 * them 30 years early.
 */
export function followsPosition7Rule(entry: WmiEntry | null | undefined, region: string | null | undefined): boolean {
  return !!entry && isVpicSource(entry.source) && entry.vehicleType !== null && POSITION_7_RULE_TYPES.has(entry.vehicleType)
    && region !== 'South America';
}

/**
 * The reading of a VIN's position 10 (a character of the VIN alphabet); readings are made once per
 * code and shared. `firstYear` (0: none) is the first model year the registry knows the WMI for: a
 * cycle the position-7 rule picks before it names no vehicle of the WMI, so the VIN was not written
 * to the rule (a Europe-market Lexus RX of 2014, `JTJBC11A…E…`, has a digit at 7: 1984, five years
 * before Lexus), and every year the code stands for stays a candidate.
 */
export function readModelYear(tables: Tables, vin: string, position7Rule: boolean, checkDigitMatches: boolean, firstYear = 0): ModelYearReading {
  const slot = charSlot(vin.charCodeAt(9));
  const code = tables.modelYearByChar[slot];
  if (!code) return tables.modelYearUnknown[slot]!;
  // A VIN whose check digit holds was written to Part 565, so its position 7 follows the rule.
  if (checkDigitMatches && position7Rule) {
    const c = vin.charCodeAt(6);
    const cycle = c >= 48 && c <= 57 ? code.before2010 : code.since2010;
    if (cycle && cycle.modelYear !== null && cycle.modelYear >= firstYear) return cycle;
  }
  return code.plausible;
}

export const NO_YEARS: readonly number[] = Object.freeze([]);

/** Every model year position 10 can stand for, in either cycle and whatever position 7 says; none when it is no year code. */
export function position10Years(tables: Tables, vin: string): readonly number[] {
  return tables.modelYearByChar[charSlot(vin.charCodeAt(9))]?.plausible.candidates ?? NO_YEARS;
}
