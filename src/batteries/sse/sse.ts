/** `sse()`: a route handler that answers with a server-sent events stream, in kit() and both Express flavours. */
import { KitError, setupError } from '../../base/errors.js';
import { markFactory } from '../../base/factory-guard.js';
import { logFailure, loggerOf } from '../../base/logger.js';
import { problemJson, viewError } from '../../core/error-view.js';
import type { KitRequest, KitResponse, NextFunction } from '../../core/types.js';
import { watchAppClose } from './close-watch.js';
import { checkEvents, eventWriter } from './events.js';
import { frameEvent } from './frame.js';
import { APP_CLOSING, EventStream, STREAM_ENDED, type StreamSettings } from './stream.js';
import type {
  SseEventSchemas,
  SseHandler,
  SseOptions,
  SseRouteHandler,
  SseSource,
  SseStream,
} from './types.js';

/** SSE-004: a heartbeat every 15 s, under the 30 to 120 s idle timeouts of common proxies and load balancers. */
const DEFAULT_HEARTBEAT = 15_000;
/** SSE-006: 1 MiB of unsent bytes before a stream whose producer does not await its sends is cut. */
const DEFAULT_MAX_BUFFERED = 1024 * 1024;
/** The longest delay a Node timer takes (a longer one fires at once). */
const MAX_TIMER = 2_147_483_647;
const OPTIONS = new Set(['heartbeat', 'retry', 'maxBuffered', 'events', 'onError']);

/**
 * A route handler answering with a server-sent events stream (SSE-001): `handler` gets the stream (and the
 * request and response) and writes events to it, or returns the events to send (an async generator, an
 * object-mode Readable, an array). The stream opens (status 200, `text/event-stream`) on the first write and
 * ends when the handler has finished; an error before it opened is answered by the app's error path as any
 * other, one after it as an `error` event (SSE-009). The same function works in `kit()`, `kitjs/express`
 * and `kitjs/express5` apps.
 *
 * @example
 * ```ts
 * import { sse } from 'kitjs/sse';
 * app.get('/jobs/:id/progress', sse({ retry: 2000 }, async (stream, req) => {
 *   const job = await jobs.find(req.params.id); // a 404 thrown here is the app's ordinary 404
 *   for await (const step of job.progress({ after: stream.lastEventId, signal: stream.signal })) {
 *     await stream.send({ event: 'progress', id: step.seq, data: step });
 *   }
 * }));
 * ```
 */
export function sse<Events extends SseEventSchemas = SseEventSchemas>(
  handler: SseHandler<Events>,
): SseRouteHandler;
export function sse<const Events extends SseEventSchemas = SseEventSchemas>(
  options: SseOptions<Events>,
  handler: SseHandler<Events>,
): SseRouteHandler;
export function sse(first: unknown, second?: unknown): SseRouteHandler {
  const [options, handler] = typeof first === 'function' ? [{}, first] : [first, second];
  const settings = checkOptions(options);
  if (typeof handler !== 'function') {
    throw setupError('KIT_ERR_SETUP_SSE_OPTIONS', 'sse(options, handler): handler must be a function');
  }
  const events = checkEvents((options as SseOptions).events);
  const writerFor = eventWriter(events);
  const onError = (options as SseOptions).onError;
  const run = handler as SseHandler;
  return function serverSentEvents(req: KitRequest, res: KitResponse, next: NextFunction): void {
    serve(req, res, next, settings, writerFor, run, onError).catch((err: unknown) =>
      logFailure('error', { err, url: req.originalUrl }, 'sse() failed', loggerOf(req)),
    );
  };
}
markFactory(sse, 'sse(handler)');

/** SSE-001: the options, checked now: anything unknown or ill-typed is a TypeError naming it. */
function checkOptions(options: unknown): StreamSettings {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw setupError('KIT_ERR_SETUP_SSE_OPTIONS', 'sse(options, handler): options must be an object');
  }
  for (const key of Object.keys(options)) {
    if (!OPTIONS.has(key)) throw setupError('KIT_ERR_SETUP_SSE_OPTIONS', `sse(): unknown option "${key}"`);
  }
  const { heartbeat, retry, maxBuffered, onError } = options as SseOptions;
  if (heartbeat !== undefined && heartbeat !== false && !whole(heartbeat, 1, MAX_TIMER)) {
    throw setupError(
      'KIT_ERR_SETUP_SSE_OPTIONS',
      'sse({ heartbeat }): expected false or a whole number of milliseconds from 1 to 2147483647',
    );
  }
  if (retry !== undefined && !whole(retry, 0, Number.MAX_SAFE_INTEGER)) {
    throw setupError('KIT_ERR_SETUP_SSE_OPTIONS', 'sse({ retry }): expected a whole number of milliseconds');
  }
  if (maxBuffered !== undefined && !whole(maxBuffered, 1, Number.MAX_SAFE_INTEGER)) {
    throw setupError('KIT_ERR_SETUP_SSE_OPTIONS', 'sse({ maxBuffered }): expected a whole number of bytes');
  }
  if (onError !== undefined && typeof onError !== 'function') {
    throw setupError('KIT_ERR_SETUP_SSE_OPTIONS', 'sse({ onError }): expected a function');
  }
  return {
    heartbeat: heartbeat === false ? 0 : (heartbeat ?? DEFAULT_HEARTBEAT),
    retry,
    maxBuffered: maxBuffered ?? DEFAULT_MAX_BUFFERED,
  };
}

function whole(value: unknown, low: number, high: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= low && value <= high;
}

/** One request: the stream, the handler, its source, and how it ends (SSE-008) or fails (SSE-009). */
async function serve(
  req: KitRequest,
  res: KitResponse,
  next: NextFunction,
  settings: StreamSettings,
  writerFor: ReturnType<typeof eventWriter>,
  handler: SseHandler,
  onError: SseOptions['onError'],
): Promise<void> {
  if (res.headersSent) {
    next(new KitError('KIT_ERR_RESPONSE_SENT', 'sse(): the response had already started'));
    return;
  }
  let stream: EventStream | undefined;
  try {
    const dataText = writerFor(req);
    // SSE-002: HEAD gets the stream's headers and no body; the handler does not run.
    if (req.method === 'HEAD') {
      new EventStream(req, res, { ...settings, heartbeat: 0 }, dataText).end(STREAM_ENDED);
      return;
    }
    stream = new EventStream(req, res, settings, dataText);
    watchAppClose(req, stream, APP_CLOSING);
    let result: unknown = handler(stream as unknown as SseStream, req, res);
    if (isThenable(result)) result = await result;
    if (isSource(result)) await stream.pipe(result);
    stream.end(STREAM_ENDED);
  } catch (err) {
    if (stream === undefined) next(err);
    else await failed(err, stream, req, next, onError);
  }
}

/**
 * SSE-009: a failure of the handler or its source. Before the stream opened nothing was written: the app's
 * error path answers, with its status and body. After, the status is gone: the error is logged as the
 * default answer logs it and answered as an `error` event whose data is its problem details (RFC 9457; a
 * 5xx shows nothing of the error), or by `onError`, then the stream ends. A handler stopped by the stream's
 * own signal (the client left) is no failure.
 */
async function failed(
  err: unknown,
  stream: EventStream,
  req: KitRequest,
  next: NextFunction,
  onError: SseOptions['onError'],
): Promise<void> {
  if (stream.closed && stoppedBy(err, stream.signal)) return;
  if (!stream.opened) {
    stream.abandon();
    next(err);
    return;
  }
  const where = { method: req.method, url: req.originalUrl };
  if (stream.closed) {
    logFailure(
      'error',
      { err, ...where },
      'a server-sent events handler failed after its stream closed',
      loggerOf(req),
    );
    return;
  }
  const view = viewError(err);
  if (view.quiet !== undefined)
    logFailure(view.quiet, { code: view.publicCode, ...where }, 'stream refused', loggerOf(req));
  else if (view.status >= 500) {
    logFailure(
      'error',
      { err, ...where },
      'server-sent events stream failed; answered with an error event',
      loggerOf(req),
    );
  }
  try {
    if (onError !== undefined) await onError(err, stream as unknown as SseStream);
    else await stream.write(frameEvent({ event: 'error' }, problemJson(view)));
  } catch (second) {
    logFailure('error', { err: second, ...where }, 'sse({ onError }) failed', loggerOf(req));
  }
  stream.end(STREAM_ENDED);
}

/** Whether `err` is the stream's own abort (a fetch or a timer given `stream.signal` rejects with it). */
function stoppedBy(err: unknown, signal: AbortSignal): boolean {
  if (err === signal.reason) return true;
  try {
    return err instanceof Error && err.name === 'AbortError';
  } catch {
    // ERR-011: a thrown value whose name cannot be read is a failure like any other.
    return false;
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function isSource(value: unknown): value is SseSource {
  return (
    value !== null && typeof value === 'object' && (Symbol.asyncIterator in value || Symbol.iterator in value)
  );
}
