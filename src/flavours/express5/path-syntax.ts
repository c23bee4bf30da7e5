/**
 * kitjs/express5's path syntax: an Express 5 string path compiled by path-to-regexp 8, as router 2 compiles
 * it, so the same paths match with the same captures; a path it refuses is a TypeError that says where it
 * was registered and how Express 5 spells it.
 */

import { pathToRegexp } from 'path-to-regexp';
import { setupError } from '../../base/errors.js';
import { callerLocation } from '../../base/module-location.js';
import type { PathSyntax } from '../../core/router/path-syntax.js';
import type { WrittenSource } from '../../core/router/regex-path.js';

/**
 * The mark a wildcard's key carries from this syntax to the request (`request.ts`): the router hands its
 * captures over under their keys, and a key so marked is a wildcard, whose value is a list of segments.
 * A NUL cannot be typed into a route path by accident, quoted names included.
 */
export const WILDCARD_MARK = '\u0000*';

/**
 * X5-003: Express 5's path syntax as router 2.2 reads it with path-to-regexp 8: `:name`, quoted names
 * `:"name"`, named wildcards `*name` (their value a list of segments), optional parts in braces
 * `{.:ext}`, `()[]?+!` reserved, a trailing slash allowed unless the router is strict (`loosen`), and a `use`
 * prefix matching whole segments (`end: false`).
 *
 * @example
 * ```ts
 * express5PathSyntax.write('/files/*path', { caseSensitive: false, strict: false }, true).keys;
 * ```
 */
export const express5PathSyntax: PathSyntax = {
  write(path, options, end) {
    return writeExpress5Path(path, options.caseSensitive, options.strict, end);
  },
  // XROUTE-018: a prefix with braces (`/api{/v1}`), a backslash escape or none of its leading `/` is read by
  // path-to-regexp 8 as router 2 reads it, not matched as text; so are `:`, `*` and the reserved characters.
  plainPrefix: (path) => path.charCodeAt(0) === 47 && !/[:*?()[\]{}+!\\]/.test(path),
};

/** The regex source and keys path-to-regexp 8 makes of `path`, with router 2's options; throws {@link refusal}. */
export function writeExpress5Path(
  path: string,
  sensitive: boolean,
  strict: boolean,
  end: boolean,
): WrittenSource {
  // router 2's `loosen`: without `strict`, trailing slashes of the path mean nothing.
  const loose = strict || path === '/' ? path : withoutTrailingSlashes(path);
  let compiled: ReturnType<typeof pathToRegexp>;
  try {
    compiled = pathToRegexp(loose, { sensitive, end, trailing: !strict });
  } catch (error) {
    throw refusal(path, error);
  }
  const keys = compiled.keys.map((key) =>
    key.type === 'wildcard' ? `${WILDCARD_MARK}${key.name}` : key.name,
  );
  return { source: compiled.regexp.source, keys };
}

/**
 * Throws the TypeError for a path Express 5 does not read, at once, for a string path of kitjs's own form
 * that Express 5 reads otherwise (`/:id?`, `/*`, `/a!`), which the router would take without asking the syntax.
 *
 * @example
 * ```ts
 * checkExpress5Path('/:id?'); // TypeError: ... use "/{:id}" ...
 * ```
 */
export function checkExpress5Path(path: string): void {
  // Express 5's reserved characters, and `*`: a path without them reads the same in both syntaxes. Checked
  // here, at registration, because some registrations (`router.route(path)`) compile their path later.
  if (!/[?*!+()[\]]/.test(path)) return;
  try {
    pathToRegexp(path);
  } catch (error) {
    throw refusal(path, error);
  }
}

/**
 * X5-005: better than Express 5's "Missing parameter name at index 2": the route, the file:line of the
 * application that registered it, path-to-regexp's own words and, for the Express 4 forms, the Express 5
 * spelling to use.
 */
function refusal(path: string, error: unknown): TypeError {
  const reason =
    error instanceof Error ? error.message.replace(/; visit https:\S+ for info$/, '') : String(error);
  const hint = spellingHint(path);
  const message =
    `route path "${path}" (registered at ${callerLocation()}) is not Express 5 syntax: ${reason}` +
    (hint === '' ? '' : `; ${hint}`);
  return setupError('KIT_ERR_SETUP_PATH', message, { cause: error });
}

/** The Express 5 spelling of the Express 4 forms in `path`, or '' when there is none to give. */
export function spellingHint(path: string): string {
  if (/:\w+\(/.test(path) || /\(/.test(path)) {
    return 'Express 5 has no regular expressions in string paths: use a RegExp path, or validate the parameter in the handler';
  }
  let rewritten = path;
  // `*` alone, or as a whole segment: a named wildcard.
  if (rewritten === '*') rewritten = '/*splat';
  rewritten = rewritten.replace(/(^|\/)\*(?=\/|$)/g, '$1*splat');
  // `/:name*`, `/:name+`: a named wildcard (`{/*name}` when it may be empty).
  rewritten = rewritten.replace(/\/:(\w+)\*/g, '{/*$1}').replace(/\/:(\w+)\+/g, '/*$1');
  // `/:name?` and `.:name?`: an optional part in braces.
  rewritten = rewritten.replace(/([/.]):(\w+)\?/g, '{$1:$2}').replace(/(^|[^{/.]):(\w+)\?/g, '$1{:$2}');
  if (rewritten === path) return '';
  try {
    pathToRegexp(rewritten);
  } catch {
    return '';
  }
  return `write it as "${rewritten}"`;
}

/** `path` without the slashes it ends with, by a scan (a `/\/+$/` regex backtracks on a long run of slashes). */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47 /* / */) end--;
  return path.slice(0, end);
}
