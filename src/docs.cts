// The CommonJS view of src/docs.ts, compiled to dist/docs.d.cts (scripts/finish-build.mjs): the types
// `require()` of the entry gets. It imports the ES module declarations as types, with `resolution-mode` (the
// one way a CommonJS declaration file may), so both formats name one set of types. It lists every export of
// src/docs.ts, a generic type with its parameters: test/package/cjs-views.test.ts fails when one is missing.
import type * as api from './docs.js' with { 'resolution-mode': 'import' };

// `require('kitjs/docs')`: the named exports of kitjs/docs, and its types.
export declare const setupSwagger: typeof api.setupSwagger;

export type DocsWarning = api.DocsWarning;
export type DriftReport = api.DriftReport;
export type OpenApiDocument = api.OpenApiDocument;
export type SetupSwaggerOptions = api.SetupSwaggerOptions;
export type SwaggerSetup = api.SwaggerSetup;
