// The curators' dev sets (eval/world-*.csv), held to the facts their rows state (see
// test/fixtures/world-suite.ts), and the reader that refuses a malformed row. The held-out sets
// have a test of their own, test/decode/held-out-vins.test.ts, which curators do not run.
import { describe, expect, it } from 'vitest';
import { describeWorldSets } from '../fixtures/world-suite.js';
import { DEV_SETS, parseWorldCases, repeatsAcrossFiles, WORLD_HEADER } from '../fixtures/world-cases.js';

const files = describeWorldSets(DEV_SETS);

describe('the dev-set reader', () => {
  const countries = new Set(['DE', 'JP', 'ES']);
  const header = WORLD_HEADER.join(',');
  const row = (cells: Partial<Record<(typeof WORLD_HEADER)[number], string>>): string =>
    WORLD_HEADER.map((h) => cells[h] ?? '').join(',');
  const good = { kind: 'vin', input: 'VSSZZZ6JZ9R123456', make: 'SEAT', corporate_country: 'ES', plant_country: 'ES', plant_city: 'Martorell', source: 'a page' };

  it('reads a well-formed row as a case', () => {
    const parsed = parseWorldCases('eval/world-x.csv', [header, row(good)].join('\n') + '\n', countries);
    expect(parsed.problems).toEqual([]);
    expect(parsed.cases).toHaveLength(1);
    expect(parsed.cases[0]).toMatchObject({ file: 'eval/world-x.csv', line: 2, kind: 'vin', values: { plant_city: 'Martorell' } });
  });

  // Each refused row differs from the good one in one cell (and in its VIN, so it is not a repeat).
  const other = { ...good, input: 'VSSZZZ6JZ9R654321' };
  it.each([
    ['a short row', `${other.kind},${other.input},,SEAT`, 'has 4 fields'],
    ['a VIN with an O', row({ ...good, input: 'VSSZZZ6JZ9R12345O' }), 'not 17 characters of the VIN alphabet'],
    ['an unknown plant country', row({ ...other, plant_country: 'XX' }), 'plant_country "XX" is not an ISO 3166-1 code'],
    ['no source', row({ ...other, source: '' }), 'source is empty'],
    ['another kind', row({ ...other, kind: 'invalid' }), 'kind must be vin or jdm'],
    ['a city without a country', row({ ...other, plant_country: '' }), 'plant_city is given without plant_country'],
    ['a chassis number that is not one', row({ ...other, kind: 'jdm', input: 'JZA80', model: 'Supra' }), 'not a MODELCODE-SERIAL'],
  ])('refuses %s, naming its line', (_name, line, message) => {
    const parsed = parseWorldCases('eval/world-x.csv', [header, row(good), line].join('\n') + '\n', countries);
    expect(parsed.cases).toHaveLength(1);
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]).toContain('eval/world-x.csv:3: ');
    expect(parsed.problems[0]).toContain(message);
  });

  it('refuses a file whose header differs, and a VIN listed twice', () => {
    expect(parseWorldCases('eval/world-x.csv', 'kind,input\nvin,VSSZZZ6JZ9R123456\n', countries).problems[0]).toContain('eval/world-x.csv:1: the header must be');
    const twice = parseWorldCases('eval/world-x.csv', [header, row(good), row(good)].join('\n') + '\n', countries);
    expect(twice.problems).toEqual(['eval/world-x.csv:3: VSSZZZ6JZ9R123456 is already on line 2']);
  });

  it('names an identifier that two dev sets hold', () => {
    const a = parseWorldCases('eval/world-a.csv', [header, row(good)].join('\n') + '\n', countries);
    const b = parseWorldCases('eval/world-b.csv', [header, row(other), row(good)].join('\n') + '\n', countries);
    expect(repeatsAcrossFiles([a, b])).toEqual(['eval/world-b.csv:3: VSSZZZ6JZ9R123456 is also in eval/world-a.csv:2']);
    expect(repeatsAcrossFiles([a])).toEqual([]);
  });

  it('no identifier is in two of the project\'s dev sets', () => {
    expect(repeatsAcrossFiles(files)).toEqual([]);
  });
});

