import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';

/**
 * The client's address for throttling and the session list: the socket's peer, or, when
 * `header` is set (CLIENT_IP_HEADER), the rightmost entry of that header, which is the one the
 * deployment's own proxy wrote (entries to its left came from the client). Nothing else is
 * trusted: an X-Forwarded-For the client made up changes nothing by default.
 *
 * IPv4-mapped IPv6 addresses count as IPv4, and an IPv6 client as its /64 network, which is
 * what one subscriber usually gets. Requests without a socket (in-process tests) are "unknown".
 */
export function clientAddressOf(req: Request, env: unknown, header: string | undefined): string {
  const raw = header
    ? req.headers.get(header)?.split(',').at(-1)?.trim()
    : (env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
  if (!raw || !ipaddr.isValid(raw)) return 'unknown';
  const address = ipaddr.process(raw);
  if (address.kind() === 'ipv4') return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`);
  return `${network.toString()}/64`;
}
