/** src/core/response/file-options.ts: res.sendFile's options are settled for send, or refused with a TypeError. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileSettings } from '../../src/core/response/file-options.js';

test('defaults are those of Express 4 and send', () => {
  assert.deepEqual(fileSettings(undefined, 'res.sendFile'), {
    root: undefined,
    dotfiles: 'ignore',
    headers: [],
    send: {
      maxAge: 0,
      etag: true,
      lastModified: true,
      acceptRanges: true,
      cacheControl: true,
      immutable: false,
    },
  });
});

test('given values are settled', () => {
  const settings = fileSettings(
    { root: 'files', maxAge: '2h', etag: false, immutable: true, start: 1, end: 4, headers: { 'X-A': 1 } },
    'res.sendFile',
  );
  assert.equal(settings.root, 'files');
  assert.equal(settings.send.maxAge, 7_200_000);
  assert.equal(settings.send.etag, false);
  assert.equal(settings.send.immutable, true);
  assert.equal(settings.send.start, 1);
  assert.equal(settings.send.end, 4);
  assert.deepEqual(settings.headers, [['X-A', 1]]);
});

test('each bad option throws a TypeError naming it', () => {
  const cases: Array<[unknown, RegExp]> = [
    ['nope', /options must be an object/],
    [{ maxage: 1 }, /unknown option "maxage"/],
    [{ root: 5 }, /root/],
    [{ root: 'a\0b' }, /root/],
    [{ maxAge: -1 }, /maxAge/],
    [{ dotfiles: 'hide' }, /dotfiles/],
    [{ cacheControl: 1 }, /cacheControl/],
    [{ end: 1.5 }, /end/],
    [{ headers: [] }, /headers must be an object/],
    [{ headers: { 'X-A': {} } }, /"X-A"/],
    [{ headers: { 'X-A': 'a\nb' } }, /"X-A"/],
    [{ headers: { 'X A': 'a' } }, /"X A"/],
    [{ headers: { 'X-A': ['ok', 'b\r'] } }, /"X-A"/],
  ];
  for (const [options, message] of cases) {
    assert.throws(
      () => fileSettings(options, 'res.download'),
      (err: unknown) =>
        err instanceof TypeError && /^res.download: /.test(err.message) && message.test(err.message),
      JSON.stringify(options),
    );
  }
});
