// The CommonJS view of src/otel.ts, compiled to dist/otel.d.cts (scripts/finish-build.mjs): the types
// `require()` of the entry gets. It imports the ES module declarations as types, with `resolution-mode` (the
// one way a CommonJS declaration file may), so both formats name one set of types. It lists every export of
// src/otel.ts, a generic type with its parameters: test/package/cjs-views.test.ts fails when one is missing.
import type * as api from './otel.js' with { 'resolution-mode': 'import' };

// `require('kitjs/otel')`: the named exports of kitjs/otel, and its types.
export declare const instrumentKit: typeof api.instrumentKit;

export type KitInstrumentation = api.KitInstrumentation;
