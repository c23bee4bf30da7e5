/** The paths and method names registrars take: path lists, a route's path, the methods beyond the common eight. */

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
 * The path a route was made with: the string of `route(path)`, or the RegExp or list of a registrar such as
 * `app.get(/^\/commits\/(\w+)$/, ...)`, whose route `req.route` then shows.
 *
 * @example
 * ```ts
 * const path: RoutePath = req.route?.path ?? '/';
 * ```
 */
export type RoutePath = string | RegExp | PathList;

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
