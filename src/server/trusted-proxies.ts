// Which peers may say who the client is. VINO_TRUST_PROXY was a switch: with it on, X-Forwarded-For
// was believed from any peer, so a client that reached vino directly could pick its own rate-limit
// bucket or spend another address's failed-authentication budget (issue 12, finding 9). It now
// lists the proxies' addresses (CIDR), and the header is read only from them.
import { BlockList, isIP, isIPv4 } from 'node:net';

export class TrustedProxies {
  private readonly list = new BlockList();

  /** `entries`: addresses or CIDR ranges (`10.0.0.0/8`, `::1`, `fd00::/8`), already checked by parseTrustedProxies. */
  constructor(readonly entries: readonly string[] = []) {
    for (const entry of entries) {
      const [address, prefix] = entry.split('/') as [string, string | undefined];
      const type = isIPv4(address) ? 'ipv4' : 'ipv6';
      if (prefix === undefined) this.list.addAddress(address, type);
      else this.list.addSubnet(address, Number(prefix), type);
    }
  }

  /** False when no proxy is listed: callers skip the header without looking at it. */
  get any(): boolean {
    return this.entries.length > 0;
  }

  trusts(address: string): boolean {
    const version = isIP(address);
    return version !== 0 && this.list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  }
}

export const NO_TRUSTED_PROXIES = new TrustedProxies();

/** A dual-stack socket reports IPv4 peers as `::ffff:10.0.0.1`; ranges are written for `10.0.0.1`. */
export const plainAddress = (address: string): string =>
  address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;

/** `10.0.0.0/8, 127.0.0.1 ::1` → the entries; throws (with `what` is wrong) on anything else. */
export function parseTrustedProxies(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean).map((entry) => {
    const [address = '', prefix, extra] = entry.split('/');
    const version = isIP(address);
    const longest = version === 4 ? 32 : 128;
    if (version === 0 || extra !== undefined || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= longest))) {
      throw new Error(`"${entry}" is not an IP address or CIDR range such as 10.0.0.0/8 or 127.0.0.1`);
    }
    return entry;
  });
}
