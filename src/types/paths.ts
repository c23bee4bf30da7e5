/** The paths and method names registrars take: path lists and the methods beyond the common eight. */

/**
 * The other route paths Express 4 takes: a RegExp, or an array of paths (nested arrays too).
 *
 * @example
 * ```ts
 * const paths: PathList = ['/about', /^\/team\/?$/i];
 * ```
 */
export type PathList = ReadonlyArray<string | RegExp | PathList>;

/**
 * The methods beyond the common eight that node:http knows and Express registers routes for
 * (`app.propfind`, `app['m-search']`...), lower case.
 *
 * @example
 * ```ts
 * const method: ExtraMethod = 'propfind';
 * ```
 */
export type ExtraMethod =
  | 'acl'
  | 'bind'
  | 'checkout'
  | 'connect'
  | 'copy'
  | 'link'
  | 'lock'
  | 'm-search'
  | 'merge'
  | 'mkactivity'
  | 'mkcalendar'
  | 'mkcol'
  | 'move'
  | 'notify'
  | 'propfind'
  | 'proppatch'
  | 'purge'
  | 'query'
  | 'rebind'
  | 'report'
  | 'search'
  | 'source'
  | 'subscribe'
  | 'trace'
  | 'unbind'
  | 'unlink'
  | 'unlock'
  | 'unsubscribe';
