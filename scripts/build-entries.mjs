// The package's entry points, read from package.json's `exports`: each subpath whose `import` target is
// ./dist/<name>.js is built from src/<name>.ts. Adding an entry point (`kitjs/express`) is then one edit of
// package.json, and the build (scripts/build.mjs) and `npm start`'s staleness check follow it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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
  return names;
}

/** What the build writes for each entry: ESM, CommonJS and their declarations. */
export function outputsOf(name) {
  return [`dist/${name}.js`, `dist/${name}.cjs`, `dist/${name}.d.ts`, `dist/${name}.d.cts`];
}
