// The nesting gauge that refuses deep bodies while they are read (issue 12, finding 1): it counts
// brackets outside strings only, across chunk boundaries, and the depths come from the schemas.
import { describe, expect, it } from 'vitest';
import { JsonDepthGauge, schemaDepth } from '../../src/server/json-depth.js';
import { DECODE_BATCH_REQUEST_DEPTH, DECODE_REQUEST_DEPTH, KEY_CREATE_REQUEST_DEPTH } from '../../src/server/validate.js';

const bytes = (text: string) => new TextEncoder().encode(text);

function accepts(maxDepth: number, ...chunks: string[]): boolean {
  const gauge = new JsonDepthGauge(maxDepth);
  return chunks.every((chunk) => gauge.accept(bytes(chunk)));
}

describe('JsonDepthGauge', () => {
  it.each([
    ['an object of strings at depth 1', 1, ['{"identifier":"1HGCM82633A004352"}'], true],
    ['an array inside the object at depth 1', 1, ['{"identifier":["x"]}'], false],
    ['brackets inside a string', 1, ['{"identifier":"[[[{{{"}'], true],
    ['an escaped quote that does not end the string', 1, ['{"identifier":"a\\"[[[["}'], true],
    ['an escaped backslash that does end the string', 1, ['{"identifier":"a\\\\"', ',"x":[[]]}'], false],
    ['a string split across chunks', 1, ['{"identifier":"[[', '[["}'], true],
    ['an escape split across chunks', 1, ['{"identifier":"a\\', '"[[["}'], true],
    ['a batch at depth 2', 2, ['{"identifiers":["a","b"]}'], true],
    ['400,000 [ at depth 2', 2, ['['.repeat(400_000)], false],
    ['closing brackets bring the depth back', 2, ['{"a":[]', ',"b":[]}'], true],
  ])('%s', (_name, max, chunks, want) => {
    expect(accepts(max, ...chunks)).toBe(want);
  });
});

describe('schemaDepth', () => {
  it('reads how deep each request body nests from its schema', () => {
    expect([DECODE_REQUEST_DEPTH, DECODE_BATCH_REQUEST_DEPTH, KEY_CREATE_REQUEST_DEPTH]).toEqual([1, 2, 1]);
    expect(schemaDepth({ type: 'object', properties: { a: { type: 'array', items: { type: 'object', properties: { b: { type: 'string' } } } } } })).toBe(3);
  });
});
