import { lookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard of webhook deliveries: only public unicast addresses are reached, unless the
 * host name or the address is in WEBHOOK_ALLOWED_HOSTS (host names, addresses or CIDR ranges).
 * Loopback, private (RFC 1918, unique local), link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, multicast, unspecified and reserved ranges are refused. The check is made
 * on the addresses the connection really uses (in the socket's DNS lookup), so a name that
 * resolves to a public address when it is saved and to a private one later is refused too.
 */
export function addressGuard(allowedHosts: readonly string[]) {
  const names = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const entry of allowedHosts.map((h) => h.trim().toLowerCase()).filter(Boolean)) {
    if (entry.includes('/') && ipaddr.isValidCIDR(entry)) ranges.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const ip = ipaddr.process(entry);
      ranges.push([ip, ip.kind() === 'ipv4' ? 32 : 128]);
    } else names.add(entry);
  }
  const inRanges = (ip: ipaddr.IPv4 | ipaddr.IPv6) =>
    ranges.some(([net, bits]) => net.kind() === ip.kind() && ip.match([net, bits] as never));

  /** Why `address` (reached for `host`) is refused, or null when it may be reached. */
  const refusal = (host: string, address: string): string | null => {
    if (!ipaddr.isValid(address)) return `${address} is not an address`;
    const ip = ipaddr.process(address);
    if (ip.range() === 'unicast' || names.has(host.toLowerCase()) || inRanges(ip)) return null;
    return `${address} is a ${ip.range()} address, not reached unless WEBHOOK_ALLOWED_HOSTS lists it`;
  };

  /** A `lookup` for http.request that refuses the addresses `refusal` refuses. */
  const guardedLookup = (
    hostname: string,
    options: { all?: boolean; family?: number },
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.map((a) => refusal(hostname, a.address)).find(Boolean);
      if (refused) return callback(Object.assign(new Error(refused), { code: 'EADDRNOTALLOWED' }), '');
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };

  return { refusal, guardedLookup };
}
