/**
 * XROUTE-001, XROUTE-003, XROUTE-004, XROUTE-005: kitjs's route index against Express 4.21.2's own Layer
 * (path-to-regexp 0.1.12 and its parameter decoding), pattern by pattern and path by path: the same paths
 * match, with the same `req.params` (names, values, order). Express 4 is a test tool (`express-4`, installed
 * by scripts/with-test-tools.mjs); without it the test is skipped, saying so.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { RouteIndex, type RoutePath } from '../../src/core/router/route-index.ts';
import { decodeParams } from '../../src/core/router/route-params.ts';
import { expressPathSyntax } from '../../src/flavours/express4/path-syntax.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// Express 4.21.2 is a test tool (test-tools/package.json's `express-4`), linked into node_modules.
const layerFile = join(root, 'node_modules', 'express-4', 'lib', 'router', 'layer.js');
const skip = existsSync(layerFile)
  ? false
  : 'Express 4 is not installed (node scripts/with-test-tools.mjs installs the test tools, express-4 among them)';

interface ExpressLayer {
  match(path: string): boolean;
  params: Record<string, unknown>;
}
type LayerClass = new (
  path: unknown,
  options: { sensitive: boolean; strict: boolean; end: boolean },
  fn: () => void,
) => ExpressLayer;

// Every form Express 4 documents or its users write (`*` alone is Express's fast path: the whole path).
const patterns: RoutePath[] = [
  '*',
  '/assets/:path*',
  '/docs/:path+',
  '/users/:id?',
  '/users/:id(\\d+)',
  '/user/:id(\\d+)/books/:book',
  '/files/*',
  '/*/*',
  '/ab?cd',
  '/ab+cd',
  '/ab*cd',
  '/ab(cd)?e',
  '/a[bc]d',
  '/flights/:from-:to',
  '/plantae/:genus.:species',
  '/files/:file.:ext?',
  '/range/:from..:to',
  '/:a-:b-:c',
  '/p/:x(.*)',
  '/q/:x((a|b)+)',
  '/v:version(\\d+)/items',
  '/opt/:a?/:b?',
  /.*fly$/,
  /^\/re\/(\d+)\/(?<slug>[a-z]+)$/,
  /\/abc|\/xyz/,
  ['/arr/:one', '/other/:two'],
  ['/files/*', /^\/raw\/(\w+)$/],
  '/Caps/:id',
  '/trail/',
];

const paths = [
  '/',
  '/assets',
  '/assets/a',
  '/assets/a/b/c',
  '/assets/a/',
  '/docs',
  '/docs/a',
  '/docs/a/b/c',
  '/users',
  '/users/42',
  '/users/tj',
  '/users/42/',
  '/user/7/books/x',
  '/files',
  '/files/',
  '/files/a/b.txt',
  '/x/y',
  '/acd',
  '/abcd',
  '/abbbcd',
  '/abxyzcd',
  '/abe',
  '/abcde',
  '/abd',
  '/flights/LAX-SFO',
  '/flights/a-b-c',
  '/plantae/Prunus.persica',
  '/files/report.tar.gz',
  '/files/report',
  '/range/1..9',
  '/a-b-c',
  '/a-b-c-d',
  '/p/anything/at/all',
  '/q/abba',
  '/v2/items',
  '/opt',
  '/opt/1',
  '/opt/1/2',
  '/butterfly',
  '/dragonfly/x',
  '/dragonfly',
  '/re/12/abc',
  '/abc',
  '/xyz/q',
  '/arr/1',
  '/other/2',
  '/raw/w0rd',
  '/caps/1',
  '/Caps/1',
  '/trail',
  '/trail/',
];

const optionSets = [
  { caseSensitive: false, strict: false },
  { caseSensitive: true, strict: false },
  { caseSensitive: false, strict: true },
  { caseSensitive: true, strict: true },
];

/** kitjs's params for `path` on a router holding only `pattern`, or null when it does not match. */
function kitParams(pattern: RoutePath, options: (typeof optionSets)[number], path: string): object | null {
  const index = new RouteIndex();
  index.add(
    { order: 0, group: 0, method: 'GET', path: pattern, handlers: [() => {}] },
    options,
    expressPathSyntax,
  );
  // A fresh request's account (XROUTE-020), as a router matches for a request.
  const found = index.match('GET', path, path.toLowerCase(), {})?.[0];
  return found === undefined ? null : (decodeParams(found, null) as object);
}

describe('kitjs/express against Express 4.21.2', { skip }, () => {
  const Layer = skip ? undefined : (createRequire(import.meta.url)(layerFile) as LayerClass);
  for (const options of optionSets) {
    for (const pattern of patterns) {
      it(`${String(pattern)} ${JSON.stringify(options)}: same matches, same params`, () => {
        const layer = new (Layer as LayerClass)(
          pattern,
          { sensitive: options.caseSensitive, strict: options.strict, end: true },
          () => {},
        );
        let matched = 0;
        for (const path of paths) {
          const expected = layer.match(path) ? Object.entries(layer.params) : null;
          const actual = kitParams(pattern, options, path);
          assert.deepEqual(
            actual === null ? null : Object.entries(actual),
            expected,
            `${String(pattern)} on ${path}`,
          );
          if (expected !== null) matched++;
        }
        // A table in which nothing matches would compare nothing.
        if (options.caseSensitive === false && options.strict === false)
          assert.ok(matched > 0, 'no path matched');
      });
    }
  }
});
