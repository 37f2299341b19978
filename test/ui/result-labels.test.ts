import { describe, expect, it } from 'vitest';
import { secureDecodeCurl } from '../../ui/curl-example.js';
import { checkDigitText, confidenceText, countryText, mandatoryCheckDigitFails, modelYearText, resultAnnouncement, shown } from '../../ui/result-labels.js';
import { decode } from '../../src/decode/index.js';
import { hondaResult, sparseResult } from './fixtures.js';

describe('result labels', () => {
  it.each([
    [null, '-'],
    [undefined, '-'],
    ['', '-'],
    [0, '0'],
    ['Ohio', 'Ohio'],
  ])('shown(%j) is %j', (value, want) => {
    expect(shown(value)).toBe(want);
  });

  it('states check digit status with calculated and actual digits', () => {
    expect(checkDigitText({ status: 'MISMATCH', calculated: '7', actual: '3', required: false })).toBe('MISMATCH: calculated 7, actual 3 (advisory in this region)');
    expect(checkDigitText(sparseResult.validation.checkDigit)).toMatch(/^NOT_APPLICABLE/);
  });

  it('lists other model-year candidates', () => {
    expect(modelYearText({ ...hondaResult.vehicle, modelYear: 2010, modelYearCandidates: [1980, 2010] })).toBe('2010 (also possible: 1980)');
    expect(modelYearText(sparseResult.vehicle)).toBe('-');
  });

  it('adds the country code when both are known', () => {
    expect(countryText('Japan', 'JP')).toBe('Japan (JP)');
    expect(countryText(null, null)).toBe('-');
  });

  it('announces verdict, vehicle and plant in one sentence', () => {
    expect(resultAnnouncement(hondaResult)).toBe('1HGCM82633A004352: Verified Origin Alignment, 2003 Honda Accord, assembled in Marysville, Ohio.');
    expect(resultAnnouncement(sparseResult)).toBe('JZA80-1004956: Unverified, Toyota Supra.');
  });
});

describe('secureDecodeCurl', () => {
  it('calls the secure endpoint with the key as a bearer token', () => {
    expect(secureDecodeCurl('https://vino.example/', 'vino_secret')).toBe([
      "curl -X POST 'https://vino.example/api/v1/secure/vin/decode' \\",
      "  -H 'Authorization: Bearer vino_secret' \\",
      "  -H 'Content-Type: application/json' \\",
      `  -d '{"identifier":"1HGCM82633A004352"}'`,
    ].join('\n'));
  });
});

describe('the confidence and its reason', () => {
  const decoded = (identifier: string) => {
    const outcome = decode(identifier);
    if (!outcome.ok) throw new Error(`${identifier} did not decode`);
    return outcome.result;
  };

  it('names a failing mandatory check digit as the reason for LOW, not the country range', () => {
    const tesla = decoded('5YJ3E1EA7KF317000');
    expect(tesla.summary.confidence).toBe('LOW_INFERRED');
    expect(mandatoryCheckDigitFails(tesla)).toBe(true);
    expect(confidenceText(tesla)).toBe('Low: the check digit fails (calculated 2, the VIN has 7) where it is mandatory');
  });

  it('keeps the other labels', () => {
    expect(confidenceText(hondaResult)).toBe('High: maker and plant resolved from registries');
    expect(mandatoryCheckDigitFails(hondaResult)).toBe(false);
    expect(confidenceText(sparseResult)).toBe('Medium: one layer unresolved');
  });
});
