// The decode logic pinned on a registry of a handful of rows, handed in through indexTables and
// createDecoder: which plant row wins, the low-volume WMI, the model-year rules (49 CFR 565.15),
// the checks of the corporate layer, confidence, and the JDM cases.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateCheckDigit } from '../../src/decode/check-digit.js';
import { createDecoder } from '../../src/decode/decode.js';
import type { RegistryData } from '../../src/decode/registry-data.js';
import { indexTables } from '../../src/decode/tables.js';
import type { DecodedResult } from '../../src/decode/outcome.js';
import { resultSchemaErrors } from '../fixtures/contract.js';

const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

const REGISTRY: RegistryData = {
  buildYear: 2026,
  countryCodes: [['BR', 'Brazil'], ['CA', 'Canada'], ['CN', 'China'], ['DE', 'Germany'], ['GB', 'United Kingdom'], ['JP', 'Japan'], ['MX', 'Mexico'], ['US', 'United States']],
  iso3780: {
    sources: ['ISO 3780'],
    rows: [['1', 'A', '0', 'US', 'North America', 0], ['9', 'A', 'E', 'BR', 'South America', 0], ['L', 'A', '0', 'CN', 'Asia', 0], ['W', 'A', '0', 'DE', 'Europe', 0]],
  },
  wmi: {
    sources: ['NHTSA vPIC', 'Curated list', 'NHTSA vPIC; holder: A WMI list'],
    rows: [
      ['1T1', 'Test Motors Inc.', 'Testa', 'US', 'Passenger Car', 0],
      ['1T9ABC', 'Tiny Coachworks', 'Tiny', 'US', 'Passenger Car', 1],
      ['1TM', 'Test Cycles', 'Testcycle', 'US', 'Motorcycle', 0],
      ['WT1', 'Test AG', 'Testa; Testb', 'DE', 'Multipurpose Passenger Vehicle (MPV)', 0],
      ['WT2', 'Test Trucks LLC', '', 'US', 'Truck', 0],
      ['LT1', 'Test China Co.', 'Testc', 'CN', 'Passenger Car', 1],
      // vPIC's row with its holder corrected (registry/wmi-corrections.csv): still NHTSA's registration.
      ['LT2', 'Test China Holder Co.', 'Testd', 'CN', 'Passenger Car', 2],
      ['9T1', 'Test Britain Ltd', 'Testg', 'GB', 'Passenger Car', 1],
      ['9BT', 'Test do Brasil', 'Testa', 'BR', 'Passenger Car', 0],
    ],
  },
  plants: {
    sources: ['NHTSA vPIC', 'Curated plant list'],
    rows: [
      ['1T1', 'A', 2000, 2009, '', 'US', 'Oldtown', 'Ohio', 'Plant One', 0],
      ['1T1', 'A', 2010, 0, '', 'MX', 'Newtown', 'Sonora', 'Plant Two', 0],
      // The plain row comes first here; the row that also pins position 12 must still win.
      ['1T1', 'B', 0, 0, '', 'US', 'Plainville', 'Texas', '', 0],
      ['1T1', 'B', 0, 0, '*****|**[0-4]', 'CA', 'Patternton', 'Ontario', '', 0],
      ['1T1', '*', 0, 0, '***9', 'JP', 'Wildtown', '', '', 0],
      ['1T9ABC', 'K', 0, 0, '', 'US', 'Smalltown', 'Vermont', '', 1],
      ['WT1', 'M', 2015, 0, '', 'MX', 'San José Chiapa', 'Puebla', '', 0],
      // Plant P: the years disagree on the country, and a curator's row pinned to position 11 settles it.
      ['WT1', 'P', 2013, 2014, '', 'DE', 'Oldstadt', '', '', 0],
      ['WT1', 'P', 2016, 0, '', 'MX', 'Nuevo', '', '', 0],
      ['WT1', 'P', 0, 0, '*****|*P', 'DE', 'Pinnedstadt', '', '', 1],
      // Plant H: one place, which vPIC spells with and without "City" in different years.
      ['WT1', 'H', 2008, 2014, '', 'DE', 'Hamstadt', '', '', 0],
      ['WT1', 'H', 2016, 0, '', 'DE', 'Hamstadt City', '', '', 0],
      ['LT1', 'C', 0, 0, '', 'CN', 'Shanghai', '', '', 1],
      ['1T2', 'A', 0, 0, '', 'US', 'Orphanville', '', '', 1],
    ],
  },
  modelYears: {
    sources: ['49 CFR 565.15'],
    rows: [...YEAR_CODES].map((code, i) => [code, [1980 + i, 2010 + i], 0] as const),
  },
  jdm: {
    sources: ['Wikipedia: Toyota Supra', 'unverified (not checked against a source): example', 'a Honda recall notice', 'a Subaru recall notice'],
    rows: [
      ['JZA80', 0, 'Toyota Motor Corporation', 'Toyota', 'Supra (A80)', 1993, 2002, 'Motomachi plant', 'Toyota', 'Aichi', 0],
      ['BNR32', 0, 'Nissan Motor Co., Ltd.', 'Nissan', 'Skyline GT-R (R32)', 1989, 1994, '', '', '', 0],
      ['ZC33S', 0, 'Suzuki Motor Corporation', 'Suzuki', 'Swift Sport (ZC33S)', 2017, 0, '', 'Kosai', 'Shizuoka', 0],
      ['AZE0', 0, 'Nissan Motor Co., Ltd.', 'Nissan', 'Leaf (ZE0)', 2010, 2017, 'Oppama plant', 'Yokosuka', 'Kanagawa', 1],
      // One code, two makers: Honda's serials have 7 digits, Subaru's 6.
      ['GK3', 7, 'Honda Motor Co., Ltd.', 'Honda', 'Fit (GK)', 2013, 2020, '', '', '', 2],
      ['GK3', 6, 'Subaru Corporation', 'Subaru', 'Impreza (GK)', 2016, 0, '', '', '', 3],
      ['RA1', 7, 'Honda Motor Co., Ltd.', 'Honda', 'Odyssey (RA1-RA5)', 1994, 1999, '', '', '', 2],
    ],
  },
};

const decode = createDecoder(indexTables(REGISTRY));

/** `_` at position 9 becomes the VIN's own check digit. */
const vin = (text: string): string => {
  expect(text).toHaveLength(17);
  return text.slice(0, 8) + calculateCheckDigit(text) + text.slice(9);
};
/** The same VIN with a check digit that does not match. */
const mistyped = (valid: string): string => {
  const wrong = valid[8] === '0' ? '1' : '0';
  return valid.slice(0, 8) + wrong + valid.slice(9);
};

function result(identifier: string): DecodedResult {
  const outcome = decode(identifier);
  if (!outcome.ok) throw new Error(`${identifier}: ${outcome.error.code}`);
  expect(resultSchemaErrors(outcome.result)).toBe('');
  return outcome.result;
}
const warningCodes = (r: DecodedResult): string[] => r.validation.warnings.map((w) => w.code);

// Position 7 (index 6) is a digit in these, so the position-7 rule reads 1980-2009 …
const TEST_2005_A = vin('1T1AB12C_5A123456');
// … and a letter in these, 2010-2039.
const TEST_2015_A = vin('1T1AB1ZC_FA123456');

describe('plant resolution', () => {
  it('chooses the plant row whose model-year range holds the VIN\'s model year', () => {
    const old = result(TEST_2005_A);
    expect(old.vehicle.modelYear).toBe(2005);
    expect(old.assembly).toEqual({ plantCode: 'A', country: 'United States', countryCode: 'US', city: 'Oldtown', state: 'Ohio', cityState: 'Oldtown, Ohio', details: 'Plant One', source: 'Government Registry' });
    expect(old.summary.originAlignment).toBe('VERIFIED_ORIGIN_ALIGNMENT');
    expect(old.validation.evidence).toContainEqual({ layer: 'assembly', table: 'plants', key: '1T1 plant A 2000-2009', source: 'NHTSA vPIC' });

    const recent = result(TEST_2015_A);
    expect(recent.vehicle.modelYear).toBe(2015);
    expect(recent.assembly).toMatchObject({ countryCode: 'MX', country: 'Mexico', city: 'Newtown', details: 'Plant Two' });
    expect(recent.summary).toMatchObject({ originAlignment: 'TRANSNATIONAL_ASSEMBLY', verdict: 'Transnational Assembly' });
    // An open-ended row is shown with an open span.
    expect(recent.validation.evidence).toContainEqual({ layer: 'assembly', table: 'plants', key: '1T1 plant A 2010-', source: 'NHTSA vPIC' });
  });

  it('a row that also matches a VIN pattern beats a plain row for the same plant code', () => {
    expect(result(vin('1T1AB12C_5B234567')).assembly).toMatchObject({ countryCode: 'CA', city: 'Patternton' });
    // Position 12 outside [0-4]: the pattern row does not apply, the plain row does.
    expect(result(vin('1T1AB12C_5B734567')).assembly).toMatchObject({ countryCode: 'US', city: 'Plainville' });
  });

  it('a row keyed * applies wherever its pattern matches, whatever position 11 holds', () => {
    expect(result(vin('1T1AB19C_5Y234567')).assembly).toMatchObject({ countryCode: 'JP', city: 'Wildtown', plantCode: 'Y' });
    expect(result(vin('1T1AB18C_5Y234567')).assembly.countryCode).toBeNull();
  });

  it('a year no row covers takes the plant from the code\'s other years when they all name one place', () => {
    // WT1 plant M is known from 2015 on; a 2012 VIN (C, letter at position 7) gets it with a warning.
    const r = result(vin('WT1AB1ZC_CM123456'));
    expect(r.assembly).toMatchObject({ countryCode: 'MX', city: 'San José Chiapa' });
    expect(warningCodes(r)).toContain('PLANT_FROM_OTHER_YEARS');
    expect(r.summary.confidence).toBe('MEDIUM_PARTIAL');
  });

  it('other years answer only within ten model years of what position 10 can stand for', () => {
    // WT1 plant M is known from 2015 on. A 2001 VIN (code 1; 2031 is past the build year) is
    // fourteen years away: a reused code, not the same plant, so no plant.
    const far = result(vin('WT1AB12C_1M123456'));
    expect(far.vehicle.modelYear).toBe(2001);
    expect(far.assembly.countryCode).toBeNull();
    expect(warningCodes(far)).toContain('PLANT_UNKNOWN');
    // 2006 is within reach.
    expect(result(vin('WT1AB12C_6M123456')).assembly).toMatchObject({ countryCode: 'MX', city: 'San José Chiapa' });
    // A check digit that fails where none is required: position 10 may be no year, so it bounds nothing.
    const unchecked = result(mistyped(vin('WT1AB12C_1M123456')));
    expect(warningCodes(unchecked)).toContain('PLANT_FROM_OTHER_YEARS');
    expect(unchecked.assembly.city).toBe('San José Chiapa');
  });

  it('without a model year, a row pinned to the VIN by a pattern outranks year rows that disagree', () => {
    // Position 10 is 0, no year code (as on most European VINs): every year's rows are candidates,
    // and the DE and MX rows alone would leave no plant.
    const r = result(vin('WT1AB1ZC_0P123456'));
    expect(r.vehicle.modelYear).toBeNull();
    expect(r.assembly).toMatchObject({ countryCode: 'DE', city: 'Pinnedstadt' });
  });

  it('other years that spell one city with more or fewer words still name it', () => {
    // WT1 plant H is "Hamstadt" to 2014 and "Hamstadt City" from 2016; 2015 (F, letter at position 7) is neither.
    const r = result(vin('WT1AB1ZC_FH123456'));
    expect(r.assembly).toMatchObject({ countryCode: 'DE', city: 'Hamstadt City' });
    expect(warningCodes(r)).toContain('PLANT_FROM_OTHER_YEARS');
  });

  it('without a model year, a row without a year range is no other years\' answer', () => {
    // LT1 plant C holds for every year: a VIN without a year code gets it with no caveat.
    const r = result(vin('LT1AB1ZC_0C123456'));
    expect(r.vehicle.modelYear).toBeNull();
    expect(r.assembly).toMatchObject({ countryCode: 'CN', city: 'Shanghai' });
    expect(warningCodes(r)).not.toContain('PLANT_FROM_OTHER_YEARS');
    expect(r.summary.confidence).toBe('HIGH_DETERMINISTIC');
  });

  it('other years that name different places give no plant', () => {
    // 1T1 plant A is Oldtown before 2010 and Newtown after; 1995 (S, digit at position 7) is neither.
    const r = result(vin('1T1AB12C_SA123456'));
    expect(r.vehicle.modelYear).toBe(1995);
    expect(r.assembly.countryCode).toBeNull();
    expect(warningCodes(r)).toContain('PLANT_UNKNOWN');
  });

  it('UNVERIFIED when the plant code is not in the registry', () => {
    const r = result(vin('1T1AB12C_5Z123456'));
    expect(r.summary).toMatchObject({ originAlignment: 'UNVERIFIED', verdict: 'Unverified', confidence: 'MEDIUM_PARTIAL' });
    expect(r.assembly).toEqual({ plantCode: null, country: null, countryCode: null, city: null, state: null, cityState: null, details: null, source: null });
    expect(r.validation.warnings).toContainEqual({ code: 'PLANT_UNKNOWN', message: 'The registry has no plant for code Z of 1T1 in 2005.' });
  });

  it('a curated plant row is labelled as such', () => {
    expect(result(vin('LT1AB1ZC_FC123456')).assembly.source).toBe('Curated Registry');
  });
});

describe('low-volume makers: a 6-character WMI when position 3 is 9', () => {
  it('resolves positions 1-3 + 12-14 as ISO_17_LOW_VOLUME', () => {
    const r = result(vin('1T9AB12C_5KABC456'));
    expect(r.summary.format).toBe('ISO_17_LOW_VOLUME');
    expect(r.corporateOrigin).toMatchObject({ wmi: '1T9ABC', manufacturer: 'Tiny Coachworks', productionVolume: 'Low-Volume Production (under 1,000 a year)' });
    expect(r.assembly).toMatchObject({ city: 'Smalltown', source: 'Curated Registry' });
    expect(r.summary.confidence).toBe('HIGH_DETERMINISTIC');
    // positions.wmi stays the first three characters; the 6-character WMI is corporateOrigin.wmi.
    expect(r.positions.wmi).toBe('1T9');
  });

  it('another maker under the same three characters is unknown', () => {
    const r = result(vin('1T9AB12C_5KXYZ456'));
    expect(r.summary.format).toBe('ISO_17_LOW_VOLUME');
    expect(r.corporateOrigin).toMatchObject({ wmi: '1T9XYZ', manufacturer: null, countryCode: 'US' });
    expect(warningCodes(r)).toContain('WMI_UNKNOWN');
  });

  it('a 3-character WMI is high volume', () => {
    expect(result(TEST_2005_A).corporateOrigin.productionVolume).toBe('High-Volume Production');
    expect(result(TEST_2005_A).summary.format).toBe('ISO_17_STANDARD');
  });
});

describe('model year (49 CFR 565.15)', () => {
  it('position 7 picks the 30-year cycle for a car whose check digit matches: digit 1980-2009, letter 2010-2039', () => {
    expect(result(vin('1T1AB12C_AA123456')).vehicle).toMatchObject({ modelYear: 1980, modelYearCandidates: [1980] });
    expect(result(vin('1T1AB1ZC_AA123456')).vehicle).toMatchObject({ modelYear: 2010, modelYearCandidates: [2010] });
    expect(result(vin('1T1AB12C_AA123456')).validation.evidence).toContainEqual({ layer: 'modelYear', table: 'model-years', key: 'A', source: '49 CFR 565.15; position-7 rule' });
  });

  it('the rule is not applied when the check digit does not match: every candidate, the latest chosen', () => {
    const r = result(mistyped(vin('1T1AB12C_AA123456')));
    expect(r.vehicle).toMatchObject({ modelYear: 2010, modelYearCandidates: [1980, 2010] });
    expect(warningCodes(r)).toContain('MODEL_YEAR_AMBIGUOUS');
    expect(r.validation.evidence).toContainEqual({ layer: 'modelYear', table: 'model-years', key: 'A', source: '49 CFR 565.15' });
  });

  it('the rule is not applied to vehicle types it does not cover (motorcycles)', () => {
    const r = result(vin('1TMAB12C_AA123456'));
    expect(r.validation.checkDigit.status).toBe('MATCH');
    expect(r.vehicle.modelYearCandidates).toEqual([1980, 2010]);
  });

  it('the rule is not applied to a South American WMI, though NHTSA holds it (home-market VINs write a digit at position 7 in any year)', () => {
    const r = result(vin('9BTAB12C_EE123456'));
    expect(r.validation.checkDigit.status).toBe('MATCH');
    expect(r.vehicle).toMatchObject({ modelYear: 2014, modelYearCandidates: [1984, 2014] });
    expect(warningCodes(r)).toContain('MODEL_YEAR_AMBIGUOUS');
    // The same VIN under a North American car WMI of vPIC keeps the rule's one year.
    expect(result(vin('1T1AB12C_EE123456')).vehicle).toMatchObject({ modelYear: 1984, modelYearCandidates: [1984] });
  });

  it('the rule is not applied to a car WMI that only a curated source knows (its maker does not build to Part 565)', () => {
    // LT1 is a passenger car WMI from the curated list; China requires the check digit, so it matches.
    const r = result(vin('LT1AB12C_CC123456'));
    expect(r.validation.checkDigit.status).toBe('MATCH');
    expect(r.vehicle).toMatchObject({ modelYear: 2012, modelYearCandidates: [1982, 2012] });
    expect(warningCodes(r)).toContain('MODEL_YEAR_AMBIGUOUS');
    // The same VIN under a WMI of NHTSA's registry keeps the rule's one reading.
    expect(result(vin('1T1AB12C_CC123456')).vehicle).toMatchObject({ modelYear: 1982, modelYearCandidates: [1982] });
  });

  it('the rule still applies to a vPIC WMI whose holder a correction renames (the registration and its vehicle type are vPIC\'s)', () => {
    const r = result(vin('LT2AB12C_CC123456'));
    expect(r.corporateOrigin.manufacturer).toBe('Test China Holder Co.');
    expect(r.vehicle).toMatchObject({ modelYear: 1982, modelYearCandidates: [1982] });
    expect(r.validation.evidence).toContainEqual({ layer: 'corporateOrigin', table: 'wmi', key: 'LT2', source: 'NHTSA vPIC; holder: A WMI list' });
  });

  it('is never later than the registry\'s build year + 1', () => {
    // V is 1997 or 2027: 2027 = 2026 + 1 is allowed. W is 1998 or 2028: 2028 is not.
    expect(result(vin('1T1AB1ZC_VA123456')).vehicle.modelYear).toBe(2027);
    expect(result(vin('1T1AB1ZC_WA123456')).vehicle).toMatchObject({ modelYear: 1998, modelYearCandidates: [1998] });
    expect(result(vin('1TMAB12C_WA123456')).vehicle.modelYearCandidates).toEqual([1998]);
    const built2015 = createDecoder(indexTables({ ...REGISTRY, buildYear: 2015 }));
    const g = built2015(vin('1TMAB12C_GA123456'));
    const h = built2015(vin('1TMAB12C_HA123456'));
    expect(g.ok && g.result.vehicle.modelYearCandidates).toEqual([1986, 2016]);
    expect(h.ok && h.result.vehicle.modelYearCandidates).toEqual([1987]);
  });

  it('never later than build year + 1, for any VIN and any build year (property)', () => {
    const vinBody = fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/);
    const withWmi = fc.tuple(fc.constantFrom('1T1', '1TM', 'WT1', 'LT1'), vinBody).map(([w, body]) => w + body.slice(3));
    fc.assert(
      fc.property(fc.integer({ min: 1981, max: 2060 }), fc.oneof(vinBody, withWmi), fc.boolean(), (buildYear, text, fix) => {
        const outcome = createDecoder(indexTables({ ...REGISTRY, buildYear }))(fix ? vin(text.slice(0, 8) + '_' + text.slice(9)) : text);
        if (!outcome.ok) return false;
        const { modelYear, modelYearCandidates } = outcome.result.vehicle;
        return modelYearCandidates.every((y) => y <= buildYear + 1) && (modelYear === null || modelYear === Math.max(...modelYearCandidates));
      }),
      { seed: 21, numRuns: 500 },
    );
  });

  it('position 10 that is no model-year code gives no year and says so', () => {
    const r = result(vin('1T1AB12C_0A123456'));
    expect(r.vehicle).toMatchObject({ modelYear: null, modelYearCandidates: [] });
    expect(warningCodes(r)).toContain('MODEL_YEAR_UNKNOWN');
  });
});

describe('corporate origin', () => {
  it('the ISO 3780 country wins, and a registry naming another country is a warning naming both', () => {
    const r = result(vin('WT2AB1ZC_FA123456'));
    expect(r.corporateOrigin).toMatchObject({ countryCode: 'DE', country: 'Germany', region: 'Europe', manufacturer: 'Test Trucks LLC' });
    expect(r.validation.warnings).toContainEqual({
      code: 'MANUFACTURER_COUNTRY_DIFFERS',
      message: 'The WMI WT2 is allocated to Germany (ISO 3780), but the registry records Test Trucks LLC in United States.',
    });
  });

  it('where ISO 3780 allocates nothing, the registry\'s country stands', () => {
    const r = result(vin('9T1AB1ZC_FA123456'));
    expect(r.corporateOrigin).toMatchObject({ countryCode: 'GB', country: 'United Kingdom', region: null, manufacturer: 'Test Britain Ltd' });
    expect(warningCodes(r)).not.toContain('MANUFACTURER_COUNTRY_DIFFERS');
  });

  it('an unknown WMI keeps the ISO 3780 country only', () => {
    const r = result(vin('1ZZAB1ZC_FA123456'));
    expect(r.corporateOrigin).toEqual({ wmi: '1ZZ', country: 'United States', countryCode: 'US', region: 'North America', manufacturer: null, productionVolume: 'High-Volume Production' });
    expect(r.vehicle).toMatchObject({ manufacturer: null, make: null, vehicleType: null });
    expect(warningCodes(r)).toContain('WMI_UNKNOWN');
  });

  it('nothing known at all: every layer null, LOW', () => {
    const r = result(vin('8ZZAB1ZC_FA123456'));
    expect(r.corporateOrigin).toEqual({ wmi: '8ZZ', country: null, countryCode: null, region: null, manufacturer: null, productionVolume: null });
    expect(r.summary).toMatchObject({ confidence: 'LOW_INFERRED', originAlignment: 'UNVERIFIED' });
  });

  it('a WMI of several makes gives no make without a decoded model (DESIGN: make from the model, else the WMI\'s only make)', () => {
    expect(result(vin('WT1AB1ZC_FM123456')).vehicle).toMatchObject({ make: null, manufacturer: 'Test AG' });
  });
});

describe('check digit: required in North America and China, a warning elsewhere', () => {
  const cases: [string, { given: string; want: { required: boolean; confidence: DecodedResult['summary']['confidence'] } }][] = [
    ['United States, mismatch', { given: mistyped(TEST_2005_A), want: { required: true, confidence: 'LOW_INFERRED' } }],
    ['China, mismatch', { given: mistyped(vin('LT1AB1ZC_FC123456')), want: { required: true, confidence: 'LOW_INFERRED' } }],
    ['Germany, mismatch', { given: mistyped(vin('WT1AB1ZC_FM123456')), want: { required: false, confidence: 'HIGH_DETERMINISTIC' } }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const r = result(given);
    expect(r.validation.checkDigit).toMatchObject({ status: 'MISMATCH', required: want.required, actual: given[8], calculated: calculateCheckDigit(given) });
    expect(r.summary.confidence).toBe(want.confidence);
    const warning = r.validation.warnings.find((w) => w.code === 'CHECK_DIGIT_MISMATCH');
    expect(warning?.message).toContain(want.required ? 'mandatory here' : 'not mandatory');
  });

  it('a match is required in North America and China and not elsewhere', () => {
    expect(result(TEST_2005_A).validation.checkDigit).toEqual({ status: 'MATCH', calculated: TEST_2005_A[8], actual: TEST_2005_A[8], required: true });
    expect(result(vin('LT1AB1ZC_FC123456')).validation.checkDigit.required).toBe(true);
    expect(result(vin('WT1AB1ZC_FM123456')).validation.checkDigit.required).toBe(false);
  });
});

describe('confidence', () => {
  const cases: [string, { given: string; want: [DecodedResult['summary']['confidence'], 'HIGH' | 'MEDIUM' | 'LOW'] }][] = [
    ['WMI and plant from the registry, check digit holding: HIGH', { given: TEST_2005_A, want: ['HIGH_DETERMINISTIC', 'HIGH'] }],
    ['WMI known, plant not: MEDIUM', { given: vin('1T1AB12C_5Z123456'), want: ['MEDIUM_PARTIAL', 'MEDIUM'] }],
    ['plant rows for a WMI the WMI table lacks: MEDIUM', { given: vin('1T2AB12C_5A123456'), want: ['MEDIUM_PARTIAL', 'MEDIUM'] }],
    ['only the ISO 3780 range: LOW', { given: vin('1ZZAB12C_5A123456'), want: ['LOW_INFERRED', 'LOW'] }],
    ['a mandatory check digit that does not match: LOW whatever else is known', { given: mistyped(TEST_2015_A), want: ['LOW_INFERRED', 'LOW'] }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const r = result(given);
    expect([r.summary.confidence, r.validation.confidenceLevel]).toEqual(want);
  });
});

describe('JDM chassis numbers', () => {
  it('a model code in the registry, with its plant: HIGH, Verified', () => {
    const r = result('JZA80-1004956');
    expect(r.summary).toEqual({ format: 'JDM_CHASSIS', confidence: 'HIGH_DETERMINISTIC', originAlignment: 'VERIFIED_ORIGIN_ALIGNMENT', verdict: 'Verified Origin Alignment' });
    expect(r.assembly).toEqual({ plantCode: null, country: 'Japan', countryCode: 'JP', city: 'Toyota', state: 'Aichi', cityState: 'Toyota, Aichi', details: 'Motomachi plant', source: 'Curated Registry' });
    expect(r.vehicle).toMatchObject({ manufacturer: 'Toyota Motor Corporation', make: 'Toyota', model: 'Supra (A80)', productionYears: '1993-2002', modelYear: null, modelYearCandidates: [] });
    expect(r.validation.evidence).toEqual([{ layer: 'vehicle', table: 'jdm-chassis', key: 'JZA80', source: 'Wikipedia: Toyota Supra' }]);
    expect(r.validation.warnings).toEqual([]);
  });

  it('a model code whose plant no source names: MEDIUM, Unverified', () => {
    const r = result('BNR32-305366');
    expect(r.summary).toMatchObject({ confidence: 'MEDIUM_PARTIAL', originAlignment: 'UNVERIFIED' });
    expect(r.corporateOrigin).toMatchObject({ countryCode: 'JP', manufacturer: 'Nissan Motor Co., Ltd.' });
    expect(warningCodes(r)).toEqual(['PLANT_UNKNOWN']);
  });

  it('a city without a plant name still places the car; a model still in production has an open span', () => {
    const r = result('ZC33S-046266');
    expect(r.assembly).toMatchObject({ countryCode: 'JP', city: 'Kosai', details: null });
    expect(r.vehicle.productionYears).toBe('2017-');
  });

  it('an unknown model code: still Japan, nothing else, LOW', () => {
    const r = result('XX99-123456');
    expect(r.corporateOrigin).toMatchObject({ country: 'Japan', countryCode: 'JP', manufacturer: null });
    expect(r.vehicle).toMatchObject({ manufacturer: null, make: null, model: null, productionYears: null });
    expect(r.summary).toMatchObject({ confidence: 'LOW_INFERRED', originAlignment: 'UNVERIFIED' });
    expect(warningCodes(r)).toEqual(['MODEL_CODE_UNKNOWN']);
  });

  it.each([
    ['GK3-1000019', 'Honda Motor Co., Ltd.', 'Fit (GK)', 'GK3/7', 'a Honda recall notice'],
    ['GK3-002001', 'Subaru Corporation', 'Impreza (GK)', 'GK3/6', 'a Subaru recall notice'],
    ['RA1-1000001', 'Honda Motor Co., Ltd.', 'Odyssey (RA1-RA5)', 'RA1/7', 'a Honda recall notice'],
  ])('a code two makers use is told apart by the serial length: %s', (id, manufacturer, model, key, source) => {
    const r = result(id);
    expect(r.vehicle).toMatchObject({ manufacturer, model });
    expect(r.validation.evidence).toEqual([{ layer: 'vehicle', table: 'jdm-chassis', key, source }]);
    expect(warningCodes(r)).toEqual(['PLANT_UNKNOWN']);
  });

  it('a shared code with a serial length no row names stays unknown, and says why', () => {
    const r = result('RA1-123456');
    expect(r.vehicle.manufacturer).toBeNull();
    expect(r.summary.confidence).toBe('LOW_INFERRED');
    expect(warningCodes(r)).toEqual(['MODEL_CODE_UNKNOWN']);
    expect(r.validation.warnings[0]!.message).toContain('no row for a 6-digit serial');
  });

  it('a row a steward marked unverified is shown, with LOW confidence and a warning', () => {
    const r = result('AZE0-123456');
    expect(r.vehicle.model).toBe('Leaf (ZE0)');
    expect(r.summary.confidence).toBe('LOW_INFERRED');
    expect(warningCodes(r)).toContain('REGISTRY_ROW_UNVERIFIED');
  });
});
