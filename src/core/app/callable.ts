/** The app as a function `(req, res)`: a Proxy that forwards every property to the App (APP-012). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { functionFacade } from '../function-facade.js';
import type { KitApp, KitRequest, KitResponse, NextFunction } from '../types.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
type Handle = (req: KitRequest, res: KitResponse, next: NextFunction) => void;

/**
 * Makes the callable app. APP-012: the app is also a function, `(req, res)`, so `http.createServer(app)`,
 * `https.createServer(opts, app)` and supertest's `request(app)` work as with Express. A Proxy around an arrow function forwards every
 * property to the App, so methods, state and `instanceof` are the App's; `listen()` hands Node the App's own
 * `handler`, so requests of a server kitjs starts never pass through the Proxy.
 *
 * @example
 * ```ts
 * const callable = asRequestListener(new App());
 * http.createServer(callable);
 * ```
 */
export function asRequestListener(app: object & { handler: Listener; handle: Handle }): KitApp {
  // Named `app`, so that util.inspect shows `[Function: app]` as it does for an Express app. With a `next`
  // (Express's `app(req, res, next)`, EXP-006) the app runs as a middleware: what it does not answer goes on.
  const listener = {
    app: (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void => {
      // `handle` makes a request from outside kitjs a kitjs one first (app/foreign.ts).
      if (typeof next === 'function') app.handle(req as KitRequest, res as KitResponse, next);
      else app.handler(req, res);
    },
  }.app;
  return functionFacade(app, listener) as unknown as KitApp;
}
