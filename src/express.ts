/** `kitjs/express`: the `express` function and its members, shaped like the express package, on kitjs's core. */

import { markFactory } from './base/factory-guard.js';
import type { JsonOptions } from './batteries/middleware/body/json.js';
import type { RawOptions } from './batteries/middleware/body/raw.js';
import type { TextOptions } from './batteries/middleware/body/text.js';
import type { UrlencodedOptions } from './batteries/middleware/body/urlencoded.js';
import { applicationPrototype, createApp, type KitOptions } from './core/app.js';
import { PATH_SYNTAX } from './core/router/path-syntax.js';
import { Route } from './core/router/route.js';
import { Router } from './core/router/router.js';
import type { KitApp, RequestHandler, RoutePath, Route as RouteType } from './core/types.js';
import {
  expressJson,
  expressRaw,
  expressText,
  expressUrlencoded,
} from './flavours/express-shared/body-defaults.js';
import { callableRouter } from './flavours/express-shared/callable-router.js';
import { type ExpressStaticOptions, expressStatic } from './flavours/express-shared/static.js';
import { express4Flavour } from './flavours/express4/flavour.js';
import { expressPathSyntax } from './flavours/express4/path-syntax.js';
import { type QueryOptions, query } from './flavours/express4/query.js';
import { Express4Request as Express4RequestClass } from './flavours/express4/request.js';
import { Express4Response as Express4ResponseClass } from './flavours/express4/response.js';
import type { Express4Request, Express4Response } from './flavours/express4/types.js';

/**
 * `express.Router`: a function that makes a Router, called with or without `new`, as Express's is.
 *
 * @example
 * ```ts
 * const users = express.Router();
 * users.get('/:id', (req, res) => res.json({ id: req.params.id }));
 * ```
 */
export interface ExpressRouterFactory {
  (options?: Record<string, unknown>): Router;
  new (options?: Record<string, unknown>): Router;
  readonly prototype: Router;
}

/**
 * `express.Route`: Express's Route class, `new express.Route(path)`, with method registrars and `dispatch`.
 *
 * @example
 * ```ts
 * const route = new express.Route('/books/:isbn');
 * route.get((req, res) => res.json({ isbn: req.params.isbn }));
 * ```
 */
export interface ExpressRouteClass {
  new <Path extends RoutePath>(path: Path): RouteType<Path>;
  readonly prototype: RouteType;
}

/**
 * The `express` function with the members of the express package (EXP-001).
 *
 * Its members are typed with names this entry exports (JsonOptions, Router, Route...), never with `typeof`
 * a function of the core: a library that exports `express.json` or `express.Router()` has its declarations
 * written with names `kitjs/express` gives, where a core-only name failed them (TS2883).
 *
 * @example
 * ```ts
 * import express from 'kitjs/express';
 * const app = express();
 * app.use(express.json());
 * app.get('/', (req, res) => res.send('hello'));
 * app.listen(3000);
 * ```
 */
export interface Express {
  /** A new app with Express 4's defaults (EXP-003); `options` as kit()'s (timeouts, logger). */
  (options?: KitOptions): KitApp;
  /** The JSON body parser, with body-parser's defaults (EXP-010). */
  json: (options?: JsonOptions) => RequestHandler;
  /** The urlencoded form body parser, with body-parser's defaults. */
  urlencoded: (options?: UrlencodedOptions) => RequestHandler;
  /** The raw body parser (a Buffer), with body-parser's defaults. */
  raw: (options?: RawOptions) => RequestHandler;
  /** The text body parser (a string), with body-parser's defaults. */
  text: (options?: TextOptions) => RequestHandler;
  /** Serves files from a directory: kitjs's `serveStatic`, reading options and answering as serve-static (XFILE-022). */
  static: (root: string, options?: ExpressStaticOptions) => RequestHandler;
  /** Makes a Router, with or without `new`. */
  Router: ExpressRouterFactory;
  /** Express 4's query middleware factory. */
  query: (options?: QueryOptions) => RequestHandler;
  /** The prototype of every app: members added here appear on every app. */
  application: Record<string, unknown>;
  /** The prototype of every kitjs/express request: members added here appear on every one, and on no kit() request. */
  request: Express4Request & Record<string, unknown>;
  /** The prototype of every kitjs/express response: members added here appear on every one, and on no kit() response. */
  response: Express4Response & Record<string, unknown>;
  /** Express's Route class: `new express.Route(path)`, with method registrars and `dispatch`. */
  Route: ExpressRouteClass;
}

// Router options (caseSensitive, strict, mergeParams) are passed on for the Router that takes them.
const RouterWithOptions = Router as unknown as new (options?: Record<string, unknown>) => Router;
// XROUTE-015: the router is also a function `(req, res, next)`, as Express's is.
// XROUTE-001: its string paths are read with Express 4's syntax.
const ExpressRouter = function ExpressRouter(options?: Record<string, unknown>): Router {
  const router = new RouterWithOptions(options);
  router[PATH_SYNTAX] = expressPathSyntax;
  return callableRouter(router);
} as unknown as ExpressRouterFactory;
// `new express.Router()` returns the object the function made; `instanceof` answers for Router itself.
(ExpressRouter as unknown as { prototype: Router }).prototype = Router.prototype;
markFactory(ExpressRouter, 'express.Router()');

/** EXP-001: a new app of the Express 4 flavour: its classes, pages and defaults (EXP-003, XRES-002, XRES-003). */
function createExpressApp(options?: KitOptions): KitApp {
  return createApp(options, express4Flavour);
}

const express = createExpressApp as Express;
express.json = expressJson;
express.urlencoded = expressUrlencoded;
express.raw = expressRaw;
express.text = expressText;
express.static = expressStatic;
express.Router = ExpressRouter;
express.query = query;
express.application = applicationPrototype as Record<string, unknown>;
// EXP-001: the flavour's prototypes themselves, so that a member assigned here reaches every kitjs/express
// request and response, and no kit() app's.
express.request = Express4RequestClass.prototype as unknown as Express['request'];
express.response = Express4ResponseClass.prototype as unknown as Express['response'];
express.Route = Route as unknown as ExpressRouteClass;

export type {
  ErrorHandler as ErrorRequestHandler,
  KitApp as Application,
  NextFunction,
  RequestHandler,
  Route,
  RoutePath,
} from './core/types.js';
// The names @types/express gives these types, so `import express, { Request, Response } from ...` ports as is.
// The types the members above are written with, so that a user's declarations can name them (TS2883).
export type {
  Express4Request as Request,
  Express4Response as Response,
} from './flavours/express4/types.js';
export type {
  ExpressStaticOptions,
  JsonOptions,
  KitOptions,
  QueryOptions,
  RawOptions,
  Router,
  TextOptions,
  UrlencodedOptions,
};
export default express;
