// The decode body read straight from its bytes (plain-identifier-body.ts) must be what UTF-8
// decoding and JSON.parse make of the same bytes, whenever it answers at all, for any body.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainIdentifierBody } from '../../src/server/plain-identifier-body.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** What body.ts made of the bytes before the shortcut: the value, or undefined when it refused them. */
function parsedTheLongWay(raw: Buffer): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(utf8.decode(raw)) };
  } catch {
    return undefined;
  }
}

const anyText = fc.oneof(
  fc.string({ unit: 'grapheme-ascii' }),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom('"', '\\', '/', 'u', '0', 'A', 'é', '\u2028', '\ud800', '\n', '\t', '\u007f', ' ') }),
);
const identifierLike = fc.oneof(fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/), anyText);
const whitespace = fc.constantFrom('', '', ' ', '\n', '\t', '\r\n ');

/** Bodies near the plain shape: spaced, escaped, duplicated, nested, other members, other values. */
const nearBodies = fc.oneof(
  identifierLike.map((identifier) => JSON.stringify({ identifier })),
  fc.tuple(whitespace, whitespace, whitespace, whitespace, whitespace, identifierLike)
    .map(([a, b, c, d, e, identifier]) => `${a}{${b}"identifier"${c}:${d}${JSON.stringify(identifier)}${e}}`),
  fc.tuple(identifierLike, identifierLike).map(([first, second]) => `{"identifier":${JSON.stringify(first)},"identifier":${JSON.stringify(second)}}`),
  identifierLike.map((identifier) => `{"identifier":${JSON.stringify({ identifier })}}`),
  identifierLike.map((identifier) => `{"identifier":"${identifier}"}`),
  identifierLike.map((identifier) => `{"identifier":"${identifier}","more":1}`),
  identifierLike.map((identifier) => `{"identifier":"${identifier}"}}`),
  identifierLike.map((identifier) => `{"identifier":"${identifier}"`),
  identifierLike.map((identifier) => `{"Identifier":"${identifier}"}`),
  identifierLike.map((identifier) => `{"identifier":"${identifier.replace(/./u, '\\u0041')}"}`),
  fc.json().map((json) => `{"identifier":${json}}`),
  fc.json(),
  anyText,
);

/** The same bodies as bytes, some of them changed in one byte (invalid UTF-8, NUL, cut short). */
const bodies = fc.oneof(
  nearBodies.map((text) => Buffer.from(text, 'utf8')),
  fc.tuple(nearBodies, fc.nat(), fc.integer({ min: 0, max: 255 })).map(([text, at, byte]) => {
    const raw = Buffer.from(text, 'utf8');
    if (raw.length > 0) raw[at % raw.length] = byte;
    return raw;
  }),
  fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.concat([Buffer.from('{"identifier":"'), bytes, Buffer.from('"}')])),
);

const cases: [string, { given: string; want: { identifier: string } | undefined }][] = [
  ['a VIN', { given: '{"identifier":"1HGCM82633A004352"}', want: { identifier: '1HGCM82633A004352' } }],
  ['an empty identifier', { given: '{"identifier":""}', want: { identifier: '' } }],
  ['printable ASCII but quote and backslash', { given: '{"identifier":" !#~/{}"}', want: { identifier: ' !#~/{}' } }],
  ['an escape', { given: '{"identifier":"\\u0041"}', want: undefined }],
  ['a space before the value', { given: '{"identifier": "1HGCM82633A004352"}', want: undefined }],
  ['a character past ASCII', { given: '{"identifier":"é"}', want: undefined }],
  ['a control character', { given: '{"identifier":"\t"}', want: undefined }],
  ['a second member', { given: '{"identifier":"A","identifier":"B"}', want: undefined }],
  ['the prefix alone', { given: '{"identifier":"', want: undefined }],
];

describe('plainIdentifierBody', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(plainIdentifierBody(Buffer.from(given, 'utf8'))).toStrictEqual(want);
  });

  it('answers only what UTF-8 decoding and JSON.parse make of the same bytes', () => {
    let taken = 0;
    fc.assert(fc.property(bodies, (raw) => {
      const plain = plainIdentifierBody(raw);
      if (plain === undefined) return;
      taken++;
      expect(parsedTheLongWay(raw)).toStrictEqual({ value: plain });
      expect(Object.getPrototypeOf(plain)).toBe(Object.prototype);
    }), { numRuns: 10_000, seed: 0x5eed_b0d7 });
    // The shortcut is exercised, not only declined.
    expect(taken).toBeGreaterThan(500);
  });

  it('takes every body JSON.stringify makes of a printable-ASCII identifier', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme-ascii' }).filter((s) => !/["\\]/.test(s)), (identifier) => {
      expect(plainIdentifierBody(Buffer.from(JSON.stringify({ identifier })))).toStrictEqual({ identifier });
    }), { seed: 0x5eed_b0d8 });
  });
});
