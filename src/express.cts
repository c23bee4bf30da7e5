// The CommonJS view of src/express.ts, compiled to dist/express.d.cts (scripts/finish-build.mjs): the types
// `require()` of the entry gets. It imports the ES module declarations as types, with `resolution-mode` (the
// one way a CommonJS declaration file may), so both formats name one set of types. It lists every export of
// src/express.ts, a generic type with its parameters (test/package/cjs-views.test.ts fails on one missing).
import type * as api from './express.js' with { 'resolution-mode': 'import' };
import type { RouteGeneric } from './index.js' with { 'resolution-mode': 'import' };

/**
 * `require('kitjs/express')`: the express function with its members, and the types @types/express users
 * write (`express.Request`, `express.Application`...).
 *
 * @example
 * ```ts
 * import express = require('kitjs/express');
 * const app: express.Application = express();
 * app.get('/', (req: express.Request, res: express.Response) => res.send('hello'));
 * ```
 */
declare const express: typeof api.default & typeof api;
declare namespace express {
  export type Application = api.Application;
  export type ErrorRequestHandler<Route extends RouteGeneric = {}> = api.ErrorRequestHandler<Route>;
  export type Express = api.Express;
  export type ExpressFunction<Request, Response> = api.ExpressFunction<Request, Response>;
  export type ExpressRouteClass = api.ExpressRouteClass;
  export type ExpressRouterFactory = api.ExpressRouterFactory;
  export type ExpressStaticOptions = api.ExpressStaticOptions;
  export type JsonOptions = api.JsonOptions;
  export type KitOptions = api.KitOptions;
  export type NextFunction = api.NextFunction;
  export type QueryOptions = api.QueryOptions;
  export type RawOptions = api.RawOptions;
  export type Request<Route extends RouteGeneric = {}> = api.Request<Route>;
  export type RequestHandler<
    Route extends RouteGeneric = {},
    Guaranteed extends object = {},
  > = api.RequestHandler<Route, Guaranteed>;
  export type Response<Route extends RouteGeneric = {}> = api.Response<Route>;
  export type Route<Path extends api.RoutePath = api.RoutePath> = api.Route<Path>;
  export type RoutePath = api.RoutePath;
  export type Router = api.Router;
  export type TextOptions = api.TextOptions;
  export type UrlencodedOptions = api.UrlencodedOptions;
}
export = express;
