/** Where one request is inside one router: the one source of truth for its path while that router runs it. */

import { enterRouteBase, leaveRouteBase } from '../observe/tracing.js';
import type { InternalRequest } from '../request.js';
import { type PathFault, splitTarget } from './canonical-path.js';

/** What entering a prefix took off the path, to put back on the way out. */
interface Entered {
  /** The prefix as it was spelled in the path (its case may differ from the registered prefix). */
  removed: string;
  /** `req.baseUrl` before entering. */
  baseUrl: string;
  /** `req.url` as entering set it; anything else on the way out is a rewrite made inside the prefix. */
  url: string;
  /** OBS-006: the prefixes' patterns before entering, when a tracer asked for them; null otherwise. */
  routeBase: string | null;
}

/**
 * The canonical path of a request relative to one router, kept in step with `req.url`, `req.path` and
 * `req.baseUrl`: a prefix middleware sees them relative to its prefix (ROUTE-008, REQ-008), and a handler
 * that assigns `req.url` reroutes the request from there on (ROUTE-017).
 */
export class MountPath {
  /** The canonical path relative to this router. */
  path: string;
  /** `req.url` as this router last set or saw it; a different value means a handler rewrote it. */
  private url: string;
  private readonly baseUrl: string;
  private lowerPath: string | undefined = undefined;
  private entered: Entered | undefined = undefined;

  constructor(private readonly req: InternalRequest) {
    this.url = req.url as string;
    this.path = req.kitPath;
    this.baseUrl = req.baseUrl;
  }

  /** The path in lower case, for case-insensitive matching; computed once per path. */
  lower(): string {
    if (this.lowerPath === undefined) this.lowerPath = this.path.toLowerCase();
    return this.lowerPath;
  }

  /** Whole-segment prefix match, in any case: `/api` covers `/api` and `/api/x`, never `/apix` (ROUTE-008). */
  isUnder(prefix: string): boolean {
    const path = this.lower();
    return (
      path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47)
    );
  }

  /**
   * Makes `req.path` and `req.url` relative to `prefix` and adds it to `req.baseUrl`, until {@link leave};
   * `pattern`, the prefix as registered, is given only while a tracer subscribes (OBS-006).
   */
  enter(prefix: string, pattern?: string): void {
    const req = this.req;
    const removed = this.path.slice(0, prefix.length);
    const rest = this.path.slice(prefix.length) || '/';
    const baseUrl = req.baseUrl;
    req.baseUrl = this.baseUrl + removed;
    req.kitPath = rest;
    req.url = rest + req.kitSearch;
    const routeBase = pattern === undefined ? null : enterRouteBase(req, pattern);
    this.entered = { removed, baseUrl, url: req.url, routeBase };
  }

  /**
   * Undoes {@link enter}, then follows a rewrite of `req.url` if a handler made one; a URL rewritten inside
   * the prefix stays under it (ROUTE-017). Returns why the new target must be refused, if it must.
   */
  leave(): PathFault | TypeError | undefined {
    const req = this.req;
    const entered = this.entered;
    // ROUTE-017: only a string is a target. Anything else a handler assigned (a number, undefined) is its
    // mistake, refused as an error the request fails with: reading it here would throw, from whatever called
    // `next` (a timer, a stream's event), where nothing catches it. The request keeps the URL it had.
    const wrong = typeof req.url === 'string' ? undefined : notATarget(req.url);
    if (wrong !== undefined) req.url = entered?.url ?? this.url;
    if (entered !== undefined) {
      req.url =
        req.url === entered.url
          ? this.url
          : entered.removed + underPrefix(req.url as string, keepsEmpty(req));
      req.baseUrl = entered.baseUrl;
      req.kitPath = this.path;
      if (entered.routeBase !== null) leaveRouteBase(req, entered.routeBase);
      this.entered = undefined;
    }
    if (wrong !== undefined) return wrong;
    return req.url === this.url ? undefined : this.followRewrite();
  }

  /** A handler assigned `req.url` (a rewrite, as Express allows): route the new target from here on. */
  private followRewrite(): PathFault | undefined {
    const req = this.req;
    const { path, search, fault } = splitTarget(req.url as string, keepsEmpty(req));
    req.url = path + search;
    req.kitPath = path;
    if (req.kitSearch !== search) req.kitSearch = search;
    this.url = req.url;
    this.path = path;
    this.lowerPath = undefined;
    return fault;
  }
}

/** ROUTE-017: the error of a rewrite to something that is not a URL. */
function notATarget(value: unknown): TypeError {
  const what = value === null ? 'null' : typeof value;
  return new TypeError(`req.url must be a string: a handler set it to ${what}`);
}

/**
 * A URL rewritten inside a prefix, made canonical before the prefix goes back in front of it: resolved
 * against the prefix's root, `..` can never climb out of it (ROUTE-017). A target with no canonical form
 * is left as it is, so that following it refuses it.
 */
function underPrefix(url: string, keepEmptySegments: boolean | undefined): string {
  const { path, search, fault } = splitTarget(url, keepEmptySegments);
  return fault === undefined ? path + search : url;
}

/** X5-018: whether the app running the request reads `//` as Express does; a rewrite is read as its first URL was. */
function keepsEmpty(req: InternalRequest): boolean | undefined {
  return req.context?.flavour.keepsEmptySegments;
}
