/** One open server-sent events response: its headers, writes with backpressure, heartbeat, and its close. */
import type { ServerResponse } from 'node:http';
import { KitError, setupError } from '../../base/errors.js';
import { logFailure, loggerOf } from '../../base/logger.js';
import type { KitRequest, KitResponse } from '../../core/types.js';
import type { DataText } from './events.js';
import { frameComment, frameEvent } from './frame.js';
import { pipeSource } from './pipe.js';
import type { SseEvent, SseSource, SseStream } from './types.js';

/** What one stream needs of its `sse()`'s options, checked; shared by all its streams. */
export interface StreamSettings {
  /** Milliseconds between heartbeats; 0 for none. */
  readonly heartbeat: number;
  readonly retry: number | undefined;
  readonly maxBuffered: number;
}

const HEARTBEAT = frameComment('heartbeat');
const WRITTEN = Promise.resolve(true);
const NOT_WRITTEN = Promise.resolve(false);

/** The reasons a stream's signal aborts with (SSE-007, SSE-008, SSE-010): all `AbortError`s. */
export const CLIENT_LEFT = 'The client closed the connection';
export const STREAM_ENDED = 'The stream ended';
export const APP_CLOSING = 'The app is closing';
const TOO_SLOW = 'The client read too slowly: more than maxBuffered bytes were waiting';

/**
 * SSE-002 to SSE-008: the stream `sse()` hands its handler. It opens (headers) on the first write, keeps the
 * heartbeat, waits for `drain` when the client reads slowly, and closes once: when the client leaves, the
 * handler finishes, `close()` is called or the app closes, aborting its signal and running the cleanups.
 *
 * @example
 * ```ts
 * const stream = new EventStream(req, res, settings, (name, data) => JSON.stringify(data));
 * await stream.send({ data: 'hello' });
 * stream.close();
 * ```
 */
export class EventStream implements SseStream<never> {
  readonly lastEventId: string | undefined;
  #opened = false;
  #closed = false;
  #reason: DOMException | undefined = undefined;
  #controller: AbortController | undefined = undefined;
  // An array, not a Set: most streams have one cleanup or none, and an idle stream's bytes count (SSE-006).
  #closers: Array<() => void> | undefined = undefined;
  #watch: Set<EventStream> | undefined = undefined;
  #drainListener: (() => void) | undefined = undefined;
  #heartbeat: ReturnType<typeof setInterval> | undefined = undefined;
  #drain: Promise<boolean> | undefined = undefined;
  #drained: ((written: boolean) => void) | undefined = undefined;
  #whenClosed: Promise<void> | undefined = undefined;
  #resolveClosed: (() => void) | undefined = undefined;

  constructor(
    readonly req: KitRequest,
    readonly res: KitResponse,
    private readonly settings: StreamSettings,
    private readonly dataText: DataText,
  ) {
    // SSE-005: the id of the last event the client received before it reconnected.
    const last = req.headers['last-event-id'];
    this.lastEventId = typeof last === 'string' ? last : undefined;
    // SSE-007: 'close' before the response finished is the client leaving (or the connection cut).
    res.on('close', () => this.#shutdown(CLIENT_LEFT));
    if (res.destroyed || req.socket?.destroyed) this.#shutdown(CLIENT_LEFT);
    else if (settings.heartbeat > 0) {
      this.#heartbeat = setInterval(() => this.#beat(), settings.heartbeat);
      this.#heartbeat.unref();
    }
  }

  get opened(): boolean {
    return this.#opened;
  }

  get closed(): boolean {
    return this.#closed;
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#reason !== undefined) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  /**
   * SSE-002: status 200 and the headers of an event stream: its media type, no caching and no transforming
   * (`no-transform` also makes the `compression` middleware leave it alone), and `X-Accel-Buffering: no`
   * for nginx. A length set earlier is dropped: the stream has none.
   */
  open(): void {
    if (this.#opened || this.#closed) return;
    this.#opened = true;
    const res = this.res;
    if (res.headersSent) return;
    res.statusCode = 200;
    res.removeHeader('Content-Length');
    res.setHeader('Content-Type', 'text/event-stream');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    const retry = this.settings.retry;
    if (retry !== undefined) this.#put(`retry: ${retry}\n\n`);
    else res.flushHeaders();
  }

  send(event: SseEvent): Promise<boolean> {
    if (this.#closed) return NOT_WRITTEN;
    if (event === null || typeof event !== 'object')
      throw new KitError('KIT_ERR_SSE_BAD_FIELD', 'A server-sent event must be an object');
    return this.write(frameEvent(event, this.dataText(event.event, event.data)));
  }

  comment(text = ''): Promise<boolean> {
    if (this.#closed) return NOT_WRITTEN;
    return this.write(frameComment(String(text)));
  }

  pipe(source: SseSource<never>): Promise<void> {
    return pipeSource(this, source);
  }

  sleep(ms: number): Promise<boolean> {
    if (this.#closed) return NOT_WRITTEN;
    return new Promise((resolve) => {
      const woken = (): void => {
        clearTimeout(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        this.removeCloser(woken);
        resolve(true);
      }, ms);
      this.addCloser(woken);
    });
  }

  onClose(fn: () => void): void {
    if (typeof fn !== 'function')
      throw setupError('KIT_ERR_SETUP_SSE_OPTIONS', 'stream.onClose(fn): fn must be a function');
    if (this.#closed) this.#runCloser(fn);
    else this.addCloser(fn);
  }

  untilClosed(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#whenClosed ??= new Promise((resolve) => {
      this.#resolveClosed = resolve;
    });
    return this.#whenClosed;
  }

  close(): void {
    this.end(STREAM_ENDED);
  }

  /**
   * SSE-008, SSE-010: ends the response (opening it first when nothing was written: an empty stream, which
   * the client reconnects to) and closes the stream with `reason`.
   */
  end(reason: string): void {
    if (this.#closed) return;
    const res = this.res;
    if (!res.writableEnded && !res.destroyed) {
      this.open();
      res.end();
    }
    this.#shutdown(reason);
  }

  /**
   * SSE-009: closes the stream without writing a byte, so the app's error path answers the request: for an
   * error before the stream opened.
   */
  abandon(): void {
    this.#shutdown(STREAM_ENDED);
  }

  /**
   * SSE-006: writes `text` (a framed event or comment), opening the stream first; resolves to true once the
   * connection can take more, to false when the stream is closed.
   */
  write(text: string): Promise<boolean> {
    if (this.#closed) return NOT_WRITTEN;
    if (!this.#opened) this.open();
    const res = this.res;
    const waiting = res.writableLength;
    // Only a producer that does not await its sends gets here with bytes waiting past the bound.
    if (waiting > 0 && waiting + text.length > this.settings.maxBuffered) {
      this.#tooSlow(waiting);
      return NOT_WRITTEN;
    }
    return this.#put(text) ? WRITTEN : this.#whenDrained();
  }

  /** One write, pushed past a compressing middleware's buffer when one wrapped the response (`res.flush`). */
  #put(text: string): boolean {
    const res = this.res as KitResponse & { flush?: () => void };
    const more = res.write(text);
    if (typeof res.flush === 'function') res.flush();
    return more;
  }

  #whenDrained(): Promise<boolean> {
    if (this.#drain === undefined) {
      this.#drain = new Promise((resolve) => {
        this.#drained = resolve;
      });
      this.#drainListener ??= () => this.#onDrain();
      this.res.once('drain', this.#drainListener);
    }
    return this.#drain;
  }

  #onDrain(): void {
    const resolve = this.#drained;
    this.#drain = undefined;
    this.#drained = undefined;
    resolve?.(!this.#closed);
  }

  /** SSE-004: a comment every `heartbeat` ms, opening the stream when nothing else has; skipped while backed up. */
  #beat(): void {
    if (this.#closed) return;
    if (!this.#opened) this.open();
    const res = this.res as ServerResponse;
    if (res.writableLength < res.writableHighWaterMark) this.#put(HEARTBEAT);
  }

  /** SSE-006: a client whose unsent bytes passed `maxBuffered`: cut, so the server's memory stays bounded. */
  #tooSlow(waiting: number): void {
    logFailure(
      'warn',
      { url: this.req.originalUrl, waiting, maxBuffered: this.settings.maxBuffered },
      'server-sent events client too slow; the stream was cut',
      loggerOf(this.req),
    );
    this.#shutdown(TOO_SLOW);
    this.res.destroy();
  }

  /** Runs `fn` when the stream closes, unless it is removed first (a sleep, a pipe's waker). */
  addCloser(fn: () => void): void {
    this.#closers ??= [];
    this.#closers.push(fn);
  }

  removeCloser(fn: () => void): void {
    const at = this.#closers?.indexOf(fn) ?? -1;
    if (at !== -1) this.#closers?.splice(at, 1);
  }

  /** SSE-010: the app's set of open streams this one is in, left when it closes. */
  watchedBy(set: Set<EventStream>): void {
    this.#watch = set;
  }

  #runCloser(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.logCleanup(err);
    }
  }

  /** Logs a cleanup that failed: an `onClose` function, a source's `return()`. */
  logCleanup(err: unknown): void {
    logFailure(
      'error',
      { err, url: this.req.originalUrl },
      'a server-sent events cleanup failed',
      loggerOf(this.req),
    );
  }

  /** SSE-007: closed, once: no more writes, the heartbeat stopped, the signal aborted, the cleanups run. */
  #shutdown(reason: string): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#reason = new DOMException(reason, 'AbortError');
    if (this.#heartbeat !== undefined) clearInterval(this.#heartbeat);
    this.#controller?.abort(this.#reason);
    if (this.#drain !== undefined) {
      if (this.#drainListener !== undefined) this.res.removeListener('drain', this.#drainListener);
      this.#onDrain();
    }
    this.#watch?.delete(this);
    this.#resolveClosed?.();
    const closers = this.#closers;
    this.#closers = undefined;
    if (closers !== undefined) for (const fn of closers) this.#runCloser(fn);
  }
}
