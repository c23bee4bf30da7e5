import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { contentType } from 'mime-types';
import kit, { type KitRequest, type KitResponse } from '../../src/index.ts';
import { listenLocally } from '../support/listen.ts';

// res.type() remembers its answers (a bounded cache); these check the remembered answers stay right.
describe('res.type through a real server', () => {
  const app = kit();
  app.get('/type', (req: KitRequest, res: KitResponse) => {
    res.type(String(req.query.t)).send('x');
  });
  let base = '';
  before(async () => {
    base = await listenLocally(app);
  });
  after(() => app.close());

  async function typeFor(value: string): Promise<string | null> {
    const response = await fetch(`${base}/type?t=${encodeURIComponent(value)}`);
    await response.arrayBuffer();
    return response.headers.get('content-type');
  }

  it('gives what mime-types gives, the first time and every time after', async () => {
    for (const value of ['text/plain', 'json', 'html', '.png', 'text/plain; charset=latin1', 'nope']) {
      const expected = contentType(value) || 'application/octet-stream';
      assert.equal(await typeFor(value), expected, value);
      assert.equal(await typeFor(value), expected, `${value}, again`);
    }
    assert.equal(await typeFor('text/plain'), 'text/plain; charset=utf-8');
  });

  it('stays right past the cache bound (300 distinct values, twice over)', async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 300; i++) {
        const value = `application/x-kit-${i}`;
        assert.equal(await typeFor(value), value, value);
      }
    }
    assert.equal(await typeFor('json'), 'application/json; charset=utf-8');
  });
});
