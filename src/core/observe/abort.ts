/** `req.signal` and the handler timeout: an AbortSignal made on first read, aborted when the request is given up. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { KitError } from '../../base/errors.js';

const ABORT = Symbol('kitjs.abort');
const TIMER = Symbol('kitjs.handlerTimer');

/** Where a timed-out request's 503 goes: the app's error path. */
export type ErrorPath = (err: unknown) => void;

/** What a request carries once its signal was asked for or a timer armed (symbol keys: none until then). */
interface Abortable {
  [ABORT]?: AbortController;
  [TIMER]?: ReturnType<typeof setTimeout> | null;
  res?: ServerResponse;
}

/**
 * OBS-007: `req.signal`, made on first read: aborted (an `AbortError`) when the connection closes before the
 * response was finished, and (a `TimeoutError`) when the handler timeout fires (OBS-008). A request whose
 * response already finished gets a signal that never aborts.
 *
 * @example
 * ```ts
 * app.get('/report', async (req, res) => res.json(await db.query(sql, { signal: req.signal })));
 * ```
 */
export function signalOf(req: IncomingMessage): AbortSignal {
  return controllerOf(req as IncomingMessage & Abortable).signal;
}

/**
 * OBS-008: (re)starts the request's handler timeout: after `ms` milliseconds `req.signal` aborts and, unless
 * a response has started, `errorPath` gets a 503 `KIT_ERR_HANDLER_TIMEOUT`. A later call (a route's own
 * `handlerTimeout`) replaces the timer; the response's end clears it.
 *
 * @example
 * ```ts
 * armTimeout(req, res, 5000, (err) => app[appErrorPath](err, req, res));
 * ```
 */
export function armTimeout(
  req: IncomingMessage,
  res: ServerResponse,
  ms: number,
  errorPath: ErrorPath,
): void {
  const request = req as IncomingMessage & Abortable;
  const running = request[TIMER];
  if (running === null || res.writableEnded) return;
  if (running === undefined) {
    // The first timer of the request: 'close' comes after the response finished or the connection died.
    res.once('close', () => {
      const timer = request[TIMER];
      if (timer) clearTimeout(timer);
      request[TIMER] = null;
    });
  } else clearTimeout(running);
  request[TIMER] = setTimeout(() => {
    request[TIMER] = null;
    const controller = controllerOf(request);
    if (!controller.signal.aborted)
      controller.abort(new DOMException(`The handler took longer than ${ms} ms`, 'TimeoutError'));
    if (!res.headersSent && !res.writableEnded) errorPath(new KitError('KIT_ERR_HANDLER_TIMEOUT'));
  }, ms);
}

function controllerOf(req: IncomingMessage & Abortable): AbortController {
  let controller = req[ABORT];
  if (controller !== undefined) return controller;
  controller = new AbortController();
  req[ABORT] = controller;
  const res = req.res;
  if (res === undefined || res.writableFinished) return controller;
  const made = controller;
  const gone = (): void => {
    if (!res.writableFinished && !made.signal.aborted)
      made.abort(new DOMException('The client closed the connection', 'AbortError'));
  };
  // The connection may be gone already (a signal first read after the client left).
  if (res.destroyed || req.socket?.destroyed) gone();
  else res.once('close', gone);
  return controller;
}
