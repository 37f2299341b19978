// Request ids are random version-4 UUIDs, as crypto.randomUUID() makes them, across refills of the pool.
import { describe, expect, it } from 'vitest';
import { newRequestId } from '../../src/server/request-id.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRequestId', () => {
  it('makes version-4 UUIDs, never the same twice, past several refills of its pool', () => {
    const ids = Array.from({ length: 2000 }, newRequestId);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses every hex digit in the random positions', () => {
    const digits = new Set(Array.from({ length: 200 }, newRequestId).join('').replace(/-/g, ''));
    expect([...digits].sort().join('')).toBe('0123456789abcdef');
  });
});
