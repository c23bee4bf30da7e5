/** `kitjs/express5`: the `express` function and its members, shaped like the express@5 package, on kitjs's core. */

import type { JsonOptions } from './batteries/middleware/body/json.js';
import type { RawOptions } from './batteries/middleware/body/raw.js';
import type { TextOptions } from './batteries/middleware/body/text.js';
import type { UrlencodedOptions } from './batteries/middleware/body/urlencoded.js';
import type { KitOptions } from './core/app.js';
import type { Router } from './core/router/router.js';
import {
  express5Json,
  express5Raw,
  express5Text,
  express5Urlencoded,
} from './flavours/express-shared/body-defaults.js';
import { type ExpressFunction, expressEntry } from './flavours/express-shared/express-entry.js';
import { type ExpressStaticOptions, express5Static } from './flavours/express-shared/static.js';
import { Express5App, Express5Router } from './flavours/express5/app.js';
import { express5Flavour } from './flavours/express5/flavour.js';
import type { Express5Request, Express5Response } from './flavours/express5/types.js';

/**
 * The `express` function with the members of the express@5 package (X5-001): apps with Express 5's defaults
 * (X5-002) that log failures as Express does (X5-017), body-parser 2's parsers (X5-007, X5-008),
 * serve-static 2's `express.static` (X5-014), and routers that read Express 5's paths (X5-003) and refuse as
 * its registrars do (X5-005).
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
export interface Express5 extends ExpressFunction<Express5Request, Express5Response> {}

const express = expressEntry<Express5>({
  App: Express5App,
  Router: Express5Router,
  flavour: express5Flavour,
  json: express5Json,
  urlencoded: express5Urlencoded,
  raw: express5Raw,
  text: express5Text,
  static: express5Static,
});

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
  ExpressRouteClass as Express5RouteClass,
  ExpressRouterFactory as Express5RouterFactory,
} from './flavours/express-shared/express-entry.js';
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
