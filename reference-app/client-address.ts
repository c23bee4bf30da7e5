/** The client's address as the throttle sees it: the socket's peer, or what N trusted proxies in front reported. */
import type { KitRequest } from 'kitjs';

/**
 * With `trustedProxies` 0 (the default) the address is the TCP peer (`req.ip`): right when clients connect
 * directly. Behind N proxies (TRUST_PROXY=N), each appends the address it saw to `X-Forwarded-For`, so the
 * client is the Nth address from the right, counting the socket's peer as the first: anything further left
 * was written by the client and cannot be trusted. A header shorter than that gives the leftmost entry.
 *
 * @example
 * // TRUST_PROXY=1, socket peer 10.0.0.2 (the proxy), X-Forwarded-For: "6.6.6.6, 203.0.113.7"
 * clientAddress(req, 1); // '203.0.113.7'
 */
export function clientAddress(req: Pick<KitRequest, 'ip' | 'get'>, trustedProxies: number): string {
  if (trustedProxies === 0) return req.ip;
  const forwarded = (req.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const chain = [...forwarded, req.ip];
  return chain[Math.max(0, chain.length - 1 - trustedProxies)] ?? req.ip;
}
