/** XRES-001: the ETags kitjs makes for `etag` true, 'weak' and 'strong' are the `etag` package's (Express's), byte for byte. */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import etag from 'etag';
import kit from '../../src/index.ts';

type EtagFn = (body: string | Uint8Array, encoding?: BufferEncoding) => string | undefined;

const bodies: Array<string | Uint8Array> = [
  '',
  'hello',
  'héllo wörld ✓ 😀',
  // Lone surrogates: UTF-8 has no bytes for them, and the tag is of the replacement character's, as sent.
  'a\ud800b\udc00c',
  'x'.repeat(70_000),
  Buffer.alloc(0),
  new Uint8Array([0, 1, 2, 255]),
  ...Array.from({ length: 40 }, (_, i) => randomBytes(i * 53)),
];

describe('the etag setting (XRES-001)', () => {
  for (const setting of [true, 'weak', 'strong'] as const) {
    it(`etag ${JSON.stringify(setting)} tags every body as the etag package does`, () => {
      const app = kit();
      app.set('etag', setting);
      const make = app.get('etag fn') as EtagFn;
      const weak = setting !== 'strong';
      for (const body of bodies) {
        const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
        assert.equal(make(body), etag(bytes, { weak }), `a body of ${bytes.length} bytes`);
      }
      // A string in another encoding is tagged by its bytes in that encoding, as Express's etag fn does.
      assert.equal(make('héllo', 'latin1'), etag(Buffer.from('héllo', 'latin1'), { weak }));
    });
  }
});
