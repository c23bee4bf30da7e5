/** Express 5's flavour of an app: its request and response classes, pages, defaults and extra members. */
import type { Server } from 'node:http';
import type { Flavour } from '../../core/app/flavour.js';
import type { KitApp } from '../../core/types.js';
import { defaultError, notFound } from '../express-shared/final-handler.js';
import { options5Walk } from '../express-shared/options.js';
import { expressPrepare } from '../express-shared/prepare.js';
import { express5PathSyntax } from './path-syntax.js';
import { express5Registrars } from './registrars.js';
import { Express5Request } from './request.js';
import { Express5Response } from './response.js';

/**
 * X5-015: Express 5's `app.listen`: a callback given last also hears the server's `error` (EADDRINUSE...),
 * once, where Express 4 left the error unhandled.
 */
function listenHandingErrors(app: KitApp): void {
  const coreListen = app.listen as (...args: unknown[]) => Server;
  const listen5 = function listen(this: KitApp, ...args: unknown[]): Server {
    const last = args[args.length - 1];
    if (typeof last !== 'function') return coreListen.apply(this, args);
    let called = false;
    const done = (...results: unknown[]): void => {
      if (called) return;
      called = true;
      (last as (...results: unknown[]) => void).apply(undefined, results);
    };
    args[args.length - 1] = done;
    const server = coreListen.apply(this, args);
    server.once('error', done);
    return server;
  };
  Object.defineProperty(app, 'listen', { value: listen5, writable: true, configurable: true });
}

/**
 * kitjs/express5 (Express 5): requests and responses of its own classes (`express.request` and
 * `express.response` are their prototypes), Express 5's path syntax (X5-003, set before anything is
 * registered) and refusals (X5-005), finalhandler's 404 and error pages (X5-017), router 2's OPTIONS answer
 * (X5-016), its defaults (X5-002), `app.router` (X5-002), `app.listen` handing errors to its callback (X5-015),
 * its failures on stderr as Express writes them (X5-017, EXP-015), its routing settings inherited and read
 * once (EXP-014), and settings written straight into `app.settings` taking effect (EXP-002), as Express reads
 * them per request.
 * X5-006: a promise a handler, a middleware or a param callback returns that rejects goes to `next(err)`
 * through the core's `router/invoke.ts`, as in every kitjs app; a rejection without a value goes on as
 * an `Error: Rejected promise`, as Express 5 makes it (ERR-002).
 *
 * @example
 * ```ts
 * const app = createApp(options, express5Flavour);
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
  // X5-002: Express 5's defaults, with the `simple` query parser (X5-009).
  prepare: expressPrepare({
    pathSyntax: express5PathSyntax,
    queryParser: 'simple',
    members(app: KitApp): void {
      express5Registrars(app);
      listenHandingErrors(app);
      // X5-002: `app.router` is the app's own router, which the app is.
      Object.defineProperty(app, 'router', { get: () => app, configurable: true });
    },
  }),
});
