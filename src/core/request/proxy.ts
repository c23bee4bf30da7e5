/** The `trust proxy` members of the request: ip, ips, protocol, secure, hostname, subdomains. */
import { isIP } from 'node:net';
import { lazyDependency } from '../../base/optional-package.js';
import type { TrustFunction } from '../settings.js';
import type { KitRequest } from '../types.js';
import type { InternalRequest } from './internal.js';

const loadProxyAddr = lazyDependency<typeof import('proxy-addr')>('proxy-addr');

/** The compiled `trust proxy` of the request's app, or undefined when it trusts nothing (XREQ-001). */
function trustOf(req: KitRequest): TrustFunction | undefined {
  return (req as InternalRequest).context?.trust;
}

/** XREQ-001: the client's address as the trusted proxies report it (proxy-addr), else the socket's. */
export function trustedAddress(req: KitRequest, trust: TrustFunction): string {
  return loadProxyAddr()(req, trust) ?? '';
}

/**
 * XREQ-002: every address the trusted proxies reported, farthest (the client) first, without the socket's
 * own address; `[]` when nothing is trusted.
 */
export function ips(req: KitRequest): string[] {
  const trust = trustOf(req);
  if (trust === undefined) return [];
  const chain = loadProxyAddr().all(req, trust);
  // proxy-addr lists the socket first, then each hop back towards the client: Express reverses it.
  chain.reverse().pop();
  return chain;
}

/** XREQ-003: `https` on a TLS socket, else `http`; a trusted proxy's first X-Forwarded-Proto wins. */
export function protocol(req: KitRequest): string {
  const own = (req.socket as { encrypted?: boolean } | undefined)?.encrypted ? 'https' : 'http';
  if (!trustsSocket(req)) return own;
  const forwarded = req.get('x-forwarded-proto');
  if (!forwarded) return own;
  const comma = forwarded.indexOf(',');
  return (comma === -1 ? forwarded : forwarded.slice(0, comma)).trim() || own;
}

/** XREQ-003: `req.protocol === 'https'`. */
export function secure(req: KitRequest): boolean {
  return req.protocol === 'https';
}

/**
 * XREQ-004: the Host header, or, when the proxy that connected is trusted, X-Forwarded-Host's first value.
 * The port is kept: `hostnameOf` strips it.
 */
export function trustedHost(req: KitRequest): string | undefined {
  const forwarded = req.get('x-forwarded-host');
  if (!forwarded || !trustsSocket(req)) return req.headers.host;
  const comma = forwarded.indexOf(',');
  return comma === -1 ? forwarded : forwarded.slice(0, comma).trimEnd();
}

/**
 * XREQ-005: the labels of the hostname before the app's domain, nearest to it first; the domain is the last
 * `subdomain offset` labels (2). An IP address has no subdomains: it stays one item, which the offset drops.
 */
export function subdomains(req: KitRequest): string[] {
  const hostname = req.hostname;
  if (hostname === '') return [];
  const setting = req.app?.settings['subdomain offset'];
  const offset = typeof setting === 'number' ? setting : 2;
  const bare = hostname.charCodeAt(0) === 91 /* [ */ ? hostname.slice(1, -1) : hostname;
  const labels = isIP(bare) === 0 ? hostname.split('.').reverse() : [hostname];
  return labels.slice(offset);
}

function trustsSocket(req: KitRequest): boolean {
  const trust = trustOf(req);
  return trust?.(req.socket?.remoteAddress ?? '', 0) === true;
}
