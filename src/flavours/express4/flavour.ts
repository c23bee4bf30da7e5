/** Express 4's flavour of an app: its defaults and what its responses do differently, decided once per app. */
import { STATUS_CODES } from 'node:http';
import type { ResponseHooks } from '../../core/app/context.js';
import type { KitApp, KitResponse } from '../../core/types.js';
import { expressFinalHooks } from './final-handler.js';
import { expressRoutingHooks } from './options.js';
import { expressFileHooks } from './send-file.js';
import { withUtf8 } from './utf8-type.js';

/**
 * XRES-003: Express 4 reads `res.send(status)` with a lone number as a status and sends its text, as
 * `sendStatus` does, `text/plain` unless a type was set; an unknown code sends the number itself.
 */
function sendNumber(res: KitResponse, status: number): void {
  if (res.get('Content-Type') === undefined) res.type('txt');
  res.status(status).send(STATUS_CODES[status] ?? String(status));
}

/**
 * What an Express-flavoured app's responses do where kit()'s keep kitjs's rules (XRES-002, XRES-003, EXP-011,
 * XFILE-017, XROUTE-012).
 */
export const expressResponseHooks: ResponseHooks = Object.freeze({
  sendNumber,
  stringType: withUtf8,
  // XFILE-017: Express 4's res.sendFile, res.download and res.sendfile.
  files: expressFileHooks,
  // EXP-011: Express 4's 404 and error pages at the end of the stack.
  ...expressFinalHooks,
  // XROUTE-012: the automatic answer to an OPTIONS request no handler answered.
  ...expressRoutingHooks,
});

/**
 * EXP-003: Express 4's defaults where they differ from kit()'s: the X-Powered-By banner, weak ETags and
 * qs's extended query parser. Set through `app.set`, as an app would, so each is compiled once.
 *
 * @example
 * ```ts
 * const app = createApp(undefined, expressResponseHooks);
 * applyExpressDefaults(app);
 * ```
 */
export function applyExpressDefaults(app: KitApp): void {
  app.set('x-powered-by', true);
  app.set('etag', 'weak');
  app.set('query parser', 'extended');
}

// The apps that were told `app.del` is deprecated: each hears it once, and no app's use silences another's.
const toldOfDel = new WeakSet<object>();

/** Express 4's `app.del`: `app.delete` under its old name, deprecated, as Express says. */
function del(this: KitApp, ...args: unknown[]): KitApp {
  if (!toldOfDel.has(this)) {
    toldOfDel.add(this);
    process.emitWarning('app.del: Use app.delete instead', 'DeprecationWarning');
  }
  return (this.delete as (...forms: unknown[]) => KitApp)(...args);
}

/**
 * XROUTE-009: what an Express 4 app has beyond kit()'s registrars: `app.del`, the old name of `app.delete`.
 * An own property of each kitjs/express app, so a kit() app and `express.application` have none.
 *
 * @example
 * ```ts
 * addExpressAliases(app);
 * (app as unknown as { del: KitApp['delete'] }).del('/items/:id', (req, res) => res.sendStatus(204));
 * ```
 */
export function addExpressAliases(app: KitApp): void {
  Object.defineProperty(app, 'del', { value: del, writable: true, configurable: true });
}
