/** SSE-011: typed events: each event name's schema, checked and written as a route's reply schemas are. */
import { KitError, setupError } from '../../base/errors.js';
import type { AppContext } from '../../core/app/context.js';
import type { InternalRequest } from '../../core/request/internal.js';
import { SchemaCompilers } from '../../core/schema/compilers.js';
import type { ReplySerialize } from '../../core/schema/replies.js';
import { compileReplies } from '../../core/schema/reply-compile.js';
import { isStandardSchema } from '../../core/schema/standard.js';
import type { KitRequest } from '../../core/types.js';
import { dataTextOf } from './frame.js';
import type { SseEventSchemas } from './types.js';

/** The data of the event named `name` as text (its schema's writing, or JSON), undefined for none. */
export type DataText = (name: string | undefined, data: unknown) => string | undefined;

/**
 * SSE-001, SSE-011: `events` as `sse()` takes it: an object whose every value is a Standard Schema or a
 * JSON Schema object; a mistake is a TypeError now, at setup. Whether a JSON Schema compiles is known when
 * the app's compilers first compile it (`kit({ ajv })`), at the first request.
 *
 * @example
 * ```ts
 * checkEvents({ tick: z.object({ n: z.number() }) });
 * ```
 */
export function checkEvents(events: unknown): SseEventSchemas | undefined {
  if (events === undefined) return undefined;
  if (events === null || typeof events !== 'object' || Array.isArray(events)) {
    throw setupError(
      'KIT_ERR_SETUP_SSE_OPTIONS',
      'sse({ events }): events must be an object of schemas by name',
    );
  }
  for (const [name, schema] of Object.entries(events)) {
    const isJsonSchema = typeof schema === 'object' && schema !== null && !Array.isArray(schema);
    if (!isStandardSchema(schema) && !isJsonSchema) {
      throw setupError(
        'KIT_ERR_SETUP_SSE_OPTIONS',
        `sse({ events }): events.${name} is neither a Standard Schema nor a JSON Schema object`,
      );
    }
  }
  return events as SseEventSchemas;
}

/**
 * SSE-003, SSE-011: how a stream writes its events' data: as JSON (a string as it is) without `events`;
 * with them, each name's data through its schema, compiled once per app with the app's own compilers (the
 * compilers of `kit({ ajv })`, SCHEMA-013), and an undeclared name refused.
 *
 * @example
 * ```ts
 * const write = eventWriter({ tick: tickSchema });
 * write(req)('tick', { n: 1 }); // '{"n":1}'
 * ```
 */
export function eventWriter(events: SseEventSchemas | undefined): (req: KitRequest) => DataText {
  if (events === undefined) return () => plainText;
  const perApp = new WeakMap<SchemaCompilers, DataText>();
  // A request no kitjs app adopted (plain node:http) uses compilers of its own, made once.
  let standalone: SchemaCompilers | undefined;
  return (req) => {
    const context: AppContext | undefined = (req as InternalRequest).context;
    let compilers = context?.schemas;
    if (compilers === undefined) {
      standalone ??= new SchemaCompilers();
      compilers = standalone;
    }
    let write = perApp.get(compilers);
    if (write === undefined) {
      write = compileEvents(events, compilers);
      perApp.set(compilers, write);
    }
    return write;
  };
}

function plainText(_name: string | undefined, data: unknown): string | undefined {
  return dataTextOf(data);
}

function compileEvents(events: SseEventSchemas, compilers: SchemaCompilers): DataText {
  const writers = new Map<string, ReplySerialize>();
  for (const [name, schema] of Object.entries(events)) {
    // A reply's serializer, the one contract of SCHEMA-010: only the fields the schema names are written.
    const replies = compileReplies({ default: schema }, `sse({ events.${name} })`, compilers);
    if (replies.fallback !== undefined) writers.set(name, replies.fallback);
  }
  return (name, data) => {
    // An event with no data (an `id` or `retry` alone) is never dispatched, so no schema is asked.
    if (data === undefined) return undefined;
    const key = name ?? 'message';
    const write = writers.get(key);
    if (write === undefined) {
      throw new KitError('KIT_ERR_SSE_DATA_MISMATCH', `The event "${key}" is not one of sse({ events })`);
    }
    try {
      return write(data);
    } catch (err) {
      throw new KitError(
        'KIT_ERR_SSE_DATA_MISMATCH',
        `The data of the event "${key}" does not match sse({ events.${key} })`,
        { cause: err },
      );
    }
  };
}
