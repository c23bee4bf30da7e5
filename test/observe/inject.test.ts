/** OBS-009: what app.inject() hands light-my-request, as a pure piece. */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { injectOptions } from '../../src/core/observe/inject.ts';

describe('inject options (OBS-009)', () => {
  it('reads an empty URL as /, and leaves other options as given', () => {
    assert.deepEqual(injectOptions(''), { url: '/' });
    assert.deepEqual(injectOptions({ url: '', method: 'POST' }), { url: '/', method: 'POST' });
    const given = { url: '/a', payload: { x: 1 } };
    assert.equal(injectOptions(given), given);
  });

  it('refuses what it cannot send with a TypeError naming the option', () => {
    for (const [bad, named] of [
      [{ url: 5 }, /options\.url/],
      [{}, /options\.url/],
      [null, /options must be/],
      [['/'], /options must be/],
      [{ url: '/', method: 1 }, /options\.method/],
      [{ url: '/', headers: 'x' }, /options\.headers/],
    ] as const) {
      assert.throws(
        () => injectOptions(bad),
        (err: Error & { code?: string }) =>
          err instanceof TypeError && err.code === 'KIT_ERR_INJECT_BAD_OPTIONS' && named.test(err.message),
        JSON.stringify(bad),
      );
    }
  });

  it('sends a stream payload chunked unless the call framed it', () => {
    const payload = Readable.from(['a']);
    assert.deepEqual(injectOptions({ url: '/', payload, headers: { 'x-a': '1' } }).headers, {
      'x-a': '1',
      'transfer-encoding': 'chunked',
    });
    const framed = { url: '/', payload, headers: { 'Content-Length': '1' } };
    assert.equal(injectOptions(framed), framed);
  });
});
