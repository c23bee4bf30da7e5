/** Unit tests of the suite's one reading of an implementation's module: ES module and both CommonJS shapes. */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { unwrapModule, unwrapModuleSource } from '../../step-definitions/support/unwrap-module.js';

function kit(): void {}
const json = (): void => {};

test('an ES module: default is kit, the named exports are on the namespace', () => {
  const { kit: found, exports } = unwrapModule({ default: kit, json });
  assert.equal(found, kit);
  assert.deepEqual(exports, { json });
});

test('a CommonJS build whose module.exports is an object holding default and the named exports', () => {
  const { kit: found, exports } = unwrapModule({ default: { default: kit, json, __esModule: true } });
  assert.equal(found, kit);
  assert.deepEqual(exports, { json });
});

test('a CommonJS build that is the kit function carrying every export (like Express)', () => {
  const carrier = Object.assign(function kitFn() {}, { json, default: undefined as unknown });
  carrier.default = carrier;
  const { kit: found, exports } = unwrapModule({ default: carrier, json });
  assert.equal(found, carrier);
  assert.deepEqual(exports, { json });
});

test('a module with a named kit and no default', () => {
  assert.equal(unwrapModule({ kit, json }).kit, kit);
});

test('the source snippet defines the same function for child processes', () => {
  const fromSource = new Function(`${unwrapModuleSource}\nreturn unwrapModule;`)() as typeof unwrapModule;
  assert.deepEqual(fromSource({ default: { kit, json } }), { kit, exports: { kit, json } });
});

// By URL, not by a literal specifier: the typecheck runs before the build, when dist/ does not exist yet.
const builtCjs = new URL('../../dist/index.cjs', import.meta.url);
const builtEsm = new URL('../../dist/index.js', import.meta.url);
const built = existsSync(builtCjs);

test('the built CommonJS package reads the same as the ES build', {
  skip: built ? false : 'dist/ is missing: run npm run build',
}, async () => {
  const cjs = unwrapModule((await import(builtCjs.href)) as Record<string, unknown>);
  const esm = unwrapModule((await import(builtEsm.href)) as Record<string, unknown>);
  assert.equal(typeof cjs.kit, 'function');
  assert.equal(typeof esm.kit, 'function');
  assert.deepEqual(
    Object.keys(cjs.exports)
      .filter((name) => name !== 'module.exports')
      .sort(),
    Object.keys(esm.exports).sort(),
  );
});
