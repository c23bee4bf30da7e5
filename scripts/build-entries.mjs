// The package's entry points, read from package.json's `exports`: each subpath whose `import` target is
// ./dist/<name>.js is built from src/<name>.ts (and its CommonJS types from src/<name>.cts). Adding an entry
// point (`kitjs/express`) is then one edit of package.json plus its .cts, and the build (scripts/build.mjs)
// and `npm start`'s staleness check follow it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The chunk of the HTTP core: dist/core.{js,cjs} hold the one copy of the app, Router, request and response
 * classes that kitjs, kitjs/express and kitjs/express5 load. Not an entry: package.json exports no subpath
 * for it, so it is reached only through the entries.
 */
export const CORE = 'core';

/**
 * The chunks rollup splits what several entries share into (scripts/build.mjs names them after what they
 * hold): one per set of entries that load the same modules, so an entry loads exactly the code it reaches.
 * Listed here so the layout is visible and `npm start` knows what to look for (scripts/build-if-stale.mjs);
 * the build fails, naming the difference, when rollup's chunks are not these.
 */
export const CHUNKS = [
  CORE, // the app, routing, request and response, the body parsers and middleware (kitjs, express, express5)
  'express-shared', // flavours/express-shared (express, express5)
  'auth-shared', // batteries/auth (kitjs, kitjs/auth)
  'db-shared', // batteries/db (kitjs, kitjs/db)
  'docs-shared', // batteries/docs (kitjs, kitjs/docs)
  'middleware-query', // the query middleware (kitjs, kitjs/express)
  'base', // the error registry, HttpError, setup errors, the lazy peer loader (every entry)
  'base-logger', // the process-wide logger and its redaction (every entry but kitjs/otel)
  'base-plain-object', // (kitjs, express, express5, db)
  'core-final-handler', // the default answers, their error views, writeBody, the listen hook slot, the factory guard (kitjs, express, express5, auth)
  'auth-password', // password hashing (kitjs, kitjs/auth, and what shares it)
  'core-tracing', // the handler trace context (kitjs, express, express5, otel)
  'core-standard', // Standard Schema's shape (kitjs, express, express5, docs)
  'sse-shared', // batteries/sse (kitjs, kitjs/sse)
  'core-error-view', // what the default error answer reads of an error (kitjs, express, express5, auth, sse)
  'core-reply-snapshot', // the reply schemas' compilers, snapshots and writers (kitjs, express, express5, sse)
];

/**
 * Every declaration the entries share, once: dist/types.d.ts. Types cost no load time, so one file rather
 * than the JavaScript's chunks; the entries' own declarations (dist/<entry>.d.ts) import from it.
 */
export const SHARED_TYPES = 'types';

/**
 * What the build copies in beside the bundles as it is: the declared stand-ins for optional peers' types
 * (src/optional-peers.d.ts), which a declaration file importing such a peer references.
 */
export const VENDORED = ['dist/optional-peers.d.ts'];

/**
 * @param {string} root the repository root
 * @returns {string[]} entry names, e.g. ['index', 'express']
 */
export function entryNames(root) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const names = [];
  for (const target of Object.values(pkg.exports ?? {})) {
    const file = typeof target === 'object' ? target?.import?.default : undefined;
    const match = typeof file === 'string' ? /^\.\/dist\/([\w-]+)\.js$/.exec(file) : null;
    if (match) names.push(match[1]);
  }
  if (names.length === 0) throw new Error('package.json exports no ./dist/<name>.js entry point');
  for (const taken of [...CHUNKS, SHARED_TYPES, 'optional-peers']) {
    if (names.includes(taken))
      throw new Error(`package.json exports ./dist/${taken}.js, a name the build uses`);
  }
  return names;
}

/** What the build writes for one entry: ESM, CommonJS and their declarations. */
export function outputsOf(name) {
  return [`dist/${name}.js`, `dist/${name}.cjs`, `dist/${name}.d.ts`, `dist/${name}.d.cts`];
}

/** What the build writes for one shared chunk: its ESM and CommonJS code. */
export function chunkOutputsOf(name) {
  return [`dist/${name}.js`, `dist/${name}.cjs`];
}

/** Everything the build writes but the source maps: the entries, the shared chunks and declarations, the vendored files. */
export function buildOutputs(root) {
  return [
    ...entryNames(root).flatMap(outputsOf),
    ...CHUNKS.flatMap(chunkOutputsOf),
    `dist/${SHARED_TYPES}.d.ts`,
    ...VENDORED,
  ];
}
