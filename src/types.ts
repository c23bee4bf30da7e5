/** The public types of kitjs: request, response and token payload here; the rest in src/types/ (re-exported). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KitApp } from './types/app-types.js';
import type { Declared, ParamsDictionary, QueryDictionary, RouteGeneric } from './types/route-params.js';

export type * from './types/app-types.js';
export type * from './types/handlers.js';
// Declared is an internal helper of KitRequest and KitResponse, not re-exported.
export type {
  ParamsDictionary,
  PathParams,
  QueryDictionary,
  RouteGeneric,
  RouteOf,
} from './types/route-params.js';

/** The claims kitjs's token helpers sign and `authMiddleware` puts on `req.user`. */
export interface TokenPayload {
  id: string | number;
  email: string;
  [claim: string]: unknown;
}

/**
 * The request kitjs hands to every handler: Node's `IncomingMessage` plus Express's conveniences.
 * `Route` (a {@link RouteGeneric}) types `params`, `query` and `body`.
 */
export interface KitRequest<Route extends RouteGeneric = {}> extends IncomingMessage {
  /** Route parameters; a wildcard's capture is `params[0]`. Values are percent-decoded. */
  params: Declared<Route, 'Params', ParamsDictionary>;
  /** The query string, parsed lazily; every value is a string (the first one when a key repeats). */
  readonly query: Declared<Route, 'Query', QueryDictionary>;
  /** The parsed body, set by `json()`, `urlencoded()`, `raw()` (a Buffer), `text()` (a string) or `customParser`; `undefined` before. */
  body: Declared<Route, 'Body', unknown>;
  /** The canonical path without the query string, relative to the prefix the request was mounted under. */
  readonly path: string;
  /** The Host header without its port (IPv6 literals keep their brackets). */
  readonly hostname: string;
  /** The remote address of the client's socket. */
  readonly ip: string;
  /** Per-request storage, the same object as `res.locals`. */
  locals: Record<string, unknown>;
  /** The URL as it arrived, before any prefix was stripped. */
  originalUrl: string;
  /** The prefix under which the current middleware or router is mounted ('' at the top). */
  baseUrl: string;
  /** Set by `authMiddleware` to the verified token's payload. */
  user?: TokenPayload;
  /** The response that belongs to this request. */
  res?: KitResponse;
  /** The app handling the request (a mounted sub-app while it runs it). */
  app: KitApp;
  /** A header, case-insensitively; `referer` and `referrer` are one header. */
  get(name: string): string | undefined;
  /** The request's media type when it matches `type` (`json`, `text/*`, `+json`, a full type), else false. */
  is(type: string | string[]): string | false;
}

/**
 * The response kitjs hands to every handler: Node's `ServerResponse` plus Express's senders.
 * `Route` (a {@link RouteGeneric}) types what `json` and `send` accept through its `Reply`.
 */
export interface KitResponse<Route extends RouteGeneric = {}> extends ServerResponse<KitRequest> {
  /** Per-request storage, the same object as `req.locals`. */
  locals: Record<string, unknown>;
  /** The app handling the request (a mounted sub-app while it runs it). */
  app: KitApp;
  /** Sets the status code (an integer from 100 to 999); chainable. */
  status(code: number): this;
  /** Sends `obj` as JSON with `Content-Type: application/json; charset=utf-8`. */
  json(obj: Declared<Route, 'Reply', unknown>): void;
  /** Sends a string as text/html, a Buffer as application/octet-stream, anything else as JSON. */
  send(body?: Declared<Route, 'Reply', unknown> | string | Uint8Array): void;
  /** Sends the status code with its status text as a text/plain body. */
  sendStatus(code: number): void;
  /** Redirects to `url` (302 unless a 3xx status is given, before or after the URL). */
  redirect(url: string, status?: number): void;
  redirect(status: number, url: string): void;
  /** Sets one header, or several from an object; chainable. */
  set(field: string, value: string | number | readonly string[]): this;
  set(fields: Record<string, string | number | readonly string[]>): this;
  /** Sets Content-Type from an extension (`json`, `html`) or a full media type; chainable. */
  type(contentType: string): this;
}
