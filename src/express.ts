/** `kitjs/express`: the `express` function and its members, shaped like the express package, on kitjs's core. */

import type { JsonOptions } from './batteries/middleware/body/json.js';
import type { RawOptions } from './batteries/middleware/body/raw.js';
import type { TextOptions } from './batteries/middleware/body/text.js';
import type { UrlencodedOptions } from './batteries/middleware/body/urlencoded.js';
import type { KitOptions } from './core/app.js';
import type { Router } from './core/router/router.js';
import type { RequestHandler } from './core/types.js';
import {
  expressJson,
  expressRaw,
  expressText,
  expressUrlencoded,
} from './flavours/express-shared/body-defaults.js';
import { type ExpressFunction, expressEntry } from './flavours/express-shared/express-entry.js';
import { type ExpressStaticOptions, expressStatic } from './flavours/express-shared/static.js';
import { Express4App, Express4Router } from './flavours/express4/app.js';
import { express4Flavour } from './flavours/express4/flavour.js';
import { type QueryOptions, query } from './flavours/express4/query.js';
import type { Express4Request, Express4Response } from './flavours/express4/types.js';

/**
 * The `express` function with the members of the express package (EXP-001): apps with Express 4's defaults
 * (EXP-003), body-parser 1.x's parsers (EXP-010), serve-static's `express.static` (XFILE-022), routers that
 * read Express 4's paths (XROUTE-001), and `express.query`.
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
export interface Express extends ExpressFunction<Express4Request, Express4Response> {
  /** Express 4's query middleware factory. */
  query: (options?: QueryOptions) => RequestHandler;
}

const express = expressEntry<Express>({
  App: Express4App,
  Router: Express4Router,
  flavour: express4Flavour,
  json: expressJson,
  urlencoded: expressUrlencoded,
  raw: expressRaw,
  text: expressText,
  static: expressStatic,
});
express.query = query;

export type {
  ErrorHandler as ErrorRequestHandler,
  KitApp as Application,
  NextFunction,
  RequestHandler,
  Route,
  RoutePath,
} from './core/types.js';
// The interface both Express entries' `express` extends, and the types of its Router and Route members: named
// here too, so that a user's declarations can name every type of `express` through this entry (TS2883).
export type {
  ExpressFunction,
  ExpressRouteClass,
  ExpressRouterFactory,
} from './flavours/express-shared/express-entry.js';
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
