/** Generic steps that build the app under test and set its environment. */
import { Given } from '@cucumber/cucumber';
import { skipReasonPrefix } from './support/hooks.js';
import { loadFlavourEntry } from './support/impl.js';
import type { KitWorld } from './support/world.js';

Given('the app:', async function (this: KitWorld, code: string) {
  await this.buildApp(code);
});

/**
 * `Given the app:` with `app` made by the entry of the flavour named `name` (support/impl.ts: the path the
 * profile declares under `flavours`, else `<package>/<name>`, else a module named so beside the
 * implementation's); an implementation without one has the scenario skipped with the reason.
 */
async function buildFlavourApp(world: KitWorld, name: string, code: string): Promise<'skipped' | undefined> {
  const entry = await loadFlavourEntry(await world.implementation(), name);
  if ('reason' in entry) {
    world.attach(`${skipReasonPrefix}${entry.reason}`);
    return 'skipped';
  }
  await world.buildApp(code, entry.make);
  return undefined;
}

// `Given the app:` with `app = express()` from the implementation's Express-shaped entry (kitjs/express).
Given('the Express app:', function (this: KitWorld, code: string) {
  return buildFlavourApp(this, 'express', code);
});

// X5-001: `Given the Express app:` with `app = express()` from the implementation's Express 5 entry
// (kitjs/express5); an implementation without one has these scenarios skipped with the reason.
Given('the Express 5 app:', function (this: KitWorld, code: string) {
  return buildFlavourApp(this, 'express5', code);
});

// Any other flavour, plugged in by its module: `Given the app of the "ctx" flavour:`.
Given('the app of the {string} flavour:', function (this: KitWorld, name: string, code: string) {
  return buildFlavourApp(this, name, code);
});

Given(
  'the environment variable {string} is {string}',
  function (this: KitWorld, name: string, value: string) {
    this.setEnv(name, value);
  },
);

Given('the environment variable {string} is unset', function (this: KitWorld, name: string) {
  this.setEnv(name, undefined);
});
