// Makers whose own VINs (the ones they write for markets outside the US) do not put the model
// year at position 10 or the plant at position 11, as Part 565 has it. Read the Part 565 way, such
// a VIN gets a year its maker never wrote (a 2022 Ford Transit's body letter X read as 1999) and a
// plant from vPIC's rows for the few VINs the maker once wrote for the US (a 2019 Clio V's serial
// digit read as Renault's plant at Haren, 1988). A layout says which positions to leave unread; the
// registry's `*` rows, keyed on the positions the maker does use, still give the plant.
import type { Warning } from '../generated/contract.js';

export interface MakerLayout {
  /** Whether position 10 is a model-year code. */
  readonly yearAt10: boolean;
  /** Whether position 11 is a plant code (else only the registry's `*` rows apply). */
  readonly plantAt11: boolean;
  /** Whether the position-7 rule may choose the 30-year cycle (a maker outside Part 565 does not follow it). */
  readonly position7Rule: boolean;
  /** Said in the result where the layout leaves something unread. */
  readonly warning: Readonly<Warning> | null;
}

/**
 * Ford of Europe's layout (Ford Werke `WF0`, Ford UK `SFA`, Ford Spain `VS6`, Ford Lusitana
 * `TW2`, Ford Netherlands `XLC`, Henry Ford & Son `UNI`; Ford Otosan `NM0` for its
 * European-market vans): positions 5-6 are the filler `XX`, 7 the Ford company and 8 its plant,
 * 9 the model (so the Part 565 check digit does not hold), 10 the body type again, 11 the year of
 * build in Ford's own letters and 12 the month (fordbook.ru Focus manual, "Vehicle identification
 * number"; mazbook.ru Mazda 121 manual, "Identification data", which lists the WMIs; cariffy.com
 * "Ford Transit Connect 2002 VIN"; fordownersclub.com "VIN Number format").
 */
const FORD_EUROPE: MakerLayout = Object.freeze({
  yearAt10: false, plantAt11: false, position7Rule: false,
  warning: Object.freeze({
    code: 'MODEL_YEAR_UNKNOWN',
    message: "This VIN is written in Ford of Europe's layout: position 10 repeats the body type and position 11 is the year of build in Ford's own code, so the VIN states no model year; the plant is read from positions 7-8.",
  }),
});
const FORD_EUROPE_WMIS = new Set(['WF0', 'SFA', 'VS6', 'TW2', 'XLC', 'UNI', 'NM0']);

/**
 * Renault's own layout (`VF1`): positions 10-17 are Renault's eight-digit fabrication number
 * (renaultfans.info "Fahrgestellnummer / Technischer Typ": "10 bis 17 Fabrikationsnummer"), whose
 * first digit rises with the years (registry/README.md, Renault group, twelfth pass), so a digit at
 * 10 is no model year and position 11 no plant code. Renault sold cars in the US only until the
 * late 1980s, and its US VINs carry a year letter at 10. VINs since 2023 carry a letter there too,
 * whose meaning no source read gives: it is read as a year, without the position-7 rule, which no
 * Renault VIN follows (the 1980s ones predate it).
 */
const RENAULT: MakerLayout = Object.freeze({
  yearAt10: false, plantAt11: false, position7Rule: false,
  warning: Object.freeze({
    code: 'MODEL_YEAR_UNKNOWN',
    message: "This VIN is written in Renault's own layout: positions 10-17 are Renault's fabrication number, so the VIN states no model year and position 11 is no plant code; the plant is read from the model code (positions 4-8).",
  }),
});
const RENAULT_LETTER_AT_10: MakerLayout = Object.freeze({ yearAt10: true, plantAt11: true, position7Rule: false, warning: null });

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** The maker layout a clean VIN is written in, or null for Part 565's. */
export function makerLayout(vin: string, checkDigitHolds: boolean): MakerLayout | null {
  const c0 = vin.charCodeAt(0);
  // Only WMIs starting S, T, U, V, W, X or N hold these makers: most VINs are told apart at once.
  if (c0 !== 78 && (c0 < 83 || c0 > 88)) return null;
  const wmi = vin.slice(0, 3);
  if (wmi === 'VF1') return isDigit(vin.charCodeAt(9)) ? RENAULT : RENAULT_LETTER_AT_10;
  if (!checkDigitHolds && vin.charCodeAt(4) === 88 && vin.charCodeAt(5) === 88 && FORD_EUROPE_WMIS.has(wmi)) return FORD_EUROPE; // 'XX'
  return null;
}
