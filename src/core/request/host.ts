/** The hostname of a Host header value: its port dropped, an IPv6 literal kept in brackets. */

/**
 * The Host header without its port; `[::1]:3000` gives `[::1]`. Empty when there is no Host.
 *
 * @example
 * ```ts
 * hostnameOf('example.com:8080'); // 'example.com'
 * ```
 */
export function hostnameOf(host: string | undefined): string {
  if (!host) return '';
  if (host.charCodeAt(0) === 91 /* [ */) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}
