// Model year from position 10 (49 CFR 565.15): the code table repeats every 30 years. For cars,
// MPVs and light trucks built to Part 565, position 7 tells the cycle: a digit means 1980-2009, a
// letter 2010-2039. Otherwise every year the code can stand for is a candidate, and the answer
// is the most recent one no later than the registry's build year + 1.
import { charSlot } from './alphabet.js';
import { VPIC_SOURCE } from './registry-data.js';
import type { ModelYearReading, Tables, WmiEntry } from './tables.js';
import type { Warning } from '../generated/contract.js';

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
  return !!entry && entry.source === VPIC_SOURCE && entry.vehicleType !== null && POSITION_7_RULE_TYPES.has(entry.vehicleType)
    && region !== 'South America';
}

/**
 * Ford of Europe's own VIN layout (Ford Werke `WF0`, Ford UK `SFA`, Ford Spain `VS6`, Ford
 * Lusitana `TW2`, Ford Netherlands `XLC`, Henry Ford & Son `UNI`; Ford Otosan `NM0` for its
 * European-market vans): positions 5-6 are the filler `XX`, position 9 the model (so the Part 565
 * check digit does not hold), position 10 the body type again and position 11 the year of build in
 * Ford's own letter code, position 12 the month (fordbook.ru Focus manual, "Vehicle identification
 * number"; mazbook.ru Mazda 121 manual, "Identification data", which lists the WMIs; cariffy.com
 * "Ford Transit Connect 2002 VIN"; fordownersclub.com "VIN Number format"). Position 10 is then
 * no model year: read as one, a 2016 Transit's body letter `X` said 1999.
 */
const FORD_EUROPE_WMIS = new Set(['WF0', 'SFA', 'VS6', 'TW2', 'XLC', 'UNI', 'NM0']);

/** Whether a VIN whose check digit does not hold is written in Ford of Europe's layout (no model year at position 10). */
export function fordEuropeLayout(vin: string): boolean {
  return vin.charCodeAt(4) === 88 && vin.charCodeAt(5) === 88 && FORD_EUROPE_WMIS.has(vin.slice(0, 3)); // 'XX'
}

export const FORD_EUROPE_LAYOUT: Readonly<Warning> = Object.freeze({
  code: 'MODEL_YEAR_UNKNOWN',
  message: "This VIN is written in Ford of Europe's layout: position 10 repeats the body type and position 11 is the year of build in Ford's own code, so the VIN states no model year.",
});

/** The reading of a VIN's position 10 (a character of the VIN alphabet); readings are made once per code and shared. */
export function readModelYear(tables: Tables, vin: string, position7Rule: boolean, checkDigitMatches: boolean): ModelYearReading {
  const slot = charSlot(vin.charCodeAt(9));
  const code = tables.modelYearByChar[slot];
  if (!code) return tables.modelYearUnknown[slot]!;
  // A VIN whose check digit holds was written to Part 565, so its position 7 follows the rule.
  if (checkDigitMatches && position7Rule) {
    const c = vin.charCodeAt(6);
    const cycle = c >= 48 && c <= 57 ? code.before2010 : code.since2010;
    if (cycle) return cycle;
  }
  return code.plausible;
}

export const NO_YEARS: readonly number[] = Object.freeze([]);

/** Every model year position 10 can stand for, in either cycle and whatever position 7 says; none when it is no year code. */
export function position10Years(tables: Tables, vin: string): readonly number[] {
  return tables.modelYearByChar[charSlot(vin.charCodeAt(9))]?.plausible.candidates ?? NO_YEARS;
}
