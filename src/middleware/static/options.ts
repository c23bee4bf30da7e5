/** Validates serveStatic's root and options once, at setup, and turns them into settled values. */
import { resolve } from 'node:path';
import { parseMaxAge } from './duration.js';

/** How `serveStatic` treats a path with a segment that starts with a dot (`.env`, `.git/config`). */
export type DotfilesPolicy = 'allow' | 'deny' | 'ignore';

/**
 * The options of {@link serveStatic}.
 *
 * @example
 * ```ts
 * const options: ServeStaticOptions = { maxAge: '1d', index: false, dotfiles: 'deny' };
 * app.use('/assets', serveStatic('public', options));
 * ```
 */
export interface ServeStaticOptions {
  /** Cache lifetime for `Cache-Control: public, max-age=N`: milliseconds, or a string like '1d'. Default 0. */
  maxAge?: number | string;
  /** The file served for a directory request ending in `/`, or `false` for none. Default 'index.html'. */
  index?: string | false;
  /** 'ignore' (default) treats dotfiles as missing, 'deny' answers 403, 'allow' serves them. */
  dotfiles?: DotfilesPolicy;
  /** Send a weak `ETag` and honour `If-None-Match`. Default true. */
  etag?: boolean;
  /** Send `Last-Modified` and honour `If-Modified-Since`. Default true. */
  lastModified?: boolean;
}

/** The options after validation: every value present and of its final type. */
export interface StaticSettings {
  root: string;
  maxAgeMs: number;
  index: string | false;
  dotfiles: DotfilesPolicy;
  etag: boolean;
  lastModified: boolean;
}

const KNOWN = new Set(['maxAge', 'index', 'dotfiles', 'etag', 'lastModified']);

/**
 * Checks `root` and `options`, throwing a `TypeError` that names the first bad one (STATIC-012), and returns
 * the settled values (root made absolute against the current directory; a missing root is no error,
 * STATIC-002).
 *
 * @example
 * ```ts
 * staticSettings('public', { maxAge: '1h' }).maxAgeMs; // 3_600_000
 * staticSettings('public', { dotfiles: 'hide' }); // throws TypeError naming dotfiles
 * ```
 */
export function staticSettings(root: unknown, options: unknown): StaticSettings {
  if (typeof root !== 'string' || root === '' || root.includes('\0')) {
    throw new TypeError('serveStatic: root must be a non-empty directory path string');
  }
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) {
    throw new TypeError('serveStatic: options must be an object');
  }
  const given = (options ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    // An unknown key is almost always a typo ('maxage', 'dotFiles') that would silently do nothing.
    if (!KNOWN.has(key)) {
      throw new TypeError(`serveStatic: unknown option "${key}" (known: ${[...KNOWN].join(', ')})`);
    }
  }
  const { maxAge = 0, index = 'index.html', dotfiles = 'ignore', etag = true, lastModified = true } = given;

  const maxAgeMs = parseMaxAge(maxAge);
  if (maxAgeMs === undefined) {
    throw new TypeError(
      `serveStatic: maxAge must be non-negative milliseconds or a duration like '1d', got ${String(maxAge)}`,
    );
  }
  if (index !== false && !isPlainFileName(index)) {
    throw new TypeError('serveStatic: index must be false or a file name without slashes');
  }
  if (dotfiles !== 'allow' && dotfiles !== 'deny' && dotfiles !== 'ignore') {
    throw new TypeError(`serveStatic: dotfiles must be 'allow', 'deny' or 'ignore', got ${String(dotfiles)}`);
  }
  if (typeof etag !== 'boolean') throw new TypeError('serveStatic: etag must be a boolean');
  if (typeof lastModified !== 'boolean') throw new TypeError('serveStatic: lastModified must be a boolean');

  return { root: resolve(root), maxAgeMs, index, dotfiles, etag, lastModified };
}

function isPlainFileName(value: unknown): value is string {
  return (
    typeof value === 'string' && value !== '' && value !== '.' && value !== '..' && !/[/\\\0]/.test(value)
  );
}
