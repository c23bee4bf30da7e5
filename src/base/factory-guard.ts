import { setupError } from './errors.js';

/** Catches a factory passed where its product belongs (`app.use(json)`), at setup rather than per request. */

// A registry-wide symbol, so two copies of kitjs (ESM and CJS in one process) recognise each other's factories.
const FACTORY = Symbol.for('kitjs.factory');

type Marked = { [FACTORY]?: string };

/**
 * Marks `fn` as a factory whose proper use is `call` (`'json()'`, `'new Router()'`), so that passing it
 * uncalled to `use` or a route fails at once (APP-010). Returns `fn`.
 *
 * @example
 * ```ts
 * export function json(options?: JsonOptions): RequestHandler { ... }
 * markFactory(json, 'json()');
 * ```
 */
export function markFactory<F extends object>(fn: F, call: string): F {
  Object.defineProperty(fn, FACTORY, { value: call, enumerable: false });
  return fn;
}

/**
 * Throws a TypeError naming the fix when `handler` is a kitjs factory rather than a middleware:
 * `app.use(json)` would make every request hang, `app.use(cors)` answer 500 on every request (APP-010).
 *
 * @example
 * ```ts
 * refuseFactory(json, 'use()'); // TypeError: use(): json is a factory: use json() instead
 * ```
 */
export function refuseFactory(handler: unknown, where: string): void {
  const call = (handler as Marked | null)?.[FACTORY];
  if (call === undefined) return;
  const name = typeof handler === 'function' && handler.name !== '' ? handler.name : call;
  const kind = call.startsWith('new ') ? 'a class' : 'a factory';
  throw setupError(
    'KIT_ERR_SETUP_FACTORY',
    `${where}: ${name} is ${kind}, not a middleware: use ${call} instead`,
  );
}

/**
 * For a middleware that is also called like a factory (`authMiddleware()`, `requestLogger()`): it takes no
 * options, so anything but nothing or an empty object is a setup error naming the middleware (APP-011). A
 * call with a request and a response but no `next` (`response` given) is a hand-written call, told apart so
 * the message does not mistake the request for options.
 *
 * @example
 * ```ts
 * if (next === undefined) { checkNoOptions(reqOrOptions, 'authMiddleware', res); return authMiddleware; }
 * ```
 */
export function checkNoOptions(options: unknown, name: string, response?: unknown): void {
  if (response !== undefined) {
    // Called as middleware but without `next`: a hand-written call, not one from kitjs or Express.
    throw setupError(
      'KIT_ERR_SETUP_FACTORY',
      `${name}(req, res) was called without next(); register it with app.use(${name}) and let the app call it`,
    );
  }
  if (options === undefined) return;
  if (options !== null && typeof options === 'object' && !Array.isArray(options)) {
    const keys = Object.keys(options);
    if (keys.length === 0) return;
    throw setupError(
      'KIT_ERR_SETUP_FACTORY',
      `${name}(): unknown option "${keys[0] as string}"; ${name} takes no options`,
    );
  }
  throw setupError(
    'KIT_ERR_SETUP_FACTORY',
    `${name}(): takes no arguments when called to get the middleware`,
  );
}
