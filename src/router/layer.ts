/** The entries of a router's stack: middleware, a mounted router, or a block of routes. */
import type { Middleware, Mountable } from '../types.js';
import type { RouteIndex } from './route-index.js';

export type Layer =
  | { kind: 'middleware'; prefix: string; handler: Middleware; errorHandler: boolean }
  | { kind: 'mount'; prefix: string; target: Mountable }
  | { kind: 'routes'; index: RouteIndex };
