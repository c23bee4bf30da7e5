/** The public types of server-sent events: an event, the stream a handler writes to, and `sse()`'s options. */
import type { StandardSchema } from '../../core/schema/standard.js';
import type { KitRequest, KitResponse, NextFunction } from '../../core/types.js';

/**
 * One server-sent event (SSE-003). Every field may be left out; an event with no `data` is not dispatched by
 * the client but still sets its last event id (`id`) or reconnection delay (`retry`).
 *
 * @example
 * ```ts
 * const event: SseEvent = { event: 'progress', id: 42, data: { done: 0.5 } };
 * ```
 */
export interface SseEvent<Data = unknown, Name extends string = string> {
  /** The event's type (`event:`), without CR or LF; left out, the client dispatches it as `message`. */
  event?: Name | undefined;
  /** The payload: a string as it is, line by line (CRLF, CR and LF split it); anything else as JSON. */
  data?: Data | undefined;
  /** The event's id (`id:`), which the client sends back as `Last-Event-ID` when it reconnects; no CR, LF or NUL. */
  id?: string | number | undefined;
  /** Milliseconds the client waits before reconnecting (`retry:`), a whole number. */
  retry?: number | undefined;
}

/**
 * SSE-011: the schemas of a stream's events, by event name (`message` for events sent without a name): each
 * a Standard Schema (Zod, Valibot, ArkType...) or a JSON Schema object (TypeBox's), as a route's schemas are.
 *
 * @example
 * ```ts
 * const events: SseEventSchemas = { tick: z.object({ n: z.number() }), done: { type: 'null' } };
 * ```
 */
export type SseEventSchemas = { readonly [name: string]: StandardSchema | object };

/** What a schema says its values are: a Standard Schema's output, TypeBox's `static`, else unknown. */
type DataOf<Schema> = Schema extends { readonly '~standard': { readonly types?: infer Types } }
  ? NonNullable<Types> extends { readonly output: infer Output }
    ? Output
    : unknown
  : Schema extends { readonly static: infer Static }
    ? Static
    : unknown;

/**
 * The events a stream takes: any {@link SseEvent} when `sse()` was given no `events`; else one of the declared
 * names with the data its schema types (`message`, the unnamed event, may leave `event` out).
 *
 * @example
 * ```ts
 * type Tick = SseEventOf<{ tick: typeof tickSchema }>; // { event: 'tick'; data: { n: number }; id?...; retry?... }
 * ```
 */
export type SseEventOf<Events> = string extends keyof Events
  ? SseEvent
  : {
      [Name in keyof Events & string]: Omit<SseEvent, 'event' | 'data'> &
        (Name extends 'message' ? { event?: 'message' | undefined } : { event: Name }) & {
          data: DataOf<Events[Name]>;
        };
    }[keyof Events & string];

/**
 * What a stream handler may return besides nothing: events to send, one at a time with backpressure (an
 * async generator, a Node object-mode Readable, an array).
 *
 * @example
 * ```ts
 * const source: SseSource = (async function* () { yield { data: 'one' }; yield { data: 'two' }; })();
 * ```
 */
export type SseSource<Events = SseEventSchemas> =
  | AsyncIterable<SseEventOf<Events>>
  | Iterable<SseEventOf<Events>>;

/**
 * The stream a handler writes to (SSE-002 to SSE-010). Writes after the stream closed (the client left, the
 * app is closing, the handler finished) write nothing and resolve to false: no write ever fails.
 *
 * @example
 * ```ts
 * app.get('/clock', sse(async (stream) => {
 *   while (await stream.send({ data: new Date().toISOString() })) await stream.sleep(1000);
 * }));
 * ```
 */
export interface SseStream<Events = SseEventSchemas> {
  /** SSE-005: the `Last-Event-ID` the client reconnected with (the id of the last event it received), else undefined. */
  readonly lastEventId: string | undefined;
  /** SSE-007: aborts when the stream closes: the client left, the app is closing, or the handler finished. */
  readonly signal: AbortSignal;
  /** True once the stream is closed, for whatever reason. */
  readonly closed: boolean;
  /** True once the headers went out (SSE-002); an error before that is answered by the app's error path (SSE-009). */
  readonly opened: boolean;
  /** SSE-002: sends the headers now (the first write, or the first heartbeat, does it otherwise). */
  open(): void;
  /**
   * SSE-003, SSE-006: sends one event. Resolves to true once it is written and the connection can take more
   * (after `drain` when the client reads slowly), to false when the stream is closed. A field that would break
   * the framing throws `KIT_ERR_SSE_BAD_FIELD` at the call.
   */
  send(event: SseEventOf<Events>): Promise<boolean>;
  /** SSE-003: sends a comment (`: text`), which clients ignore; resolves as `send` does. */
  comment(text?: string): Promise<boolean>;
  /**
   * SSE-006, SSE-007: sends each event of `source` in turn, waiting for each to be written; stops the source
   * (its `finally` runs) when the stream closes. Resolves when the source ends or the stream closes.
   */
  pipe(source: SseSource<Events>): Promise<void>;
  /** Waits `ms` milliseconds; resolves to true then, or to false at once when the stream closes first. */
  sleep(ms: number): Promise<boolean>;
  /** SSE-007: runs `fn` once when the stream closes (at once when it already is): the place for cleanup. */
  onClose(fn: () => void): void;
  /** SSE-008: resolves when the stream closes; a handler that only subscribes awaits it to keep the stream open. */
  untilClosed(): Promise<void>;
  /** SSE-008: ends the response; the client reconnects after its `retry` delay, sending `Last-Event-ID`. */
  close(): void;
}

/**
 * A stream handler (SSE-001): writes to `stream`, or returns the events to send ({@link SseSource}), or a
 * promise (what it resolves to is sent too when it is a source, else ignored). The stream ends when it has
 * finished (its promise settled, its source ended).
 *
 * @example
 * ```ts
 * const handler: SseHandler = async (stream, req) => { await stream.send({ data: req.query.topic }); };
 * ```
 */
export type SseHandler<Events = SseEventSchemas> = (
  stream: SseStream<Events>,
  req: KitRequest,
  res: KitResponse,
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler with a block body and no return returns void.
) => void | SseSource<Events> | PromiseLike<unknown>;

/**
 * The options of `sse()` (SSE-001).
 *
 * @example
 * ```ts
 * const options: SseOptions = { heartbeat: 10_000, retry: 2000, maxBuffered: 256 * 1024 };
 * ```
 */
export interface SseOptions<Events extends SseEventSchemas = SseEventSchemas> {
  /** SSE-004: milliseconds between heartbeat comments (default 15 000); `false` sends none. */
  heartbeat?: number | false | undefined;
  /** SSE-005: the reconnection delay sent first thing (`retry:`), in milliseconds; left out, none is sent. */
  retry?: number | undefined;
  /**
   * SSE-006: bytes a stream may hold unsent before it is closed as too slow (default 1 MiB). Only writes that
   * do not wait for `send` reach it (a handler that awaits each send never holds more than one event).
   */
  maxBuffered?: number | undefined;
  /** SSE-011: the schemas of the stream's events by name, which type `send` and check what it writes. */
  events?: Events | undefined;
  /**
   * SSE-009: answers an error thrown after the stream opened, in place of the default `error` event; the
   * stream ends after it.
   */
  onError?: ((err: unknown, stream: SseStream<Events>) => void | Promise<void>) | undefined;
}

/**
 * What `sse()` returns (SSE-001): a route handler for the routes of `kit()`, `kitjs/express` and
 * `kitjs/express5` apps and routers.
 *
 * @example
 * ```ts
 * const clock: SseRouteHandler = sse(async (stream) => { await stream.send({ data: Date.now() }); });
 * app.get('/clock', clock);
 * ```
 */
export type SseRouteHandler = (req: KitRequest, res: KitResponse, next: NextFunction) => void;
