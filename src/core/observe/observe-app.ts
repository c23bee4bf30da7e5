/** What an app that opted into request ids, reply headers or a handler timeout does as each request arrives. */
import type { ServerResponse } from 'node:http';
import type { ObserveOptions } from '../types/observe.js';
import type { KitRequest, KitResponse } from '../types.js';
import { appErrorPath } from '../views/render.js';
import { armTimeout } from './abort.js';
import { requestIdOf, settleObserve } from './request-id.js';
import { ObserveSettings, splitObserveOptions } from './settings.js';

/** An app's settings, when its requests have work to do as they arrive (OBS-010). */
export interface ObservedApp {
  readonly settings: ObserveSettings;
}

/** The app, as far as a timed-out request needs it: its error path. */
export interface ErrorPathOwner {
  [appErrorPath](err: unknown, req: KitRequest, res: KitResponse): void;
}

/**
 * Takes the observability options out of `kit()`'s: what is left goes to the settings, and, when any was
 * given, a function that checks them (a TypeError now for a bad one) and files them under the app's context.
 * That function answers what each request must do as it arrives, or undefined when nothing (OBS-010).
 *
 * @example
 * ```ts
 * const [observe, timeouts] = observeApp(options);
 * const observed = observe?.(app.context);
 * ```
 */
export function observeApp<T extends ObserveOptions>(
  options: T,
): [((context: object) => ObservedApp | undefined) | undefined, Omit<T, keyof ObserveOptions>] {
  const [observe, rest] = splitObserveOptions(options);
  if (observe === undefined) return [undefined, rest];
  const settings = new ObserveSettings(observe, 'kit()');
  const settle = (context: object): ObservedApp | undefined => {
    settleObserve(context, settings);
    return settings.eager || settings.timeout !== undefined ? { settings } : undefined;
  };
  return [settle, rest];
}

/**
 * OBS-002, OBS-003, OBS-004, OBS-008: a request arriving at an app that asked for it gets its id now (from the
 * opted-in header, else the app's `genReqId`), the reply header carrying it, and the handler timeout.
 *
 * @example
 * ```ts
 * if (observed !== undefined) observeRequest(observed, req, res, app);
 * ```
 */
export function observeRequest(
  observed: ObservedApp,
  req: KitRequest,
  res: ServerResponse,
  app: ErrorPathOwner,
): void {
  const settings = observed.settings;
  if (settings.eager) {
    const id = requestIdOf(req);
    if (settings.replyHeader !== undefined) res.setHeader(settings.replyHeader, id);
  }
  const timeout = settings.timeout;
  // The 503 goes to the `next` of the handler running then (`req.next`, XFILE-006), so error middleware sees
  // it; before any handler ran, to the app's error path.
  if (timeout !== undefined)
    armTimeout(req, res, timeout, (err) => {
      const next = req.next;
      if (typeof next === 'function') next(err);
      else app[appErrorPath](err, req, res as KitResponse);
    });
}
