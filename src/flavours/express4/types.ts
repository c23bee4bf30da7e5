/** The types of what kitjs/express's requests and responses have beyond kit()'s (Express 4's deprecated members). */

import type { SendFileCallback } from '../../core/types/response-files.js';
import type { KitRequest, KitResponse, RouteGeneric } from '../../core/types.js';

/** What a kitjs/express request has beyond a kit() one (XREQ-004, XREQ-011, XREQ-032). */
export interface Express4RequestMembers {
  /** Express 4's deprecated alias of `req.hostname`. */
  readonly host: string;
  /** Express 4's deprecated lookup: the route parameter `name`, else the body's, else the query's, else `defaultValue`. */
  param(name: string, defaultValue?: unknown): unknown;
  /** @deprecated Express 4's alias of `req.acceptsEncodings`, which kit() and Express 5 keep. */
  acceptsEncoding: KitRequest['acceptsEncodings'];
  /** @deprecated Express 4's alias of `req.acceptsCharsets`, which kit() and Express 5 keep. */
  acceptsCharset: KitRequest['acceptsCharsets'];
  /** @deprecated Express 4's alias of `req.acceptsLanguages`, which kit() and Express 5 keep. */
  acceptsLanguage: KitRequest['acceptsLanguages'];
}

/** What a kitjs/express response has beyond a kit() one (XRES-003, XFILE-020). */
export interface Express4ResponseMembers {
  /** Express 4's older form of `res.status(status).json(obj)`. */
  json(status: number, obj: unknown): void;
  /** Express 4's older form of `res.status(status).jsonp(obj)`. */
  jsonp(status: number, obj: unknown): void;
  /** Express 4's older form of `res.status(status).send(body)`; a lone number sends its status text. */
  send(status: number, body?: unknown): void;
  /** Express 4's deprecated `res.sendfile`: `path` is a URL path, from the working directory or `root`. */
  sendfile(path: string, options?: Record<string, unknown>, callback?: SendFileCallback): void;
  sendfile(path: string, callback?: SendFileCallback): void;
}

/**
 * `Request` of kitjs/express: kit()'s request with Express 4's deprecated members. A route's handler is typed
 * with kit()'s request; annotate it `(req: Request, res: Response)` to use these.
 *
 * @example
 * ```ts
 * app.get('/users/:id', (req: Request, res: Response) => res.send(req.param('id')));
 * ```
 */
export type Express4Request<Route extends RouteGeneric = {}> = KitRequest<Route> & Express4RequestMembers;

/** `Response` of kitjs/express: kit()'s response with Express 4's older status forms and `res.sendfile`. */
export type Express4Response<Route extends RouteGeneric = {}> = KitResponse<Route> & Express4ResponseMembers;
