/** Validates serveStatic's root and options once, at setup, and turns them into settled values. */
import type { Stats } from 'node:fs';
import { resolve } from 'node:path';
import { parseMaxAge } from '../../../base/cache-max-age.js';
import { setupError } from '../../../base/errors.js';
import type { KitResponse } from '../../../core/types.js';

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
  /**
   * The file served for a directory request ending in `/`, a list tried in order, or `false` for none.
   * Default 'index.html'.
   */
  index?: string | readonly string[] | false;
  /** 'ignore' (default) treats dotfiles as missing, 'deny' answers 403, 'allow' serves them. */
  dotfiles?: DotfilesPolicy;
  /** Send a weak `ETag` and honour `If-None-Match`. Default true. */
  etag?: boolean;
  /** Send `Last-Modified` and honour `If-Modified-Since`. Default true. */
  lastModified?: boolean;
  /** Send `Accept-Ranges: bytes` and honour `Range` (STATIC-020). Default true. */
  acceptRanges?: boolean;
  /** Send `Cache-Control` (STATIC-021). Default true; `false` sends none, whatever `maxAge` says. */
  cacheControl?: boolean;
  /** Add `immutable` to `Cache-Control` (STATIC-021). Default false. */
  immutable?: boolean;
  /** Extensions tried, in order, for a path without one that names no file: `['html', 'htm']` (STATIC-022). */
  extensions?: readonly string[] | false;
  /** `true` (default): a miss calls `next()`. `false`: a miss is a 404 error and other methods a 405 (STATIC-024). */
  fallthrough?: boolean;
  /** Redirect a directory named without its trailing slash to the slash form (STATIC-025). Default true. */
  redirect?: boolean;
  /** Called with the response, the file's absolute path and its stats before a file's headers go out (STATIC-026). */
  setHeaders?: (res: KitResponse, path: string, stat: Stats) => void;
}

/** The options after validation: every value present and of its final type. */
export interface StaticSettings {
  root: string;
  maxAgeMs: number;
  /** The index names tried in order, or `false` for none (also for an empty list). */
  index: readonly string[] | false;
  dotfiles: DotfilesPolicy;
  etag: boolean;
  lastModified: boolean;
  acceptRanges: boolean;
  cacheControl: boolean;
  immutable: boolean;
  extensions: readonly string[];
  fallthrough: boolean;
  redirect: boolean;
  setHeaders: ((res: KitResponse, path: string, stat: Stats) => void) | undefined;
}

const KNOWN = new Set([
  'maxAge',
  'index',
  'dotfiles',
  'etag',
  'lastModified',
  'acceptRanges',
  'cacheControl',
  'immutable',
  'extensions',
  'fallthrough',
  'redirect',
  'setHeaders',
]);

const FLAGS = [
  'etag',
  'lastModified',
  'acceptRanges',
  'cacheControl',
  'immutable',
  'fallthrough',
  'redirect',
];

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
  // serve-static's words ('root path required', 'root path must be a string'), which code moved from Express
  // may match.
  if (root === undefined || root === null || root === '') {
    throw setupError(
      'KIT_ERR_SETUP_STATIC_OPTIONS',
      'serveStatic: root path required (the directory to serve)',
    );
  }
  if (typeof root !== 'string')
    throw setupError(
      'KIT_ERR_SETUP_STATIC_OPTIONS',
      `serveStatic: root path must be a string; got ${typeof root}`,
    );
  if (root.includes('\0'))
    throw setupError(
      'KIT_ERR_SETUP_STATIC_OPTIONS',
      'serveStatic: root path must be a string without NUL bytes',
    );
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) {
    throw setupError('KIT_ERR_SETUP_STATIC_OPTIONS', 'serveStatic: options must be an object');
  }
  const given = (options ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    // An unknown key is almost always a typo ('maxage', 'dotFiles') that would silently do nothing.
    if (!KNOWN.has(key)) {
      throw setupError(
        'KIT_ERR_SETUP_STATIC_OPTIONS',
        `serveStatic: unknown option "${key}" (known: ${[...KNOWN].join(', ')})`,
      );
    }
  }
  const { maxAge = 0, index = 'index.html', dotfiles = 'ignore', extensions = false, setHeaders } = given;
  for (const flag of FLAGS) {
    if (given[flag] !== undefined && typeof given[flag] !== 'boolean') {
      throw setupError('KIT_ERR_SETUP_STATIC_OPTIONS', `serveStatic: ${flag} must be a boolean`);
    }
  }

  const maxAgeMs = parseMaxAge(maxAge);
  if (maxAgeMs === undefined) {
    throw setupError(
      'KIT_ERR_SETUP_STATIC_OPTIONS',
      `serveStatic: maxAge must be non-negative milliseconds or a duration like '1d', got ${String(maxAge)}`,
    );
  }
  const indexList = typeof index === 'string' ? [index] : index;
  if (indexList !== false && !(Array.isArray(indexList) && indexList.every(isPlainFileName))) {
    throw setupError(
      'KIT_ERR_SETUP_STATIC_OPTIONS',
      'serveStatic: index must be false, a file name without slashes, or a list of them',
    );
  }
  // STATIC-022: an extension is appended after a dot to a path already inside root, so it may hold no
  // separator (or it would climb out) and no leading dot (a typo that would look for 'page..html').
  if (
    extensions !== false &&
    !(Array.isArray(extensions) && extensions.every((ext) => isPlainFileName(ext) && !ext.startsWith('.')))
  ) {
    throw setupError(
      'KIT_ERR_SETUP_STATIC_OPTIONS',
      "serveStatic: extensions must be false or a list of extensions without the dot, like ['html']",
    );
  }
  if (setHeaders !== undefined && typeof setHeaders !== 'function') {
    throw setupError(
      'KIT_ERR_SETUP_STATIC_OPTIONS',
      'serveStatic: setHeaders must be a function (res, path, stat)',
    );
  }
  if (dotfiles !== 'allow' && dotfiles !== 'deny' && dotfiles !== 'ignore') {
    throw setupError(
      'KIT_ERR_SETUP_STATIC_OPTIONS',
      `serveStatic: dotfiles must be 'allow', 'deny' or 'ignore', got ${String(dotfiles)}`,
    );
  }

  return {
    root: resolve(root),
    maxAgeMs,
    index: indexList === false || indexList.length === 0 ? false : [...(indexList as string[])],
    dotfiles,
    etag: given.etag !== false,
    lastModified: given.lastModified !== false,
    acceptRanges: given.acceptRanges !== false,
    cacheControl: given.cacheControl !== false,
    immutable: given.immutable === true,
    extensions: extensions === false ? [] : [...(extensions as string[])],
    fallthrough: given.fallthrough !== false,
    redirect: given.redirect !== false,
    setHeaders: setHeaders as StaticSettings['setHeaders'],
  };
}

function isPlainFileName(value: unknown): value is string {
  return (
    typeof value === 'string' && value !== '' && value !== '.' && value !== '..' && !/[/\\\0]/.test(value)
  );
}
