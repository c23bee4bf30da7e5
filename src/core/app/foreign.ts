/** A request from outside kitjs (`app(req, res, next)` in another framework): made kitjs's while the app runs it. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { KitIncomingMessage } from '../request.js';
import { KitServerResponse } from '../response.js';
import { type PathFault, splitTarget } from '../router/canonical-path.js';
import type { KitRequest, KitResponse, NextFunction } from '../types.js';

/** What another framework may already have put on its request, kept across the adoption. */
interface ForeignFields {
  body?: unknown;
  params?: Record<string, string>;
  originalUrl?: string;
  baseUrl?: string;
}

/**
 * EXP-006: Express's `app(req, res, next)` and `parent.use(app)` in another framework hand the app a
 * request kitjs did not make. It gets kitjs's prototypes and fields for as long as the app runs it (what
 * the other framework set, a parsed body, `originalUrl`, `baseUrl`, kept), and its own prototypes back
 * before `next` continues there. A target with no canonical form comes with its `fault`: the app runs it
 * as a refused request (ROUTE-018, ROUTE-019), its front middleware and then its error path.
 * `keepEmptySegments` is the app's flavour's reading of `//` (X5-018).
 *
 * @example
 * ```ts
 * const adopted = adoptForeign(req, res, next);
 * app.handle(adopted.req, adopted.res, adopted.next); // after checking adopted.fault
 * ```
 */
export function adoptForeign(
  incoming: IncomingMessage,
  response: ServerResponse,
  next: NextFunction,
  keepEmptySegments?: boolean,
): { req: KitRequest; res: KitResponse; next: NextFunction; fault: PathFault | undefined } {
  const requestProto = Object.getPrototypeOf(incoming) as object;
  const responseProto = Object.getPrototypeOf(response) as object;
  const kept = { ...(incoming as IncomingMessage & ForeignFields) };
  // Express keeps `app` on its request and response prototypes: the own `app` kitjs sets must go again.
  const ownApp = [
    Object.getOwnPropertyDescriptor(incoming, 'app'),
    Object.getOwnPropertyDescriptor(response, 'app'),
  ];
  const req = KitIncomingMessage.adopt(incoming);
  const res = KitServerResponse.adopt(response);
  if (kept.body !== undefined) req.body = kept.body;
  if (kept.params !== undefined && kept.params !== null) req.params = kept.params;
  const url = req.url ?? '/';
  req.originalUrl = typeof kept.originalUrl === 'string' ? kept.originalUrl : url;
  req.baseUrl = typeof kept.baseUrl === 'string' ? kept.baseUrl : '';
  const { path, search, fault } = splitTarget(url, keepEmptySegments);
  if (path + search !== url) req.url = path + search;
  req.kitPath = path;
  req.kitSearch = search;
  req.res = res;
  const back: NextFunction = (err) => {
    // A type or banner held back for kitjs's one-call path goes into Node's store before the response
    // stops being kitjs's (one-call-response.ts).
    res.kitRelease();
    Object.setPrototypeOf(req, requestProto);
    Object.setPrototypeOf(res, responseProto);
    restoreOwn(req, 'app', ownApp[0]);
    restoreOwn(res, 'app', ownApp[1]);
    next(err);
  };
  return { req, res, next: back, fault };
}

function restoreOwn(target: object, key: string, descriptor: PropertyDescriptor | undefined): void {
  if (descriptor === undefined) Reflect.deleteProperty(target, key);
  else Object.defineProperty(target, key, descriptor);
}
