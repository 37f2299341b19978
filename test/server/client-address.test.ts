// Which address rate limits count a request under (issue 12, finding 9). X-Forwarded-For is read
// only from a peer VINO_TRUST_PROXY lists, from its end leftwards past every listed proxy: a client
// that reaches vino directly cannot pick its own address, and one behind the proxy cannot either.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/server/rate-limit.js';
import { NO_TRUSTED_PROXIES, parseTrustedProxies, TrustedProxies } from '../../src/server/trusted-proxies.js';

const request = (forwarded: string | undefined, peer = '10.0.0.9'): IncomingMessage =>
  ({ headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }, socket: { remoteAddress: peer } }) as unknown as IncomingMessage;
const proxies = new TrustedProxies(['10.0.0.0/24', 'fd00::/8']);

describe('clientAddress', () => {
  it('without a trusted proxy the peer counts, whatever the header says', () => {
    expect(clientAddress(request('203.0.113.7'), NO_TRUSTED_PROXIES)).toBe('10.0.0.9');
  });

  it('a peer that is not a listed proxy counts as itself, whatever the header says', () => {
    expect(clientAddress(request('203.0.113.7', '198.51.100.4'), proxies)).toBe('198.51.100.4');
    expect(clientAddress(request('10.0.0.1', '198.51.100.4'), proxies)).toBe('198.51.100.4');
  });

  it('behind a listed proxy that replaces the header, its one address counts', () => {
    expect(clientAddress(request('203.0.113.7'), proxies)).toBe('203.0.113.7');
    expect(clientAddress(request('203.0.113.7', '::ffff:10.0.0.9'), proxies)).toBe('203.0.113.7');
  });

  it('behind listed proxies that append, the first address from the end that is not a listed proxy counts', () => {
    expect(clientAddress(request('1.1.1.1, 2.2.2.2,203.0.113.7'), proxies)).toBe('203.0.113.7');
    expect(clientAddress(request('1.1.1.1, 203.0.113.7, 10.0.0.5'), proxies)).toBe('203.0.113.7');
    expect(clientAddress(request('1.1.1.1,   2001:db8::1  , fd00::2', 'fd00::1'), proxies)).toBe('2001:db8::1');
  });

  it('an empty or missing header falls back to the peer', () => {
    expect(clientAddress(request(undefined), proxies)).toBe('10.0.0.9');
    expect(clientAddress(request(''), proxies)).toBe('10.0.0.9');
    expect(clientAddress(request('1.1.1.1, '), proxies)).toBe('10.0.0.9');
  });
});

describe('parseTrustedProxies', () => {
  it('takes addresses and CIDR ranges, comma- or space-separated', () => {
    expect(parseTrustedProxies('10.0.0.0/8, 127.0.0.1 ::1,fd00::/8')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
  });

  it.each(['1', 'true', '10.0.0.0/33', '::1/129', 'proxy.internal', '10.0.0.0/8/1', '10.0.0.0/x'])('refuses %s', (entry) => {
    expect(() => parseTrustedProxies(entry)).toThrow(/is not an IP address or CIDR range/);
  });
});
