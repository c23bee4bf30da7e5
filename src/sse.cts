// The CommonJS view of src/sse.ts, compiled to dist/sse.d.cts (scripts/finish-build.mjs): the types
// `require()` of the entry gets. It imports the ES module declarations as types, with `resolution-mode` (the
// one way a CommonJS declaration file may), so both formats name one set of types. It lists every export of
// src/sse.ts, a generic type with its parameters: test/package/cjs-views.test.ts fails when one is missing.
import type * as api from './sse.js' with { 'resolution-mode': 'import' };

// `require('kitjs/sse')`: the named exports of kitjs/sse, and its types.
export declare const sse: typeof api.sse;

export type SseEvent<Data = unknown, Name extends string = string> = api.SseEvent<Data, Name>;
export type SseEventOf<Events> = api.SseEventOf<Events>;
export type SseEventSchemas = api.SseEventSchemas;
export type SseHandler<Events = api.SseEventSchemas> = api.SseHandler<Events>;
export type SseOptions<Events extends api.SseEventSchemas = api.SseEventSchemas> = api.SseOptions<Events>;
export type SseRouteHandler = api.SseRouteHandler;
export type SseSource<Events = api.SseEventSchemas> = api.SseSource<Events>;
export type SseStream<Events = api.SseEventSchemas> = api.SseStream<Events>;
