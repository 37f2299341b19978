// How the two layers are summed up for people and machines.
import type { Confidence, OriginAlignment } from '../generated/contract.js';

const VERDICTS: Record<OriginAlignment, string> = {
  VERIFIED_ORIGIN_ALIGNMENT: 'Verified Origin Alignment',
  TRANSNATIONAL_ASSEMBLY: 'Transnational Assembly',
  UNVERIFIED: 'Unverified',
};

/** Both countries known and equal: aligned; both known and different: transnational; else unverified. */
export function alignment(corporateCountry: string | null, plantCountry: string | null): OriginAlignment {
  return !corporateCountry || !plantCountry ? 'UNVERIFIED'
    : corporateCountry === plantCountry ? 'VERIFIED_ORIGIN_ALIGNMENT' : 'TRANSNATIONAL_ASSEMBLY';
}

export function verdictOf(code: OriginAlignment): string {
  return VERDICTS[code];
}

export function confidenceLevel(confidence: Confidence): 'HIGH' | 'MEDIUM' | 'LOW' {
  return confidence === 'HIGH_DETERMINISTIC' ? 'HIGH' : confidence === 'MEDIUM_PARTIAL' ? 'MEDIUM' : 'LOW';
}
