/** OBS-002, OBS-003, OBS-008: the id counter, the header check and the option checks, as pure pieces. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextRequestId, safeRequestId } from '../../src/core/observe/request-id.ts';
import { checkTimeout, ObserveSettings, splitObserveOptions } from '../../src/core/observe/settings.ts';

describe('request ids (OBS-002, OBS-003)', () => {
  it('counts in base 36 with a req- prefix, never twice the same', () => {
    const ids = Array.from({ length: 1000 }, () => nextRequestId());
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, /^req-[0-9a-z]+$/);
  });

  it('takes a safe header value, refuses anything that could forge a log line or grow it', () => {
    for (const good of ['abc', 'A-1.b_2:c', '4bf92f35-77b3-4da6-a3ce-929d0e0e4736', 'x'.repeat(128)])
      assert.equal(safeRequestId(good), good);
    for (const bad of [
      '',
      'x'.repeat(129),
      'a\nb',
      'a\rb',
      'a"b',
      'a b',
      'a,b',
      '<x>',
      'é',
      undefined,
      ['a'],
    ])
      assert.equal(safeRequestId(bad), undefined, JSON.stringify(bad));
  });
});

describe('observability options (OBS-010)', () => {
  it('splits its options from the rest, and none means nothing to do', () => {
    const [observe, rest] = splitObserveOptions({ handlerTimeout: 5, keepAliveTimeout: 1 } as Record<
      string,
      unknown
    >);
    assert.deepEqual(observe, { handlerTimeout: 5 });
    assert.deepEqual(rest, { keepAliveTimeout: 1 });
    assert.equal(splitObserveOptions({ keepAliveTimeout: 1 } as Record<string, unknown>)[0], undefined);
  });

  it('knows which apps have per-request work as requests arrive', () => {
    assert.equal(new ObserveSettings({ requestIdLogLabel: 'rid' }, 'kit()').eager, false);
    assert.equal(new ObserveSettings({ requestIdHeader: 'X-Request-Id' }, 'kit()').header, 'x-request-id');
    assert.equal(new ObserveSettings({ requestIdReplyHeader: 'x-request-id' }, 'kit()').eager, true);
  });

  it('says once per app that its generator failed (OBS-002), and each app for itself', () => {
    const one = new ObserveSettings({ genReqId: () => 'x' }, 'kit()');
    const other = new ObserveSettings({ genReqId: () => 'x' }, 'kit()');
    assert.deepEqual([one.firstGeneratorFault(), one.firstGeneratorFault()], [true, false]);
    assert.equal(other.firstGeneratorFault(), true);
  });

  it('refuses bad options at setup, naming them', () => {
    assert.throws(() => new ObserveSettings({ requestIdHeader: 'bad header' }, 'kit()'), /requestIdHeader/);
    assert.throws(() => new ObserveSettings({ requestIdLogLabel: '' }, 'kit()'), /requestIdLogLabel/);
    assert.throws(
      () => new ObserveSettings({ genReqId: 'x' as unknown as () => string }, 'kit()'),
      /genReqId/,
    );
    assert.equal(checkTimeout(undefined, 'x'), undefined);
    assert.equal(checkTimeout(2 ** 31 - 1, 'x'), 2 ** 31 - 1);
    for (const bad of [0, -1, 1.5, 2 ** 31, '10', Number.NaN])
      assert.throws(() => checkTimeout(bad, 'x'), TypeError);
  });
});
