// SSE-003: the framing of events and comments, read back with the standard's parser (test/sse/event-source.ts):
// what the client dispatches is what the handler sent, whatever its text holds, and no value forges a field.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { KitError } from '../../src/base/errors.ts';
import { dataTextOf, frameComment, frameEvent } from '../../src/batteries/sse/frame.ts';
import { EventStreamParser, parseEventStream } from './event-source.ts';

describe('frameEvent (SSE-003)', () => {
  it('writes event, id, retry and one data line per line, then the blank line', () => {
    assert.equal(
      frameEvent({ event: 'tick', id: 7, retry: 1500 }, 'one\r\ntwo\rthree\nfour'),
      'event: tick\nid: 7\nretry: 1500\ndata: one\ndata: two\ndata: three\ndata: four\n\n',
    );
  });

  it('leaves out what is not given; no data is no data line', () => {
    assert.equal(frameEvent({}, 'x'), 'data: x\n\n');
    assert.equal(frameEvent({ id: 'a' }, undefined), 'id: a\n\n');
    assert.equal(frameEvent({ event: 'e' }, ''), 'event: e\ndata: \n\n');
  });

  it('refuses an event name or id that would end its line, and a retry that is no whole number', () => {
    const refusals = [
      { event: 'a\nb' },
      { event: 'a\rdata: forged' },
      { id: '1\n' },
      { id: 'x\r\ny' },
      { id: 'nul\0' },
      { id: Number.NaN },
      { retry: -1 },
      { retry: 1.5 },
      // As plain JavaScript may pass them.
      { event: 5 as unknown as string },
      { id: {} as unknown as string },
    ];
    for (const event of refusals) {
      assert.throws(
        () => frameEvent(event, 'data'),
        (err: unknown) =>
          err instanceof KitError && err.code === 'KIT_ERR_SSE_BAD_FIELD' && err.status === 500,
        JSON.stringify(event),
      );
    }
  });

  it('any data text reaches the client as sent, its line breaks made LF (property)', () => {
    const piece = fc.oneof(fc.string(), fc.constantFrom('\r\n', '\r', '\n', ':', ' ', 'data: x', '\n\n'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.string(), (pieces, id) => {
        const data = pieces.join('');
        fc.pre(!/[\r\n\0]/.test(id));
        const parsed = parseEventStream(frameEvent({ event: 'e', id }, data));
        assert.deepEqual(parsed.events, [
          { type: 'e', data: data.replace(/\r\n|\r/g, '\n'), lastEventId: id },
        ]);
      }),
    );
  });

  it('an id alone moves the last event id without dispatching', () => {
    const parser = parseEventStream(frameEvent({ id: '9' }, undefined) + frameEvent({}, 'after'));
    assert.deepEqual(parser.events, [{ type: 'message', data: 'after', lastEventId: '9' }]);
  });
});

describe('dataTextOf (SSE-003)', () => {
  it('sends strings as they are, bytes as UTF-8, anything else as JSON', () => {
    assert.equal(dataTextOf('plain'), 'plain');
    assert.equal(dataTextOf(new TextEncoder().encode('é')), 'é');
    assert.equal(dataTextOf({ a: [1, 'x'] }), '{"a":[1,"x"]}');
    assert.equal(dataTextOf(null), 'null');
    assert.equal(dataTextOf(0), '0');
    assert.equal(dataTextOf(undefined), undefined);
  });
});

describe('frameComment (SSE-003, SSE-004)', () => {
  it('is a colon line (one per line of the text), ignored by the client', () => {
    assert.equal(frameComment('heartbeat'), ': heartbeat\n\n');
    assert.equal(frameComment(''), ':\n\n');
    assert.equal(frameComment('a\r\nb'), ': a\n: b\n\n');
    const parser = parseEventStream(`${frameComment('x\ndata: forged')}${frameEvent({}, 'real')}`);
    assert.deepEqual(parser.events, [{ type: 'message', data: 'real', lastEventId: '' }]);
    assert.deepEqual(parser.comments, [' x', ' data: forged']);
  });
});

describe("the tests' parser (test/sse/event-source.ts)", () => {
  it('reads a CRLF split across two chunks as one line break', () => {
    const parser = new EventStreamParser();
    parser.feed('data: a\r');
    parser.feed('\ndata: b\r\n\r');
    parser.feed('\n');
    assert.deepEqual(parser.events, [{ type: 'message', data: 'a\nb', lastEventId: '' }]);
  });

  it('drops a leading BOM, an id with NUL and a retry that is not digits', () => {
    const parser = parseEventStream('\uFEFFid: 1\nretry: 10x\ndata: a\n\nid: 2\0\ndata: b\n\nretry: 30\n\n');
    assert.deepEqual(
      parser.events.map((event) => event.lastEventId),
      ['1', '1'],
    );
    assert.equal(parser.retry, 30);
  });
});
