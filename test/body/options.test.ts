import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commonSettings } from '../../src/batteries/middleware/body/options.js';
import type { KitRequest } from '../../src/core/types.js';

test('defaults: 1mb, inflate, the parser’s own type, no verify', () => {
  const settings = commonSettings({}, 'raw');
  assert.equal(settings.limit, 1024 * 1024);
  assert.equal(settings.inflate, true);
  assert.equal(settings.matchesType, undefined);
  assert.equal(settings.matchesRequest, undefined);
  assert.equal(settings.verify, undefined);
});

test('a type string or list matches as req.is() does', () => {
  const one = commonSettings({ type: 'text/*' }, 'text').matchesType;
  assert.ok(one?.('text/html'));
  assert.ok(!one?.('application/json'));
  const list = commonSettings({ type: ['+json', 'urlencoded'] }, 'json').matchesType;
  assert.ok(list?.('application/vnd.api+json'));
  assert.ok(list?.('application/x-www-form-urlencoded'));
  assert.ok(!list?.('text/plain'));
});

test('a type function sees the request and its answer is made a boolean', () => {
  const decide = commonSettings({ type: (req: KitRequest) => req.headers['x-a'] }, 'raw').matchesRequest;
  assert.equal(decide?.({ headers: { 'x-a': '1' } } as unknown as KitRequest), true);
  assert.equal(decide?.({ headers: {} } as unknown as KitRequest), false);
});

test('bad values throw a TypeError naming the factory and the option', () => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ inflate: 'no' }, /^raw\(\): option "inflate"/],
    [{ verify: 1 }, /^option verify must be function: raw\(\) got number/],
    [{ type: 1 }, /^raw\(\): option "type"/],
    [{ type: [] }, /^raw\(\): option "type"/],
    [{ type: ['text/plain', 3] }, /^raw\(\): option "type"/],
    [{ type: ' ' }, /^raw\(\): option "type"/],
    [{ type: 'jsno' }, /^raw\(\): option "type" names no media type: "jsno"/],
    [{ limit: -1 }, /^raw\(\): option "limit"/],
  ];
  for (const [opts, message] of cases) {
    assert.throws(
      () => commonSettings(opts, 'raw'),
      (err: unknown) => err instanceof TypeError && message.test(err.message),
    );
  }
});
