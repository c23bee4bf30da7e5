/** Builds the Location of serveStatic's directory redirect, which can only ever name this site, and its page. */
import { escapeHtml } from '../../../core/response/negotiation.js';

// Characters a path or query may carry as they are; everything else is percent-encoded.
const UNSAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]|%(?![0-9A-Fa-f]{2})/g;

function encodeUnsafe(text: string): string {
  return text.replace(UNSAFE, (ch) =>
    [...Buffer.from(ch, 'utf8')]
      .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
      .join(''),
  );
}

/**
 * The `Location` for redirecting a directory request to its slash form: `pathname` + `/`, then the
 * query string unchanged (STATIC-004).
 *
 * Leading slashes and backslashes collapse to one `/`, so `//evil.com` or `/\evil.com` (which browsers
 * read as another host) becomes the local path `/evil.com/`. Characters that may not appear in a header
 * or URL are percent-encoded, existing `%XX` escapes are kept.
 *
 * @example
 * ```ts
 * directoryLocation('/docs', 'v=2'); // '/docs/?v=2'
 * directoryLocation('//evil.com', ''); // '/evil.com/'
 * ```
 */
export function directoryLocation(pathname: string, query: string): string {
  const local = pathLocation(pathname, '');
  return (local.endsWith('/') ? local : `${local}/`) + (query === '' ? '' : `?${encodeUnsafe(query)}`);
}

/**
 * The `Location` of `pathname` on this site, then the query string (X5-018): leading slashes and
 * backslashes collapse to one `/`, and characters that may not appear in a URL are percent-encoded, as in
 * {@link directoryLocation}, which adds the directory's slash.
 *
 * @example
 * ```ts
 * pathLocation('/docs/a.txt', 'v=2'); // '/docs/a.txt?v=2'
 * pathLocation('//evil.com', ''); // '/evil.com'
 * ```
 */
export function pathLocation(pathname: string, query: string): string {
  const local = `/${pathname.replace(/^[/\\]+/, '')}`;
  return encodeUnsafe(local) + (query === '' ? '' : `?${encodeUnsafe(query)}`);
}

/**
 * serve-static's redirect page for `location` (STATIC-004): a minimal HTML document saying where to go, the
 * location HTML-escaped.
 *
 * @example
 * ```ts
 * redirectDocument('/docs/'); // '<!DOCTYPE html>\n<html lang="en">...Redirecting to /docs/...'
 * ```
 */
export function redirectDocument(location: string): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Redirecting</title>\n</head>\n' +
    `<body>\n<pre>Redirecting to ${escapeHtml(location)}</pre>\n</body>\n</html>\n`
  );
}
