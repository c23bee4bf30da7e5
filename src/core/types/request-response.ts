/**
 * The request and the response a handler gets. They name the app (`req.app`) and the matched route
 * (`req.route`), whose files import this one back: a circle of types only, which the compiler and the
 * declaration bundler resolve as they are (src/README.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { KitApp } from './kit-app.js';
import type { Route as MatchedRoute } from './registrars.js';
import type { RequestMembers, TokenPayload } from './request.js';
import type { ResponseMembers } from './response.js';
import type { RouteGeneric } from './route-params.js';

/**
 * The request kitjs hands to every handler: Node's `IncomingMessage` plus Express's conveniences (see
 * {@link RequestMembers}). `Route` (a {@link RouteGeneric}) types `params`, `query` and `body`.
 *
 * @example
 * ```ts
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id, from: req.ip }));
 * ```
 */
export interface KitRequest<Route extends RouteGeneric = {}>
  extends IncomingMessage,
    Express.Request,
    RequestMembers<Route> {
  /** The route that matched, while its handlers run (Express's `req.route`): `path`, `methods`, `stack`. */
  route?: MatchedRoute;
  /** The response that belongs to this request. */
  res?: KitResponse;
  /** The app handling the request (a mounted sub-app while it runs it). */
  app: KitApp;
  /**
   * A child of the app's logger (`kit({ logger })`, else kitjs's `logger`) whose lines carry `reqId` (or the
   * app's `requestIdLogLabel`): the request's id. Made when first read.
   */
  readonly log: Logger;
  /** The request's id: a counter (`req-1`), the app's `genReqId`, or its opted-in `requestIdHeader`; made when first read. */
  id: string;
  /** Aborted when the client closes the connection before the response ends, or the handler timeout fires. */
  readonly signal: AbortSignal;
  // Declared here rather than in RequestMembers: Express typings (passport, cookie-parser) declare these on
  // Express.Request too, and a member two parents declare differently must be declared by the child.
  /** Set by `authMiddleware` to the verified token's payload. */
  user?: TokenPayload & Express.User;
  /** Cookies as cookie-parser leaves them (cookie-parser sets this; kitjs does not). */
  cookies?: Record<string, string>;
  /** Signed cookies whose signature cookie-parser verified (cookie-parser sets this). */
  signedCookies?: Record<string, string | false>;
  /** The secret cookie-parser was given (cookie-parser sets this); `res.cookie(..., { signed: true })` signs with it. */
  secret?: string;
}

/**
 * The response kitjs hands to every handler: Node's `ServerResponse` plus Express's senders (see
 * {@link ResponseMembers}). `Route` (a {@link RouteGeneric}) types what `json` and `send` accept through its `Reply`.
 *
 * @example
 * ```ts
 * app.get('/', (req, res) => res.status(200).type('text').send('hello'));
 * ```
 */
export interface KitResponse<Route extends RouteGeneric = {}>
  extends ServerResponse<KitRequest>,
    Express.Response,
    ResponseMembers<Route> {
  /** The app handling the request (a mounted sub-app while it runs it). */
  app: KitApp;
  /**
   * Calls the handler for the type the Accept header prefers (the first one without Accept), with its
   * Content-Type set and `Vary: Accept`; else `default`; else a 406 error listing the types offered.
   *
   * @example
   * ```ts
   * res.format({
   *   'text/plain': () => res.send('hey'),
   *   html: () => res.send('<p>hey</p>'),
   *   default: () => res.status(406).send('Not Acceptable'),
   * });
   * ```
   */
  format(handlers: FormatHandlers): this;
}

/**
 * What `res.format` takes: a handler per media type or extension (`'text/plain'`, `html`, `json`) and an
 * optional `default`. Each is called with the request, the response and the router's `next` when there is one.
 *
 * @example
 * ```ts
 * const handlers: FormatHandlers = { json: (_req, res) => res.json({ ok: true }) };
 * ```
 */
export interface FormatHandlers {
  [type: string]: FormatHandler | undefined;
  default?: FormatHandler;
}

/** One handler of {@link FormatHandlers}. */
export type FormatHandler = (
  req: KitRequest,
  res: KitResponse,
  next: ((err?: unknown) => void) | undefined,
) => unknown;
