// What counts as an identifier: the typed error codes (INVALID_LENGTH, ILLEGAL_CHARACTERS with the
// 1-based positions of I/O/Q and other characters, UNRECOGNISED_FORMAT), normalisation, and the
// problem body the API and `vino decode --json` report for them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/decode/index.js';
import { classifyIdentifier } from '../../src/decode/identifier.js';
import { decodeProblem } from '../../src/problem.js';
import { problemSchemaErrors } from '../fixtures/contract.js';

type Want =
  | { error: 'INVALID_LENGTH' | 'UNRECOGNISED_FORMAT'; identifier?: string }
  | { error: 'ILLEGAL_CHARACTERS'; positions: number[]; identifier?: string }
  | { format: 'ISO_17_STANDARD' | 'ISO_17_PARTIAL' | 'JDM_CHASSIS'; identifier: string };

const ACCORD = '1HGCM82633A004352';

const cases: [string, { given: string; want: Want }][] = [
  ['empty', { given: '', want: { error: 'INVALID_LENGTH', identifier: '' } }],
  ['spaces only', { given: '     ', want: { error: 'INVALID_LENGTH', identifier: '' } }],
  ['tabs and newlines only', { given: '\t\n\r\n', want: { error: 'INVALID_LENGTH', identifier: '' } }],
  ['10 characters: too few for a partial VIN', { given: ACCORD.slice(0, 10), want: { error: 'INVALID_LENGTH', identifier: ACCORD.slice(0, 10) } }],
  ['16 characters: a partial VIN, the last position unknown', { given: ACCORD.slice(0, 16), want: { format: 'ISO_17_PARTIAL', identifier: ACCORD.slice(0, 16) + '*' } }],
  ['the first 11 positions alone: a partial VIN', { given: ACCORD.slice(0, 11), want: { format: 'ISO_17_PARTIAL', identifier: '1HGCM82633A******' } }],
  ['* for unknown positions', { given: '1HGCM8*633A004352', want: { format: 'ISO_17_PARTIAL', identifier: '1HGCM8*633A004352' } }],
  ['every position unknown', { given: '*'.repeat(17), want: { format: 'ISO_17_PARTIAL', identifier: '*'.repeat(17) } }],
  ['* in 18 characters', { given: ACCORD + '*', want: { error: 'INVALID_LENGTH' } }],
  ['I, O or Q in a partial VIN', { given: '1HGCM82633A0O*', want: { error: 'ILLEGAL_CHARACTERS', positions: [13] } }],
  ['18 characters', { given: ACCORD + '1', want: { error: 'INVALID_LENGTH', identifier: ACCORD + '1' } }],
  ['2,000 characters, echoed back cut short', { given: 'A'.repeat(2000), want: { error: 'INVALID_LENGTH', identifier: 'A'.repeat(32) + '…' } }],
  ['I, O and Q at positions 1, 13 and 17', { given: 'IHGCM82633A0O435Q', want: { error: 'ILLEGAL_CHARACTERS', positions: [1, 13, 17], identifier: 'IHGCM82633A0O435Q' } }],
  ['a lower-case o is an O', { given: '1hgcm82633a0o4352', want: { error: 'ILLEGAL_CHARACTERS', positions: [13] } }],
  ['a NUL byte', { given: '1HGCM82633A00435\u0000', want: { error: 'ILLEGAL_CHARACTERS', positions: [17] } }],
  ['a NUL byte inside', { given: '1HGCM82\u00003A004352', want: { error: 'ILLEGAL_CHARACTERS', positions: [8] } }],
  ['a non-ASCII letter', { given: '1HGCM82633A00435É', want: { error: 'ILLEGAL_CHARACTERS', positions: [17] } }],
  // Positions count characters as people see them: an emoji is one, though JavaScript stores it as two.
  ['an emoji', { given: '1HGCM82633A0043🚗', want: { error: 'ILLEGAL_CHARACTERS', positions: [16] } }],
  // Upper-casing must not turn other scripts into VIN letters: ſ (long s) upper-cases to S, ı to I.
  ['a long s (ſ) is not an S', { given: '1HGCM82633A00435ſ', want: { error: 'ILLEGAL_CHARACTERS', positions: [17] } }],
  ['a dotless ı is not an I', { given: '1HGCM82633A00435ı', want: { error: 'ILLEGAL_CHARACTERS', positions: [17] } }],
  ['a ligature (ﬀ) is not two Fs', { given: '1HGCM82633A0043ﬀ', want: { error: 'ILLEGAL_CHARACTERS', positions: [16] } }],
  ['<script> names its angle brackets and its I', { given: '<script>', want: { error: 'ILLEGAL_CHARACTERS', positions: [1, 5, 8] } }],
  ['SQL punctuation (hyphens dropped as separators, then the O of DROP)', { given: "1HGCM'; DROP--", want: { error: 'ILLEGAL_CHARACTERS', positions: [6, 7, 10] } }],
  ['a hyphenated VIN decodes as a VIN', { given: '1HGCM-82633-A004352', want: { format: 'ISO_17_STANDARD', identifier: ACCORD } }],
  ['lower case is upper-cased', { given: '1hgcm82633a004352', want: { format: 'ISO_17_STANDARD', identifier: ACCORD } }],
  ['surrounding spaces are dropped', { given: `  ${ACCORD}\t\n`, want: { format: 'ISO_17_STANDARD', identifier: ACCORD } }],
  ['a VIN padded to 200 characters, as fixed-width exports write it', { given: ACCORD.padEnd(200), want: { format: 'ISO_17_STANDARD', identifier: ACCORD } }],
  ['spaces between groups are dropped', { given: '1HG CM826 33A004352', want: { format: 'ISO_17_STANDARD', identifier: ACCORD } }],
  ['a Japanese chassis number', { given: 'JZA80-1004956', want: { format: 'JDM_CHASSIS', identifier: 'JZA80-1004956' } }],
  ['a chassis number in lower case with spaces', { given: ' jza80 - 1004956 ', want: { format: 'JDM_CHASSIS', identifier: 'JZA80-1004956' } }],
  ['letters on both sides of the hyphen', { given: 'ABC-DEF', want: { error: 'UNRECOGNISED_FORMAT', identifier: 'ABC-DEF' } }],
  ['a chassis number without its serial', { given: 'JZA80-', want: { error: 'UNRECOGNISED_FORMAT' } }],
  ['a hyphenated VIN one character short is a partial VIN', { given: '1HGCM-82633-A00435', want: { format: 'ISO_17_PARTIAL', identifier: '1HGCM82633A00435*' } }],
  ['a hyphenated 10 characters', { given: '1HGCM-82633', want: { error: 'UNRECOGNISED_FORMAT' } }],
  ['a 17-character VIN of digits only', { given: '11111111111111111', want: { format: 'ISO_17_STANDARD', identifier: '11111111111111111' } }],
];

describe('decode: identifiers and their errors', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    const outcome = decode(given);
    if ('format' in want) {
      if (!outcome.ok) throw new Error(`expected a result, got ${outcome.error.code}: ${outcome.error.detail}`);
      expect(outcome.result.summary.format).toBe(want.format);
      expect(outcome.result.identifier).toBe(want.identifier);
      return;
    }
    if (outcome.ok) throw new Error(`expected ${want.error}, got a result for ${outcome.result.identifier}`);
    expect(outcome.error.code).toBe(want.error);
    if (want.identifier !== undefined) expect(outcome.error.identifier).toBe(want.identifier);
    if (want.error === 'ILLEGAL_CHARACTERS') expect(outcome.error.positions).toEqual(want.positions);
    else expect(outcome.error.positions).toBeUndefined();
    expect(outcome.error.detail.length).toBeGreaterThan(20);
  });

  it('names every refused position in the detail, other characters and I, O or Q alike', () => {
    const outcome = decode('<script>');
    if (outcome.ok) throw new Error('expected a refusal');
    expect(outcome.error.detail).toContain('position(s) 1, 8 hold other characters, and 5 hold I, O or Q');
  });

  it('a hyphenated VIN gives the same result as the VIN typed plainly', () => {
    expect(decode('1HGCM-82633-A004352')).toEqual(decode(ACCORD));
  });

  it('names only I, O and Q in the detail when they are the only problem', () => {
    const outcome = decode('1HGCM82633A0O4352');
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.detail).toContain('position(s) 13');
  });

  it('classifies without decoding: the kind and the normalised text', () => {
    expect(classifyIdentifier('jza80-1004956')).toEqual({ ok: true, id: { kind: 'jdm', text: 'JZA80-1004956', modelCode: 'JZA80', serial: '1004956' } });
    expect(classifyIdentifier(' 1hgcm82633a004352 ')).toEqual({ ok: true, id: { kind: 'vin', vin: ACCORD } });
  });
});

// The classifier reads chassis numbers and character positions by hand (no regular expression,
// no array of characters); these properties hold it to the plain definitions.
describe('classifyIdentifier against the plain definitions', () => {
  const CHASSIS = /^([A-Z][A-Z0-9]{1,7})-([0-9]{3,8})$/;
  const pieces = fc.constantFrom('A', 'Z', 'J', 'a', 'z', '0', '9', '5', '-', ' ', 'I', 'O', 'Q', 'é', '😀', '\uD800', '\uDC00', '_', 'ſ');
  const text = fc.array(pieces, { maxLength: 22 }).map((parts) => parts.join(''));

  it('a chassis number is exactly MODELCODE-SERIAL of the regular expression', () => {
    fc.assert(fc.property(text, (input) => {
      const normalised = input.replace(/\s+/g, '').replace(/[a-z]+/g, (run) => run.toUpperCase());
      const match = CHASSIS.exec(normalised);
      const got = classifyIdentifier(input);
      if (match) expect(got).toEqual({ ok: true, id: { kind: 'jdm', text: normalised, modelCode: match[1], serial: match[2] } });
      else expect(got.ok && got.id.kind === 'jdm').toBe(false);
    }), { seed: 11, numRuns: 5000 });
  });

  it('ILLEGAL_CHARACTERS positions count code points, as Array.from does', () => {
    fc.assert(fc.property(text, (input) => {
      const got = classifyIdentifier(input);
      if (got.ok || got.error.code !== 'ILLEGAL_CHARACTERS') return;
      const chars = Array.from(got.error.identifier);
      const bad = chars.flatMap((ch, i) => (/^[A-HJ-NPR-Z0-9]$/.test(ch) ? [] : [i + 1]));
      const foreign = chars.flatMap((ch, i) => (/^[A-HJ-NPR-Z0-9IOQ]$/.test(ch) ? [] : [i + 1]));
      expect(got.error.positions).toEqual(foreign.length > 0 ? bad : bad.filter((p) => 'IOQ'.includes(chars[p - 1]!)));
    }), { seed: 12, numRuns: 5000 });
  });
});

describe('decodeProblem', () => {
  const problemCases: [string, { given: string; want: { code: string; title: string; positions?: number[] } }][] = [
    ['too short', { given: '1HG', want: { code: 'INVALID_LENGTH', title: 'Identifier has the wrong length' } }],
    ['I, O or Q', { given: 'IHGCM82633A004352', want: { code: 'ILLEGAL_CHARACTERS', title: 'Identifier contains characters a VIN cannot have', positions: [1] } }],
    ['neither format', { given: 'ABC-DEF', want: { code: 'UNRECOGNISED_FORMAT', title: 'Identifier is neither a VIN nor a chassis number' } }],
  ];
  it.each(problemCases)('%s is a 422 problem+json body with a stable code', (_name, { given, want }) => {
    const outcome = decode(given);
    if (outcome.ok) throw new Error('expected an error');
    const body = decodeProblem(outcome.error);
    expect(problemSchemaErrors(body)).toBe('');
    expect(body).toMatchObject({ status: 422, code: want.code, title: want.title, identifier: outcome.error.identifier, detail: outcome.error.detail });
    expect(body.type).toBe(`https://vino.dev/problems/${want.code.toLowerCase().replace(/_/g, '-')}`);
    if (want.positions) expect(body.positions).toEqual(want.positions);
    else expect(body).not.toHaveProperty('positions');
  });
});
