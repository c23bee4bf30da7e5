/** kitjs/express's Content-Type for a string body: Express 4 writes strings as UTF-8 and says so. */
import { lazyDependency } from '../../base/optional-package.js';

const loadContentType = lazyDependency<typeof import('content-type')>('content-type');

// A handful of distinct Content-Types per app, on every text response that set one: remembered, boundedly.
const CHARSET_CACHE_SIZE = 256;
const charsetCache = new Map<string, string>();

/**
 * XRES-002: `type` with its charset set to utf-8, as a string body is written in UTF-8: added when missing,
 * replaced when another. A type content-type cannot parse is kept as it is (the app chose it; rewriting it
 * could only guess).
 *
 * @example
 * ```ts
 * withUtf8('text/plain; charset=iso-8859-1'); // 'text/plain; charset=utf-8'
 * ```
 */
export function withUtf8(type: string): string {
  // The common case (res.type('json'), kitjs's own types) needs no parsing at all.
  if (type.endsWith('; charset=utf-8')) return type;
  let value = charsetCache.get(type);
  if (value === undefined) {
    value = type;
    try {
      const contentType = loadContentType();
      const parsed = contentType.parse(type);
      parsed.parameters.charset = 'utf-8';
      value = contentType.format(parsed);
    } catch {
      // Not a media type content-type can read: left as the app set it.
    }
    if (charsetCache.size >= CHARSET_CACHE_SIZE) charsetCache.clear();
    charsetCache.set(type, value);
  }
  return value;
}
