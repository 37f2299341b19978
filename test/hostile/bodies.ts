// Hostile request bodies: named malicious ones with the answer each must get, and a fast-check
// arbitrary that mixes them with random bytes, random text and JSON of every shape.
import fc from 'fast-check';

export const HONDA_VIN = '1HGCM82633A004352';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const text = (value: string) => Buffer.from(value);
const nested = (open: string, close: string, depth: number, inner: string) => open.repeat(depth) + inner + close.repeat(depth);

/**
 * Bodies no honest client sends, each under a name, with the answer each must get from the single
 * decode endpoint (64 KB limit) and from the batch endpoint (128 KB): a status, and the code where
 * the answer is a problem. A body nested deeper than its schema allows is refused while it is read
 * (VALIDATION_FAILED), whether or not it would have parsed.
 */
export const SPECIAL_BODIES: [name: string, body: Buffer, single: string, batch: string][] = [
  ['5,000-deep arrays as the identifier', text(`{"identifier":${nested('[', ']', 5000, '"x"')}}`), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['5,000-deep objects as the identifier', text(`{"identifier":${nested('{"a":', '}', 5000, '1')}}`), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['5,000-deep arrays as the body', text(nested('[', ']', 5000, '')), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['5,000-deep objects in a batch', text(`{"identifiers":[${nested('{"a":', '}', 5000, '1')}]}`), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['5,000 unclosed arrays', text('{"identifier":' + '['.repeat(5000)), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['brackets inside a string (not nesting)', json({ identifier: '[[[{{{' }), '422', '400 VALIDATION_FAILED'],
  ['400,000-deep arrays in a batch', text(`{"identifiers":${nested('[', ']', 400_000, '')}}`), '413 PAYLOAD_TOO_LARGE', '413 PAYLOAD_TOO_LARGE'],
  ['60,000-deep arrays in a batch (under the size limit)', text(`{"identifiers":${nested('[', ']', 60_000, '')}}`), '413 PAYLOAD_TOO_LARGE', '400 VALIDATION_FAILED'],
  ['a 60,000-character identifier', json({ identifier: 'A'.repeat(60_000) }), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['a 70,000-character identifier', json({ identifier: 'A'.repeat(70_000) }), '413 PAYLOAD_TOO_LARGE', '400 VALIDATION_FAILED'],
  ['1,000 valid identifiers', json({ identifiers: Array(1000).fill(HONDA_VIN) }), '400 VALIDATION_FAILED', '200'],
  ['1,001 identifiers', json({ identifiers: Array(1001).fill(HONDA_VIN) }), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['200,000 numbers as identifiers', text(`{"identifiers":[${Array(200_000).fill(7).join(',')}]}`), '413 PAYLOAD_TOO_LARGE', '413 PAYLOAD_TOO_LARGE'],
  ['50,000 numbers as identifiers', text(`{"identifiers":[${Array(50_000).fill(7).join(',')}]}`), '413 PAYLOAD_TOO_LARGE', '400 VALIDATION_FAILED'],
  ['a 128 KB + 1 body', json({ identifiers: ['A'.repeat(128 * 1024)] }), '413 PAYLOAD_TOO_LARGE', '413 PAYLOAD_TOO_LARGE'],
  ['__proto__ holding the identifier', text(`{"__proto__":{"identifier":"${HONDA_VIN}"}}`), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['__proto__ beside the identifier', text(`{"identifier":"${HONDA_VIN}","__proto__":{"polluted":"yes"}}`), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['constructor.prototype', text('{"constructor":{"prototype":{"polluted":"yes"}},"identifier":"x"}'), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['__proto__ in a batch', text(`{"identifiers":["${HONDA_VIN}"],"__proto__":{"polluted":"yes"},"prototype":{}}`), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['__proto__ in a key label', text('{"label":"x","__proto__":{"isAdmin":true}}'), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['__proto__ as a key label', text('{"label":{"__proto__":{"polluted":"yes"}}}'), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['a repeated key (the last one counts)', text(`{"identifier":5,"identifier":"${HONDA_VIN}"}`), '200', '400 VALIDATION_FAILED'],
  ['a byte-order mark (dropped by the UTF-8 decoder)', text(`\ufeff{"identifier":"${HONDA_VIN}"}`), '200', '400 VALIDATION_FAILED'],
  ['escaped lone surrogates', text('{"identifier":"\\ud800\\udfff\\ud800x"}'), '422', '400 VALIDATION_FAILED'],
  ['escaped NULs', text(`{"identifier":"${'\\u0000'.repeat(50)}"}`), '422', '400 VALIDATION_FAILED'],
  ['a number beyond double', text(`{"identifier":1e999,"identifiers":[${'9'.repeat(5000)}]}`), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['an empty body', Buffer.alloc(0), '400 INVALID_JSON', '400 INVALID_JSON'],
  ['only whitespace', text(' \t\r\n '), '400 INVALID_JSON', '400 INVALID_JSON'],
  ['JSON null', text('null'), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['a JSON string', text(`"${HONDA_VIN}"`), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['an empty array of identifiers', json({ identifiers: [] }), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['a label of control characters', json({ label: '\u0000\u001b[31m\u007f' }), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['a 10 KB label', json({ label: 'L'.repeat(10_000) }), '400 VALIDATION_FAILED', '400 VALIDATION_FAILED'],
  ['CESU-8 surrogates', Buffer.concat([text('{"identifier":"'), Buffer.from([0xed, 0xa0, 0x80]), text('"}')]), '400 INVALID_JSON', '400 INVALID_JSON'],
  ['an overlong slash', Buffer.concat([text('{"identifier":"'), Buffer.from([0xc0, 0xaf]), text('"}')]), '400 INVALID_JSON', '400 INVALID_JSON'],
  ['UTF-16 JSON', Buffer.from(`{"identifier":"${HONDA_VIN}"}`, 'utf16le'), '400 INVALID_JSON', '400 INVALID_JSON'],
];

const lonelySurrogates = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 80 });

export const hostileBody: fc.Arbitrary<[string, Buffer]> = fc.oneof(
  fc.constantFrom(...SPECIAL_BODIES).map(([name, body]): [string, Buffer] => [name, body]),
  fc.uint8Array({ maxLength: 400 }).map((bytes): [string, Buffer] => ['random bytes', Buffer.from(bytes)]),
  fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes): [string, Buffer] =>
    ['raw bytes inside the identifier', Buffer.concat([text('{"identifier":"'), Buffer.from(bytes), text('"}')])]),
  fc.string({ unit: 'binary', maxLength: 200 }).map((s): [string, Buffer] => ['random text', text(s)]),
  fc.json({ maxDepth: 4 }).map((s): [string, Buffer] => ['random JSON', text(s)]),
  fc.jsonValue({ maxDepth: 3 }).map((v): [string, Buffer] => ['a JSON value as the identifier', json({ identifier: v })]),
  fc.jsonValue({ maxDepth: 3 }).map((v): [string, Buffer] => ['a JSON value as the identifiers', json({ identifiers: v })]),
  fc.jsonValue({ maxDepth: 2 }).map((v): [string, Buffer] => ['a JSON value as the label', json({ label: v })]),
  lonelySurrogates.map((s): [string, Buffer] => ['an identifier of any UTF-16', json({ identifier: s })]),
  fc.array(lonelySurrogates, { minLength: 1, maxLength: 30 }).map((list): [string, Buffer] => ['identifiers of any UTF-16', json({ identifiers: list })]),
  fc.dictionary(fc.constantFrom('identifier', 'identifiers', 'label', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'),
    fc.jsonValue({ maxDepth: 2 })).map((o): [string, Buffer] => ['dangerous keys', json(o)]),
);
