// Partial VINs (DESIGN.md, "Identifiers that are not clean VINs"): '*' for unknown positions, or
// the first 11-16 positions alone. What the known positions decide is decoded; what an unknown
// position could change is null, and a warning names it. Pinned on a registry of a few rows (which
// plant pattern may match) and on the built-in registry (the examples).
import { describe, expect, it } from 'vitest';
import { calculateCheckDigit } from '../../src/decode/check-digit.js';
import { createDecoder } from '../../src/decode/decode.js';
import { decode } from '../../src/decode/index.js';
import type { RegistryData } from '../../src/decode/registry-data.js';
import { indexTables } from '../../src/decode/tables.js';
import type { DecodedResult } from '../../src/decode/outcome.js';
import { resultSchemaErrors } from '../fixtures/contract.js';

const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

const REGISTRY: RegistryData = {
  buildYear: 2026,
  countryCodes: [['CA', 'Canada'], ['DE', 'Germany'], ['MX', 'Mexico'], ['US', 'United States']],
  iso3780: { sources: ['ISO 3780'], rows: [['1', 'A', '0', 'US', 'North America', 0], ['W', 'A', '0', 'DE', 'Europe', 0]] },
  wmi: {
    sources: ['NHTSA vPIC'],
    rows: [['1T1', 'Test Motors Inc.', 'Testa', 'US', 'Passenger Car', 0], ['1T9ABC', 'Tiny Coachworks', 'Tiny', 'US', 'Passenger Car', 0]],
  },
  plants: {
    sources: ['NHTSA vPIC'],
    rows: [
      // Code B: the row that also pins position 12 wins over the plain one when it matches.
      ['1T1', 'B', 0, 0, '', 'US', 'Plainville', 'Texas', '', 0],
      ['1T1', 'B', 0, 0, '*****|**[0-4]', 'CA', 'Patternton', 'Ontario', '', 0],
      // Code C: two patterned rows that name the same country and different cities.
      ['1T1', 'C', 0, 0, '[A-M]', 'US', 'Northtown', 'Ohio', '', 0],
      ['1T1', 'C', 0, 0, '[N-Z]', 'US', 'Southtown', 'Texas', '', 0],
      // Code D: one plant before 2010, another since.
      ['1T1', 'D', 2000, 2009, '', 'US', 'Oldtown', 'Ohio', '', 0],
      ['1T1', 'D', 2010, 0, '', 'MX', 'Newtown', 'Sonora', '', 0],
      ['1T9ABC', 'K', 0, 0, '', 'US', 'Smalltown', 'Vermont', '', 0],
    ],
  },
  modelYears: { sources: ['49 CFR 565.15'], rows: [...YEAR_CODES].map((code, i) => [code, [1980 + i, 2010 + i], 0] as const) },
  jdm: { sources: [], rows: [] },
};

const decodeSmall = createDecoder(indexTables(REGISTRY));

function decoded(decoder: (input: string) => ReturnType<typeof decode>, input: string): DecodedResult {
  const outcome = decoder(input);
  if (!outcome.ok) throw new Error(`${input}: ${outcome.error.code} ${outcome.error.detail}`);
  expect(resultSchemaErrors(outcome.result)).toBe('');
  expect(outcome.result.summary.format).toBe('ISO_17_PARTIAL');
  expect(outcome.result.validation.checkDigit.status).toBe('NOT_APPLICABLE');
  expect(outcome.result.validation.suggestions).toEqual([]);
  return outcome.result;
}

const partialWarning = (r: DecodedResult): string => r.validation.warnings.find((w) => w.code === 'PARTIAL_VIN')?.message ?? '';

interface Want {
  manufacturer: string | null;
  country: string | null;
  plant: [country: string, city: string | null] | null;
  year: number | null;
  /** Fragments of the PARTIAL_VIN warning. */
  says: string[];
}

const cases: [string, { given: string; want: Want }][] = [
  ['the serial unknown', { given: '1T1AA1A1XTD******', want: { manufacturer: 'Test Motors Inc.', country: 'US', plant: ['MX', 'Newtown'], year: 2026, says: ['Positions 12-17 are unknown', 'check digit cannot be verified'] } }],
  ['a prefix of 11 positions', { given: '1T1AA1A1XTD', want: { manufacturer: 'Test Motors Inc.', country: 'US', plant: ['MX', 'Newtown'], year: 2026, says: ['Positions 12-17'] } }],
  ['a prefix of 11 positions whose plant row also reads position 12', { given: '1T1AA1A1XTB', want: { manufacturer: 'Test Motors Inc.', country: 'US', plant: null, year: 2026, says: ['also read position 12'] } }],
  ['a plant pattern that reads an unknown position is not taken as matching: the places disagree, and are named', { given: '1T1AA1A1XTB*23456', want: { manufacturer: 'Test Motors Inc.', country: 'US', plant: null, year: 2026, says: ['Position 12 is unknown', 'the plant: Patternton, Ontario, CA or Plainville, Texas, US (the registry\'s plant rows for this code also read position 12)'] } }],
  ['a plant pattern that reads only known positions decides as usual', { given: '1T1AA1A1XTB1*****', want: { manufacturer: 'Test Motors Inc.', country: 'US', plant: ['CA', 'Patternton'], year: 2026, says: ['Positions 13-17'] } }],
  ['rows that may match agree on the country only: the country, no city', { given: '1T1*A1A1XTC123456', want: { manufacturer: 'Test Motors Inc.', country: 'US', plant: ['US', null], year: 2026, says: ['Position 4 is unknown'] } }],
  ['the plant code unknown', { given: '1T1AA1A1XT*123456', want: { manufacturer: 'Test Motors Inc.', country: 'US', plant: null, year: 2026, says: ['the plant (position 11)'] } }],
  ['the model year unknown: the plant only where every year agrees', { given: '1T1AA1A1X*D12345*', want: { manufacturer: 'Test Motors Inc.', country: 'US', plant: null, year: null, says: ['the model year (position 10)'] } }],
  ['position 7 tells the cycle where Part 565 is mandatory: a digit, 1980-2009', { given: '1T1AA121X5D******', want: { manufacturer: 'Test Motors Inc.', country: 'US', plant: ['US', 'Oldtown'], year: 2005, says: [] } }],
  ['position 7 tells the cycle where Part 565 is mandatory: a letter, 2010-2039', { given: '1T1AA1B1XAD******', want: { manufacturer: 'Test Motors Inc.', country: 'US', plant: ['MX', 'Newtown'], year: 2010, says: [] } }],
  ['position 3 unknown: only the ISO 3780 country', { given: '1T*AA1A1XTB123456', want: { manufacturer: null, country: 'US', plant: null, year: 2026, says: ['the manufacturer (WMI)'] } }],
  ['position 1 unknown: not even the country', { given: '*T1AA1A1XTB123456', want: { manufacturer: null, country: null, plant: null, year: 2026, says: ['the country and manufacturer (WMI)'] } }],
  ['a low-volume WMI whose positions 12-14 are unknown', { given: '1T9AA1A1XTK', want: { manufacturer: null, country: 'US', plant: null, year: 2026, says: ['the manufacturer (WMI)'] } }],
  ['a low-volume WMI with positions 12-14 known', { given: '1T9AA1A1XTKABC***', want: { manufacturer: 'Tiny Coachworks', country: 'US', plant: ['US', 'Smalltown'], year: 2026, says: ['Positions 15-17'] } }],
  ['one unknown position where the check digit is mandatory: the characters it allows', { given: '1T1AA1A1X*D123456', want: { manufacturer: 'Test Motors Inc.', country: 'US', plant: null, year: null, says: ['the check digit allows only'] } }],
  ['the check digit unknown: the digit the other positions give', { given: '1T1AA1A1*TD123456', want: { manufacturer: 'Test Motors Inc.', country: 'US', plant: ['MX', 'Newtown'], year: 2026, says: ['Position 9 is unknown', '(the other positions give check digit '] } }],
  ['every position unknown', { given: '*****************', want: { manufacturer: null, country: null, plant: null, year: null, says: ['Positions 1-17', 'the model year', 'the plant (position 11)'] } }],
];

describe('partial VINs on a small registry', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    const r = decoded(decodeSmall, given);
    expect(r.identifier).toBe(given.padEnd(17, '*'));
    expect(r.corporateOrigin.manufacturer).toBe(want.manufacturer);
    expect(r.corporateOrigin.countryCode).toBe(want.country);
    expect(r.assembly.countryCode).toBe(want.plant?.[0] ?? null);
    expect(r.assembly.city).toBe(want.plant?.[1] ?? null);
    expect(r.vehicle.modelYear).toBe(want.year);
    for (const fragment of want.says) expect(partialWarning(r)).toContain(fragment);
    expect(r.validation.warnings.map((w) => w.code)).not.toContain('CHECK_DIGIT_MISMATCH');
  });

  it('the check digit is NOT_APPLICABLE, with the digit given (or null) and whether the region mandates it', () => {
    expect(decoded(decodeSmall, '1T1AA1A1XTB').validation.checkDigit).toEqual({ status: 'NOT_APPLICABLE', calculated: null, actual: 'X', required: true });
    expect(decoded(decodeSmall, '1T1AA1A1*TB').validation.checkDigit).toEqual({ status: 'NOT_APPLICABLE', calculated: null, actual: null, required: true });
  });

  it('position 10 alone unknown where the check digit is mandatory: the few model years the check digit allows', () => {
    const draft = '1T1AA1B1XAD123456';
    const vin = draft.slice(0, 8) + calculateCheckDigit(draft) + draft.slice(9);
    const r = decoded(decodeSmall, vin.slice(0, 9) + '*' + vin.slice(10));
    // Position 7 is a letter: each allowed code read in 2010-2039; A (2010) is one of them.
    expect(r.vehicle.modelYearCandidates).toContain(2010);
    expect(r.vehicle.modelYearCandidates.length).toBeLessThanOrEqual(4);
    for (const year of r.vehicle.modelYearCandidates) {
      const code = YEAR_CODES[(year - 1980) % 30]!;
      expect(calculateCheckDigit(vin.slice(0, 9) + code + vin.slice(10))).toBe(vin[8]);
    }
    expect(r.vehicle.modelYear).toBe(r.vehicle.modelYearCandidates.length === 1 ? r.vehicle.modelYearCandidates[0] : null);
    expect(partialWarning(r)).toContain('the check digit allows only');
  });

  it('an unknown plant leaves confidence at MEDIUM_PARTIAL; a decided one is as sure as for a clean VIN', () => {
    expect(decoded(decodeSmall, '1T1AA1A1XT*123456').summary.confidence).toBe('MEDIUM_PARTIAL');
    expect(decoded(decodeSmall, '1T1AA1A1XTD').summary.confidence).toBe('HIGH_DETERMINISTIC');
  });
});

describe('partial VINs on the built-in registry (issue 11, "Done when")', () => {
  it.each(['1HGCM82633A******', '1HGCM82633A', '1hgcm82633a', '1HGCM-82633A'])('%s decodes as ISO_17_PARTIAL: Honda, Marysville, 2003', (given) => {
    const r = decoded(decode, given);
    expect(r.identifier).toBe('1HGCM82633A******');
    expect(r.corporateOrigin.manufacturer).toContain('Honda');
    expect(r.vehicle.make).toBe('Honda');
    expect(r.assembly.city).toBe('Marysville');
    expect(r.vehicle.modelYear).toBe(2003);
    expect(r.positions).toEqual({ wmi: '1HG', vds: 'CM826', checkDigit: '3', modelYear: '3', plantCode: 'A', serial: '******', modelCode: null });
  });

  it('1HGCM8*633A004352 has check digit NOT_APPLICABLE and still names Honda, Marysville, 2003', () => {
    const r = decoded(decode, '1HGCM8*633A004352');
    expect(r.validation.checkDigit).toEqual({ status: 'NOT_APPLICABLE', calculated: null, actual: '3', required: true });
    expect(r.assembly.city).toBe('Marysville');
    expect(r.vehicle.modelYear).toBe(2003);
    // The check digit (mandatory here) still narrows the one unknown position: 8 is B, K, S or 2's value.
    expect(partialWarning(r)).toBe('Position 7 is unknown, so the check digit cannot be verified (the check digit allows only B, K, S or 2 at position 7).');
  });

  it('a prefix of 10 characters is too short', () => {
    const outcome = decode('1HGCM82633');
    expect(outcome.ok ? null : outcome.error.code).toBe('INVALID_LENGTH');
  });
});
