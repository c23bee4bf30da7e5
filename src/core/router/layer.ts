/** The entries of a router's stack: middleware, a mounted router, or a block of routes. */
import type { Middleware, Mountable } from '../types.js';
import type { RegexPattern } from './regex-path.js';
import type { RouteIndex } from './route-index.js';

/**
 * `pattern` is set for a prefix with parameters (`use('/users/:id', router)`, XROUTE-006); `prefix` is then
 * its text, never compared. Every middleware and mount layer has the property, so they keep one shape.
 */
export type Layer =
  | {
      kind: 'middleware';
      prefix: string;
      handler: Middleware;
      errorHandler: boolean;
      pattern: RegexPattern | undefined;
    }
  | { kind: 'mount'; prefix: string; target: Mountable; pattern: RegexPattern | undefined }
  | { kind: 'routes'; index: RouteIndex };

/** A layer `use` added: middleware or a mounted router, under a prefix ('' for none). */
export type PrefixLayer = Exclude<Layer, { kind: 'routes' }>;
