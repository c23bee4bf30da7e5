/** The hook through which a flavour watches a request walk one router: the routes it passed, and its end. */
import type { NextFunction, Route } from '../types.js';

/**
 * Given to `RouteIndex.match` as the method, finds the routes of every method whose path matches (for a
 * RouterWalk). No request has it: a method is an HTTP token, which has no parentheses.
 */
export const ANY_METHOD = '(any)';

/**
 * A flavour's view of one request's walk through one router (kitjs/express's automatic OPTIONS answer,
 * XROUTE-012). The router tells it about every block of routes the walk reached with no error pending, then
 * hands it the end of the walk.
 */
export interface RouterWalk {
  /** The routes of one block whose path matches the request's, whatever their methods, in registration order. */
  passed(routes: readonly Route[]): void;
  /** The walk is over: `done(err)` goes on after the router, unless the flavour answers the request instead. */
  end(err: unknown, done: NextFunction): void;
}
