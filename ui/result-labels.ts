/**
 * Human wording for the contract's codes. The codes themselves stay visible beside these labels,
 * because API clients see the codes and the page should teach them.
 */
import type { Confidence, DecodeResult as ContractResult, Evidence, Format } from '../src/generated/contract.js';
import type { DeepReadonly } from '../src/decode/outcome.js';

/** Read-only: the API's JSON and the in-process decoder's frozen results both fit. */
type DecodeResult = DeepReadonly<ContractResult>;
import { shown } from '../src/vehicle-text.js';

/** Unknown values are null in the contract; the page shows them as `-`, as the CLI does. */
export { shown };

export const FORMAT_LABELS: Record<Format, string> = {
  ISO_17_STANDARD: '17-character VIN',
  ISO_17_LOW_VOLUME: '17-character VIN, low-volume maker (6-character WMI)',
  ISO_17_PARTIAL: 'Partial VIN (unknown positions)',
  JDM_CHASSIS: 'Japanese domestic chassis number',
};

export const CONFIDENCE_LABELS: Record<Confidence, string> = {
  HIGH_DETERMINISTIC: 'High: maker and plant resolved from registries',
  MEDIUM_PARTIAL: 'Medium: one layer unresolved',
  LOW_INFERRED: 'Low: inferred from the country range only',
};

/** A check digit that fails where the region makes it mandatory (North America, China): the VIN is probably mistyped. */
export function mandatoryCheckDigitFails(result: DecodeResult): boolean {
  const checkDigit = result.validation.checkDigit;
  return checkDigit.status === 'MISMATCH' && checkDigit.required;
}

/**
 * The confidence with its real reason. LOW has three: a mandatory check digit that fails (maker and
 * plant may well have resolved), a JDM row not yet checked against a source, or nothing but the
 * ISO 3780 country range; the page named only the last, even for 5YJ3E1EA7KF317000.
 */
export function confidenceText(result: DecodeResult): string {
  const { summary, validation, corporateOrigin } = result;
  if (summary.confidence !== 'LOW_INFERRED') return CONFIDENCE_LABELS[summary.confidence];
  if (mandatoryCheckDigitFails(result)) {
    const { calculated, actual } = validation.checkDigit;
    return `Low: the check digit fails (calculated ${shown(calculated)}, the VIN has ${shown(actual)}) where it is mandatory`;
  }
  if (summary.format === 'JDM_CHASSIS' && corporateOrigin.manufacturer !== null) return 'Low: the registry row for this model code is not yet verified against a source';
  return CONFIDENCE_LABELS.LOW_INFERRED;
}

export function checkDigitText(checkDigit: DecodeResult['validation']['checkDigit']): string {
  if (checkDigit.status === 'NOT_APPLICABLE') {
    return checkDigit.actual === null && !checkDigit.required ? 'NOT_APPLICABLE (chassis numbers carry no check digit)' : 'NOT_APPLICABLE (unknown positions take part in it)';
  }
  const rule = checkDigit.required ? 'mandatory in this region' : 'advisory in this region';
  return `${checkDigit.status}: calculated ${shown(checkDigit.calculated)}, actual ${shown(checkDigit.actual)} (${rule})`;
}

export function modelYearText(vehicle: DecodeResult['vehicle']): string {
  const others = vehicle.modelYearCandidates.filter((year) => year !== vehicle.modelYear);
  if (others.length === 0) return shown(vehicle.modelYear);
  return `${shown(vehicle.modelYear)} (also possible: ${others.join(', ')})`;
}

export function countryText(country: string | null, countryCode: string | null): string {
  return country && countryCode ? `${country} (${countryCode})` : shown(country);
}

const LAYER_LABELS: Record<Evidence['layer'], string> = {
  corporateOrigin: 'Corporate origin',
  assembly: 'Assembly',
  vehicle: 'Vehicle',
  modelYear: 'Model year',
};

export function evidenceText(evidence: Evidence): string {
  return `${LAYER_LABELS[evidence.layer] ?? evidence.layer}: ${evidence.table} ${evidence.key} — ${evidence.source}`;
}

/** One sentence for the aria-live status, so a screen reader hears the answer without the whole card. */
export function resultAnnouncement(result: DecodeResult): string {
  const { modelYear, make, model } = result.vehicle;
  const vehicle = make || model ? [modelYear, make, model].filter((part) => part !== null).join(' ') : null;
  const plant = result.assembly.cityState ?? result.assembly.country;
  return `${result.identifier}: ${result.summary.verdict}${vehicle ? `, ${vehicle}` : ''}${plant ? `, assembled in ${plant}` : ''}.`;
}
