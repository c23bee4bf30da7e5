// REF-020: `npm install` of kitjs installs what the build and `npm start` need, and no more: the benchmark's
// competitors and load generator are bench/'s dependencies, the test gate's tools test-tools/'s.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
type LockEntry = { os?: string[]; cpu?: string[]; libc?: string[] };
const read = <T = Manifest>(path: string): T =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const namesOf = (manifest: Manifest) =>
  Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
const COMPETITORS = ['fastify', 'express', 'hono', '@hono/node-server', 'autocannon', 'helmet', 'cors'];
/** The target for a fresh `npm install` ("added N packages"). */
const MOST_PACKAGES = 300;

test('npm install of kitjs installs none of the benchmark competitors; bench/ declares them', () => {
  const rootNames = namesOf(read('../../package.json'));
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

test('the test tools are test-tools/ dependencies, none of them also in the root package.json', () => {
  const rootNames = namesOf(read('../../package.json'));
  const tools = namesOf(read('../../test-tools/package.json'));
  for (const tool of ['@cucumber/cucumber', '@biomejs/biome', 'mongodb-memory-server-core', 'publint']) {
    assert.ok(tools.includes(tool), `${tool} is a test tool`);
  }
  assert.deepEqual(
    tools.filter((name) => rootNames.includes(name)),
    [],
  );
});

test(`npm install of kitjs adds at most ${MOST_PACKAGES} packages on this platform`, () => {
  const lock = read<{ packages: Record<string, LockEntry> }>('../../package-lock.json');
  // An upper bound: npm also skips optional packages whose `engines` exclude this Node; they count here.
  const fits = (list: string[] | undefined, value: string) =>
    list === undefined ||
    list.includes(value) ||
    (list.every((item) => item.startsWith('!')) && !list.includes(`!${value}`));
  const libc = (process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header
    .glibcVersionRuntime
    ? 'glibc'
    : 'musl';
  const installed = Object.entries(lock.packages).filter(
    ([path, entry]) =>
      path !== '' &&
      fits(entry.os, process.platform) &&
      fits(entry.cpu, process.arch) &&
      (process.platform !== 'linux' || fits(entry.libc, libc)),
  );
  assert.ok(
    installed.length <= MOST_PACKAGES,
    `package-lock.json installs ${installed.length} packages here; move what only the tests use to test-tools/package.json`,
  );
});
