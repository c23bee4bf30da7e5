/** Express 4's flavour of an app: its request and response classes and its pages (`Express4App` is made of it). */
import type { Flavour } from '../../core/app/flavour.js';
import { defaultError, notFound } from '../express-shared/final-handler.js';
import { optionsWalk } from '../express-shared/options.js';
import { Express4Request } from './request.js';
import { Express4Response } from './response.js';

/**
 * kitjs/express (Express 4): requests and responses of its own classes (`express.request` and
 * `express.response` are their prototypes), Express 4's 404 and error pages (EXP-011) and its automatic
 * OPTIONS answer (XROUTE-012). Its defaults and members are `Express4App`'s (app.ts).
 *
 * @example
 * ```ts
 * class Express4App extends ExpressApp {
 *   constructor(options?: KitOptions) {
 *     super(options, express4Flavour, 'extended');
 *   }
 * }
 * ```
 */
export const express4Flavour: Flavour = Object.freeze({
  Request: Express4Request,
  Response: Express4Response,
  notFound,
  defaultError,
  routerWalk: optionsWalk,
  // X5-018: `//` stays in req.path and req.url, and routes match it as Express's do.
  keepsEmptySegments: true,
});
