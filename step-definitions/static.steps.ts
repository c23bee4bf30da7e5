/** Steps of the static-file scenarios: revalidating with the last response's validators, comparing bytes with fixtures. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Then, When } from '@cucumber/cucumber';
import { fixturesDir, type KitWorld } from './support/world.js';

function validatorOf(world: KitWorld, header: string): string {
  const value = world.last().headers[header];
  if (value === undefined) throw new Error(`the last response has no ${header} header to send back`);
  return value;
}

When(
  'I GET {string} again, sending its ETag as If-None-Match',
  async function (this: KitWorld, path: string) {
    const etag = validatorOf(this, 'etag');
    this.response = await this.send('GET', path, { headers: { 'if-none-match': etag } });
  },
);

When(
  'I GET {string} again, sending its Last-Modified as If-Modified-Since',
  async function (this: KitWorld, path: string) {
    const lastModified = validatorOf(this, 'last-modified');
    this.response = await this.send('GET', path, { headers: { 'if-modified-since': lastModified } });
  },
);

Then('the body is byte for byte the fixture {string}', function (this: KitWorld, file: string) {
  const expected = readFileSync(join(fixturesDir, file));
  const body = this.last().body;
  assert.equal(body.length, expected.length, 'body length');
  assert.ok(body.equals(expected), `the body differs from features/fixtures/${file}`);
});

Then(
  'the body is bytes {int} to {int} of the fixture {string}',
  function (this: KitWorld, first: number, last: number, file: string) {
    const expected = readFileSync(join(fixturesDir, file)).subarray(first, last + 1);
    assert.ok(this.last().body.equals(expected), `the body is not bytes ${first}-${last} of ${file}`);
  },
);
