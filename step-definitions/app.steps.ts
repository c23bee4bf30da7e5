/** Generic steps that build the app under test and set its environment. */
import { Given } from '@cucumber/cucumber';
import { skipReasonPrefix } from './support/hooks.js';
import { loadExpressEntry } from './support/impl.js';
import type { KitWorld } from './support/world.js';

Given('the app:', async function (this: KitWorld, code: string) {
  await this.buildApp(code);
});

// `Given the app:` with `app = express()` from the implementation's Express-shaped entry (kitjs/express).
Given('the Express app:', async function (this: KitWorld, code: string) {
  const entry = await loadExpressEntry(await this.implementation());
  if ('reason' in entry) {
    this.attach(`${skipReasonPrefix}${entry.reason}`);
    return 'skipped';
  }
  await this.buildApp(code, entry);
  return undefined;
});

// X5-001: `Given the Express app:` with `app = express()` from the implementation's Express 5 entry
// (kitjs/express5); an implementation without one has these scenarios skipped with the reason.
Given('the Express 5 app:', async function (this: KitWorld, code: string) {
  const entry = await loadExpressEntry(await this.implementation(), 'express5');
  if ('reason' in entry) {
    this.attach(`${skipReasonPrefix}${entry.reason}`);
    return 'skipped';
  }
  await this.buildApp(code, entry);
  return undefined;
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
