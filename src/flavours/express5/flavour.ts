/** Express 5's flavour of an app: its request and response classes and its pages (`Express5App` is made of it). */
import type { Flavour } from '../../core/app/flavour.js';
import { defaultError, notFound } from '../express-shared/final-handler.js';
import { options5Walk } from '../express-shared/options.js';
import { Express5Request } from './request.js';
import { Express5Response } from './response.js';

/**
 * kitjs/express5 (Express 5): requests and responses of its own classes (`express.request` and
 * `express.response` are their prototypes), finalhandler's 404 and error pages (X5-017) and router 2's
 * OPTIONS answer (X5-016). Its defaults, path syntax and members are `Express5App`'s (app.ts).
 * X5-006: a promise a handler, a middleware or a param callback returns that rejects goes to `next(err)`
 * through the core's `router/invoke.ts`, as in every kitjs app; a rejection without a value goes on as
 * an `Error: Rejected promise`, as Express 5 makes it (ERR-002).
 *
 * @example
 * ```ts
 * class Express5App extends ExpressApp {
 *   constructor(options?: KitOptions) {
 *     super(options, express5Flavour, 'simple');
 *   }
 * }
 * ```
 */
export const express5Flavour: Flavour = Object.freeze({
  Request: Express5Request,
  Response: Express5Response,
  notFound,
  defaultError,
  routerWalk: options5Walk,
  // X5-018: `//` stays in req.path and req.url, and routes match it as Express's do.
  keepsEmptySegments: true,
});
