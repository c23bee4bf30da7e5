/** `kitjs/express5`: the `express` function and its members, shaped like the express@5 package, on kitjs's core. */

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
  express5Json,
  express5Raw,
  express5Text,
  express5Urlencoded,
} from './flavours/express-shared/body-defaults.js';
import { callableRouter } from './flavours/express-shared/callable-router.js';
import { expressLogger } from './flavours/express-shared/express-logger.js';
import { type ExpressStaticOptions, express5Static } from './flavours/express-shared/static.js';
import { express5Flavour } from './flavours/express5/flavour.js';
import { express5PathSyntax } from './flavours/express5/path-syntax.js';
import { express5Registrars } from './flavours/express5/registrars.js';
import { Express5Request as Express5RequestClass } from './flavours/express5/request.js';
import { Express5Response as Express5ResponseClass } from './flavours/express5/response.js';
import type { Express5Request, Express5Response } from './flavours/express5/types.js';

/**
 * `express.Router`: a function that makes a Router, called with or without `new`, as Express's is.
 *
 * @example
 * ```ts
 * const users = express.Router();
 * users.get('/:id', (req, res) => res.json({ id: req.params.id }));
 * ```
 */
export interface Express5RouterFactory {
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
export interface Express5RouteClass {
  new <Path extends RoutePath>(path: Path): RouteType<Path>;
  readonly prototype: RouteType;
}

/**
 * The `express` function with the members of the express@5 package (X5-001).
 *
 * Its members are typed with names this entry exports (JsonOptions, Router, Route...), never with `typeof`
 * a function of the core: a library that exports `express.json` or `express.Router()` has its declarations
 * written with names `kitjs/express5` gives, where a core-only name failed them (TS2883).
 *
 * @example
 * ```ts
 * import express from 'kitjs/express5';
 * const app = express();
 * app.use(express.json());
 * app.get('/', (req, res) => res.send('hello'));
 * app.listen(3000);
 * ```
 */
export interface Express5 {
  /** A new app with Express 5's defaults (X5-002); `options` as kit()'s (timeouts, logger). */
  (options?: KitOptions): KitApp;
  /** The JSON body parser, with body-parser 2's defaults (X5-007). */
  json: (options?: JsonOptions) => RequestHandler;
  /** The urlencoded form body parser, with body-parser 2's defaults (X5-007, X5-008). */
  urlencoded: (options?: UrlencodedOptions) => RequestHandler;
  /** The raw body parser (a Buffer), with body-parser 2's defaults (X5-007, X5-008). */
  raw: (options?: RawOptions) => RequestHandler;
  /** The text body parser (a string), with body-parser 2's defaults (X5-007, X5-008). */
  text: (options?: TextOptions) => RequestHandler;
  /** Serves files from a directory: kitjs's `serveStatic`, reading options and answering as serve-static 2 (X5-014). */
  static: (root: string, options?: ExpressStaticOptions) => RequestHandler;
  /** Makes a Router, with or without `new`. */
  Router: Express5RouterFactory;
  /** The prototype of every app: members added here appear on every app. */
  application: Record<string, unknown>;
  /** The prototype of every kitjs/express5 request: members added here appear on every one, and on no kit() or kitjs/express request. */
  request: Express5Request & Record<string, unknown>;
  /** The prototype of every kitjs/express5 response: members added here appear on every one, and on no kit() or kitjs/express response. */
  response: Express5Response & Record<string, unknown>;
  /** Express's Route class: `new express.Route(path)`, with method registrars and `dispatch`. */
  Route: Express5RouteClass;
}

// Router options (caseSensitive, strict, mergeParams) are passed on for the Router that takes them.
const RouterWithOptions = Router as unknown as new (options?: Record<string, unknown>) => Router;
// XROUTE-015: the router is also a function `(req, res, next)`, as Express's is.
// X5-003: its string paths are read with Express 5's syntax, and its registrars refuse as Express 5's (X5-005).
const ExpressRouter = function ExpressRouter(options?: Record<string, unknown>): Router {
  const router = new RouterWithOptions(options);
  router[PATH_SYNTAX] = express5PathSyntax;
  const callable = callableRouter(router);
  express5Registrars(callable);
  return callable;
} as unknown as Express5RouterFactory;
// `new express.Router()` returns the object the function made; `instanceof` answers for Router itself.
(ExpressRouter as unknown as { prototype: Router }).prototype = Router.prototype;
markFactory(ExpressRouter, 'express.Router()');

/** X5-001: a new app of the Express 5 flavour: its classes, pages and defaults (X5-002). */
function createExpress5App(options?: KitOptions): KitApp {
  // X5-017: unless the app is given a logger, its failures are written as Express writes them.
  if (options?.logger !== undefined) return createApp(options, express5Flavour);
  const app: KitApp = createApp(
    { ...options, logger: expressLogger(() => app.settings.env) },
    express5Flavour,
  );
  return app;
}

const express = createExpress5App as Express5;
express.json = express5Json;
express.urlencoded = express5Urlencoded;
express.raw = express5Raw;
express.text = express5Text;
express.static = express5Static;
express.Router = ExpressRouter;
express.application = applicationPrototype as Record<string, unknown>;
// X5-001: the flavour's prototypes themselves, so that a member assigned here reaches every kitjs/express5
// request and response, and no kit() or kitjs/express app's.
express.request = Express5RequestClass.prototype as unknown as Express5['request'];
express.response = Express5ResponseClass.prototype as unknown as Express5['response'];
express.Route = Route as unknown as Express5RouteClass;

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
  Express5Request as Request,
  Express5Response as Response,
} from './flavours/express5/types.js';
export type {
  ExpressStaticOptions,
  JsonOptions,
  KitOptions,
  RawOptions,
  Router,
  TextOptions,
  UrlencodedOptions,
};
export default express;
