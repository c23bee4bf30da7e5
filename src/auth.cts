// The CommonJS view of src/auth.ts, compiled to dist/auth.d.cts (scripts/finish-build.mjs): the types
// `require()` of the entry gets. It imports the ES module declarations as types, with `resolution-mode` (the
// one way a CommonJS declaration file may), so both formats name one set of types. It lists every export of
// src/auth.ts, a generic type with its parameters: test/package/cjs-views.test.ts fails when one is missing.
import type * as api from './auth.js' with { 'resolution-mode': 'import' };

// `require('kitjs/auth')`: the named exports of kitjs/auth, and its types.
export declare const authMiddleware: typeof api.authMiddleware;
export declare const comparePassword: typeof api.comparePassword;
export declare const generateToken: typeof api.generateToken;
export declare const hashPassword: typeof api.hashPassword;
export declare const MAX_PASSWORD_BYTES: typeof api.MAX_PASSWORD_BYTES;
export declare const verifyToken: typeof api.verifyToken;

export type TokenPayload = api.TokenPayload;
