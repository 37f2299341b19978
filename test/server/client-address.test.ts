// Which address rate limits count a request under. Behind a trusted proxy it is the address the
// proxy wrote (the last X-Forwarded-For entry), never one the client put in the header itself.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/server/rate-limit.js';

const request = (forwarded: string | undefined, peer = '10.0.0.9'): IncomingMessage =>
  ({ headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }, socket: { remoteAddress: peer } }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it('without a trusted proxy the peer counts, whatever the header says', () => {
    expect(clientAddress(request('203.0.113.7'), false)).toBe('10.0.0.9');
  });

  it('behind a proxy that replaces the header, its one address counts', () => {
    expect(clientAddress(request('203.0.113.7'), true)).toBe('203.0.113.7');
  });

  it('behind a proxy that appends, the address it appended counts, not the ones the client sent', () => {
    expect(clientAddress(request('1.1.1.1, 2.2.2.2,203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientAddress(request('1.1.1.1,   2001:db8::1  '), true)).toBe('2001:db8::1');
  });

  it('an empty or missing header falls back to the peer', () => {
    expect(clientAddress(request(undefined), true)).toBe('10.0.0.9');
    expect(clientAddress(request(''), true)).toBe('10.0.0.9');
    expect(clientAddress(request('1.1.1.1, '), true)).toBe('10.0.0.9');
  });
});
