/** SSE-010: an app's open streams end when its `close()` begins, so the shutdown never waits on them. */
import type { KitApp, KitRequest } from '../../core/types.js';
import type { EventStream } from './stream.js';

/**
 * How often an app with open streams is asked whether it is closing. The core has no event for the start
 * of `close()` (its `onClose` hooks run after the drain, which open streams would hold until its timeout),
 * so the app's public `closing` is read: one timer per app, only while it has a stream open.
 */
const POLL_MS = 250;

// Keyed by the app: one app's streams and timer are its own.
const watches = new WeakMap<KitApp, Set<EventStream>>();

/**
 * SSE-010: ends `stream` (with `reason`) once the app serving `req` (the top one, whose servers `close()`
 * drains) is closing. The stream leaves the app's set when it closes; the timer stops when the set is empty.
 * A request no kitjs app serves is not watched.
 *
 * @example
 * ```ts
 * watchAppClose(req, stream, 'The app is closing');
 * ```
 */
export function watchAppClose(req: KitRequest, stream: EventStream, reason: string): void {
  let app: KitApp | undefined = req.app;
  while (app?.parent !== undefined) app = app.parent;
  if (app === undefined) return;
  const top = app;
  let streams = watches.get(top);
  if (streams === undefined) {
    const open = new Set<EventStream>();
    const timer = setInterval(() => {
      if (top.closing) for (const one of [...open]) one.end(reason);
      if (open.size === 0) {
        clearInterval(timer);
        watches.delete(top);
      }
    }, POLL_MS);
    timer.unref();
    streams = open;
    watches.set(top, open);
  }
  streams.add(stream);
  stream.watchedBy(streams);
}
