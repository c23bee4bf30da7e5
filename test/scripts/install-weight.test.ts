// REF-020: the benchmark's competitors and load generator are bench/'s dependencies, not kitjs's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
const read = (path: string): Manifest => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const COMPETITORS = ['fastify', 'express', 'hono', '@hono/node-server', 'autocannon', 'helmet', 'cors'];

test('npm install of kitjs installs none of the benchmark competitors; bench/ declares them', () => {
  const root = read('../../package.json');
  const rootNames = Object.keys({ ...root.dependencies, ...root.devDependencies });
  assert.deepEqual(
    COMPETITORS.filter((name) => rootNames.includes(name)),
    [],
  );
  const bench = read('../../bench/package.json');
  assert.deepEqual(
    COMPETITORS.filter((name) => bench.dependencies?.[name] === undefined),
    [],
  );
  assert.equal(bench.dependencies?.kitjs, 'file:..', 'the bench measures this checkout');
});
