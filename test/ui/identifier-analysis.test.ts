import { describe, expect, it } from 'vitest';
import { analyseIdentifier, excludedLetterWarning, joinWithAnd, positionRanges } from '../../ui/identifier-analysis.js';

describe('analyseIdentifier', () => {
  type Want = { normalised: string; counted: string; length: number; lengthState: string; excludedLetterPositions: number[]; unknownPositions: number[] };
  const cases: [string, { given: string; want: Want }][] = [
    ['empty box', { given: '', want: { normalised: '', counted: '', length: 0, lengthState: 'empty', excludedLetterPositions: [], unknownPositions: [] } }],
    ['part of a VIN', { given: '1hgcm8', want: { normalised: '1HGCM8', counted: '1HGCM8', length: 6, lengthState: 'short', excludedLetterPositions: [], unknownPositions: [] } }],
    ['a whole VIN with spaces', { given: ' 1HG CM826 33A004352 ', want: { normalised: '1HGCM82633A004352', counted: '1HGCM82633A004352', length: 17, lengthState: 'complete', excludedLetterPositions: [], unknownPositions: [] } }],
    ['a VIN typed with hyphen separators counts without them', { given: '1HG-CM826-33A004352', want: { normalised: '1HG-CM826-33A004352', counted: '1HGCM82633A004352', length: 17, lengthState: 'complete', excludedLetterPositions: [], unknownPositions: [] } }],
    ['one character too many', { given: '1HGCM82633A0043521', want: { normalised: '1HGCM82633A0043521', counted: '1HGCM82633A0043521', length: 18, lengthState: 'long', excludedLetterPositions: [], unknownPositions: [] } }],
    ['I, O and Q named by 1-based position', { given: 'iHGCM8263OA00Q352', want: { normalised: 'IHGCM8263OA00Q352', counted: 'IHGCM8263OA00Q352', length: 17, lengthState: 'complete', excludedLetterPositions: [1, 10, 14], unknownPositions: [] } }],
    ['positions skip separator hyphens, as the server counts them', { given: 'WBA-O', want: { normalised: 'WBA-O', counted: 'WBAO', length: 4, lengthState: 'short', excludedLetterPositions: [4], unknownPositions: [] } }],
    ['a JDM chassis number is not counted against 17', { given: 'JZA80-1004956', want: { normalised: 'JZA80-1004956', counted: 'JZA80-1004956', length: 13, lengthState: 'chassis', excludedLetterPositions: [], unknownPositions: [] } }],
    ['the first 11 positions alone: a partial VIN', { given: '1hgcm82633a', want: { normalised: '1HGCM82633A', counted: '1HGCM82633A', length: 11, lengthState: 'partial', excludedLetterPositions: [], unknownPositions: [12, 13, 14, 15, 16, 17] } }],
    ['10 characters are still short', { given: '1HGCM82633', want: { normalised: '1HGCM82633', counted: '1HGCM82633', length: 10, lengthState: 'short', excludedLetterPositions: [], unknownPositions: [] } }],
    ['* for unknown positions', { given: '1HGCM8*633A00435*', want: { normalised: '1HGCM8*633A00435*', counted: '1HGCM8*633A00435*', length: 17, lengthState: 'complete', excludedLetterPositions: [], unknownPositions: [7, 17] } }],
    ['ſ, ı and ﬀ stay as typed, as the server reads them (toUpperCase made ſ an S)', { given: '1hgcm82633a00435ſ', want: { normalised: '1HGCM82633A00435ſ', counted: '1HGCM82633A00435ſ', length: 17, lengthState: 'complete', excludedLetterPositions: [], unknownPositions: [] } }],
    ['a chassis number whose serial is still being typed', { given: 'bnr32-', want: { normalised: 'BNR32-', counted: 'BNR32-', length: 6, lengthState: 'chassis', excludedLetterPositions: [], unknownPositions: [] } }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(analyseIdentifier(given)).toEqual(want);
  });
});

describe('one normalisation for the page and the server', () => {
  it.each(['1hgcm82633a00435ſ', ' wa1eaafyxn2065837 ', '1HGCM82633A00435ı', 'jza80-1004956', 'ﬀ1HGCM82633A00435', '1hg\u00a0cm82633a004352'])('%j reads the same on both sides', async (typed) => {
    const { decode } = await import('../../src/decode/index.js');
    const page = analyseIdentifier(typed).normalised;
    const server = decode(typed);
    const serverReads = server.ok ? server.result.identifier : server.error.identifier;
    expect(page).toBe(serverReads);
    expect(decode(page)).toEqual(server);
  });
});

describe('excludedLetterWarning', () => {
  it('names each letter with its position', () => {
    expect(excludedLetterWarning('IHGCM8263OA004352', [1, 10])).toBe('ISO 3779 excludes I, O and Q from VINs because they look like the digits 1 and 0: I at position 1 and O at position 10.');
  });

  it('is empty when nothing is excluded', () => {
    expect(excludedLetterWarning('1HGCM82633A004352', [])).toBe('');
  });
});

describe('joinWithAnd', () => {
  it.each([
    [[], ''],
    [['a'], 'a'],
    [['a', 'b'], 'a and b'],
    [['a', 'b', 'c'], 'a, b and c'],
  ])('%j → %s', (items, want) => {
    expect(joinWithAnd(items)).toBe(want);
  });
});

describe('positionRanges', () => {
  it.each([
    [[12, 13, 14, 15, 16, 17], '12-17'],
    [[7], '7'],
    [[5, 7], '5, 7'],
    [[1, 2, 9, 12, 13, 14], '1, 2, 9, 12-14'],
  ])('%j → %s', (positions, want) => {
    expect(positionRanges(positions)).toBe(want);
  });
});
