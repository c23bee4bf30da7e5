/** Generic steps that build the app under test and set its environment. */
import { Given } from '@cucumber/cucumber';
import type { KitWorld } from './support/world.js';

Given('the app:', async function (this: KitWorld, code: string) {
  await this.buildApp(code);
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
