/** The `express` function of kitjs/express and kitjs/express5 and its members, built once from what a flavour gives. */
import { markFactory } from '../../base/factory-guard.js';
import type { JsonOptions } from '../../batteries/middleware/body/json.js';
import type { RawOptions } from '../../batteries/middleware/body/raw.js';
import type { TextOptions } from '../../batteries/middleware/body/text.js';
import type { UrlencodedOptions } from '../../batteries/middleware/body/urlencoded.js';
import type { Flavour } from '../../core/app/flavour.js';
import type { KitOptions } from '../../core/app.js';
import { Route } from '../../core/router/route.js';
import type { Router, RouterOptions } from '../../core/router/router.js';
import type { KitApp, RequestHandler, RoutePath, Route as RouteType } from '../../core/types.js';
import type { ExpressApp } from './app.js';
import type { ExpressRouter } from './router.js';
import type { ExpressStaticOptions } from './static.js';

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
 * The `express` function and the members both Express flavours have (EXP-001, X5-001), typed with the
 * flavour's request and response (`Request`, `Response`); each entry's own interface (`Express`, `Express5`)
 * extends it with what only it has.
 *
 * Its members are typed with names the entries export (JsonOptions, Router, Route...), never with `typeof`
 * a function of the core: a library that exports `express.json` or `express.Router()` has its declarations
 * written with names `kitjs/express` or `kitjs/express5` gives, where a core-only name failed them (TS2883).
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
export interface ExpressFunction<Request, Response> {
  /** A new app with its Express's defaults (EXP-003, X5-002); `options` as kit()'s (timeouts, logger). */
  (options?: KitOptions): KitApp;
  /** The JSON body parser, with body-parser's defaults (1.x in kitjs/express, EXP-010; 2.x in kitjs/express5, X5-007). */
  json: (options?: JsonOptions) => RequestHandler;
  /** The urlencoded form body parser, with body-parser's defaults (EXP-010; X5-007, X5-008). */
  urlencoded: (options?: UrlencodedOptions) => RequestHandler;
  /** The raw body parser (a Buffer), with body-parser's defaults (EXP-010; X5-007). */
  raw: (options?: RawOptions) => RequestHandler;
  /** The text body parser (a string), with body-parser's defaults (EXP-010; X5-007). */
  text: (options?: TextOptions) => RequestHandler;
  /** Serves files from a directory: kitjs's `serveStatic`, reading options and answering as serve-static (XFILE-022, X5-014). */
  static: (root: string, options?: ExpressStaticOptions) => RequestHandler;
  /** Makes a Router, with or without `new`. */
  Router: ExpressRouterFactory;
  /** The prototype of this flavour's apps: members added here appear on every one, and on no other flavour's. */
  application: Record<string, unknown>;
  /** The prototype of this flavour's requests: members added here appear on every one, and on no other flavour's. */
  request: Request & Record<string, unknown>;
  /** The prototype of this flavour's responses: members added here appear on every one, and on no other flavour's. */
  response: Response & Record<string, unknown>;
  /** Express's Route class: `new express.Route(path)`, with method registrars and `dispatch`. */
  Route: ExpressRouteClass;
}

/**
 * What one Express entry is made of: everything kitjs/express and kitjs/express5 do not share.
 *
 * @example
 * ```ts
 * const parts: ExpressParts = { App: Express4App, Router: Express4Router, flavour: express4Flavour, ...bodies, static: expressStatic };
 * ```
 */
export interface ExpressParts {
  /** The class of the apps `express()` makes, with the flavour's defaults and members (`Express4App`...). */
  readonly App: new (
    options?: KitOptions,
  ) => ExpressApp;
  /** The class of the routers `express.Router()` makes, with the flavour's path syntax and registrars. */
  readonly Router: new (
    options?: RouterOptions,
  ) => ExpressRouter;
  /** The flavour the apps are made of: its request and response classes, whose prototypes the entry gives. */
  readonly flavour: Flavour;
  readonly json: (options?: JsonOptions) => RequestHandler;
  readonly urlencoded: (options?: UrlencodedOptions) => RequestHandler;
  readonly raw: (options?: RawOptions) => RequestHandler;
  readonly text: (options?: TextOptions) => RequestHandler;
  readonly static: (root: string, options?: ExpressStaticOptions) => RequestHandler;
}

/**
 * XROUTE-015: `express.Router` of one flavour: a function making a router of the flavour's class (the
 * function `(req, res, next)`, reading the flavour's paths, with its registrars), called with or without
 * `new`, as Express's is; its `prototype` is the class's, so `instanceof express.Router` holds.
 */
function routerFactory(RouterClass: ExpressParts['Router']): ExpressRouterFactory {
  // Router options (caseSensitive, strict, mergeParams) are passed on for the Router that takes them.
  const ExpressRouterFunction = function ExpressRouter(options?: Record<string, unknown>): Router {
    return new RouterClass(options) as unknown as Router;
  } as unknown as ExpressRouterFactory;
  (ExpressRouterFunction as unknown as { prototype: object }).prototype = RouterClass.prototype;
  return markFactory(ExpressRouterFunction, 'express.Router()');
}

/**
 * Makes the `express` function of one flavour with its members (EXP-001, X5-001): apps of `parts.App`,
 * its body parsers, `express.static` and `Router`; `application`, `request` and `response` are the
 * prototypes of the flavour's own App, request and response classes themselves, so that a member assigned
 * there reaches every app, request and response of the flavour and none of another's. The entry adds what
 * only it has (kitjs/express's `express.query`).
 *
 * @example
 * ```ts
 * const express = expressEntry<Express5>({ App: Express5App, Router: Express5Router, flavour: express5Flavour, ... });
 * ```
 */
export function expressEntry<Entry extends ExpressFunction<unknown, unknown>>(parts: ExpressParts): Entry {
  const { App, flavour } = parts;
  const express = function createExpressApp(options?: KitOptions): KitApp {
    return new App(options) as unknown as KitApp;
  } as Entry;
  express.json = parts.json;
  express.urlencoded = parts.urlencoded;
  express.raw = parts.raw;
  express.text = parts.text;
  express.static = parts.static;
  express.Router = routerFactory(parts.Router);
  express.application = App.prototype as unknown as Record<string, unknown>;
  express.request = flavour.Request.prototype as Entry['request'];
  express.response = flavour.Response.prototype as Entry['response'];
  express.Route = Route as unknown as ExpressRouteClass;
  return express;
}
