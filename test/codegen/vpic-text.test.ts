// How the importer reads vPIC's text: names in capitals made readable, and pattern keys split into
// the plant code and the rest. Both shape every imported row.
import { describe, expect, it } from 'vitest';
import { titleCase } from '../../codegen/title-case.js';
import { expandToken, splitPlantKey } from '../../codegen/vpic-patterns.js';
import { compilePattern, matchesPattern } from '../../src/decode/pattern.js';

describe('titleCase', () => {
  const cases: [string, { given: string; want: string }][] = [
    ['an ordinary company', { given: 'AMERICAN HONDA MOTOR CO., INC.', want: 'American Honda Motor Co., Inc.' }],
    ['acronyms stay in capitals', { given: 'BMW MANUFACTURER CORPORATION / BMW NORTH AMERICA', want: 'BMW Manufacturer Corporation / BMW North America' }],
    ['abbreviations with dots are words', { given: 'DR. ING. H.C.F. PORSCHE AG', want: 'Dr. Ing. H.C.F. Porsche AG' }],
    ['GmbH is written as Germans write it', { given: 'BMW M GMBH', want: 'BMW M GmbH' }],
    ['McLaren', { given: 'MCLAREN AUTOMOTIVE', want: 'McLaren Automotive' }],
    ['small words inside a name', { given: 'SAN JOSE DEL CABO', want: 'San Jose del Cabo' }],
    ['but not at its start', { given: 'THE HAGUE', want: 'The Hague' }],
    ['an Irish surname', { given: "O'NEAL TRAILERS", want: "O'Neal Trailers" }],
    ['a possessive', { given: "ED'S TRAILERS", want: "Ed's Trailers" }],
    ['a name already in mixed case is left alone', { given: 'Twike Fine Motor GmbH', want: 'Twike Fine Motor GmbH' }],
    ['surrounding and repeated spaces go', { given: '  ST.   LOUIS ', want: 'St. Louis' }],
    // vPIC's plant cities with letters outside a-z, which came out as DüSseldorf and KecskeméT.
    ['a letter outside a-z inside a word', { given: 'DÜSSELDORF', want: 'Düsseldorf' }],
    ['one at the end of a word', { given: 'KECSKEMÉT', want: 'Kecskemét' }],
    ['one that starts a word', { given: 'ÄNGELHOLM', want: 'Ängelholm' }],
    ['after a hyphen', { given: 'SAINT-ÉVARISTE', want: 'Saint-Évariste' }],
    ['several in a name', { given: 'SAN JUAN DEL RÍO', want: 'San Juan del Río' }],
    ['a word whose only vowel is accented is no acronym', { given: 'VINH PHÚC', want: 'Vinh Phúc' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(titleCase(given)).toBe(want);
  });
});

describe('vPIC pattern keys', () => {
  const splits: [string, { given: string; want: { plantToken: string; rest: string } }][] = [
    ['a plant code alone', { given: '*****|*A', want: { plantToken: 'A', rest: '' } }],
    ['a class of plant codes', { given: '*****|*[234]', want: { plantToken: '[234]', rest: '' } }],
    ['a plant code narrowed by position 4', { given: '[AB]****|*A', want: { plantToken: 'A', rest: '[AB]' } }],
    ['narrowed by position 13', { given: '*****|*A*B', want: { plantToken: 'A', rest: '*****|***B' } }],
    ['no plant code: the rest decides', { given: '*****|**[0-4]', want: { plantToken: '*', rest: '*****|**[0-4]' } }],
    ['a key that stops before position 11', { given: 'A', want: { plantToken: '*', rest: 'A' } }],
  ];
  it.each(splits)('splitPlantKey: %s', (_name, { given, want }) => {
    expect(splitPlantKey(given)).toEqual(want);
  });

  it('expandToken keeps only VIN characters', () => {
    expect(expandToken('[A-E]')).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(expandToken('[HIJ]')).toEqual(['H', 'J']);
    expect(expandToken('O')).toEqual([]);
    expect(expandToken('*')).toHaveLength(33);
  });

  it('a class without its closing bracket is refused, not read wrongly', () => {
    expect(() => splitPlantKey('*****|*[23')).toThrow(/unclosed/);
  });

  it('the decoder reads a stored rest the way vPIC meant the key', () => {
    // '[AB]' constrains position 4; '*****|***B' position 13.
    const vds = compilePattern('[AB]');
    expect(matchesPattern(vds, 'SALAB2RV4JA756586')).toBe(true);
    expect(matchesPattern(vds, 'SALCB2RV4JA756586')).toBe(false);
    const vis = compilePattern('*****|***B');
    expect(matchesPattern(vis, 'SALYB2RV4JA7B6586')).toBe(true);
    expect(matchesPattern(vis, 'SALYB2RV4JA756586')).toBe(false);
    const range = compilePattern('*****|**[0-4]');
    expect(range).toMatchObject({ positions: [11], allowed: ['01234'] });
    for (const c of 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789') {
      expect(matchesPattern(range, `SALYB2RV4JA${c}56586`)).toBe('01234'.includes(c));
    }
    // Letters past 'O' sit in the second mask word.
    const late = compilePattern('[PZ]');
    expect(['SALPB2RV4JA756586', 'SALZB2RV4JA756586', 'SALYB2RV4JA756586'].map((v) => matchesPattern(late, v))).toEqual([true, true, false]);
  });
});
