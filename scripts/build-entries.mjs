// The package's entry points, read from package.json's `exports`: each subpath whose `import` target is
// ./dist/<name>.js is built from src/<name>.ts. Adding an entry point (`kitjs/express`) is then one edit of
// package.json, and the build (scripts/build.mjs) and `npm start`'s staleness check follow it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The chunk every entry shares: dist/core.{js,cjs,d.ts,d.cts} hold the one copy of the app, Router,
 * request and response classes that all entries load (scripts/build.mjs). Not an entry: package.json
 * exports no subpath for it, so it is reached only through the entries.
 */
export const CORE = 'core';

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
  if (names.includes(CORE))
    throw new Error(`package.json exports ./dist/${CORE}.js, the shared chunk's name`);
  return names;
}

/** What the build writes for one entry (or for the core): ESM, CommonJS and their declarations. */
export function outputsOf(name) {
  return [`dist/${name}.js`, `dist/${name}.cjs`, `dist/${name}.d.ts`, `dist/${name}.d.cts`];
}

/** What the build copies in beside the bundles: nothing now (route regexes need no checker, XROUTE-016). */
export const VENDORED = [];

/** Everything the build writes but the source maps: every entry's outputs, the core's and the vendored files. */
export function buildOutputs(root) {
  return [...[...entryNames(root), CORE].flatMap(outputsOf), ...VENDORED];
}
