import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { json } from '../../src/batteries/middleware/body/json.js';
import type { RequestHandler } from '../../src/core/types.js';
import { send, serve, type TestServer } from './serve.js';

// Found by review of the uncompressed-body reader (src/batteries/middleware/body/read-body.ts, readPlain).

const storage = new AsyncLocalStorage<{ id: string }>();
const withContext: RequestHandler = (req, _res, next) =>
  storage.run({ id: String(req.headers['x-id']) }, next);
// Reports the store the route sees, in place of the body.
const reportContext: RequestHandler = (req, _res, next) => {
  req.body = { store: storage.getStore() ?? null, parsed: req.body };
  next();
};
const setEncoding: RequestHandler = (req, _res, next) => {
  req.setEncoding('utf8');
  next();
};

let contextServer: TestServer;
let encodingServer: TestServer;
before(async () => {
  contextServer = await serve(withContext, json(), reportContext);
  encodingServer = await serve(setEncoding, json());
});
after(async () => {
  await contextServer.close();
  await encodingServer.close();
});

test('an AsyncLocalStorage store set before json() is still there after it, compressed or not', async () => {
  const text = JSON.stringify({ a: 1 });
  for (const [coding, bytes] of [
    ['identity', Buffer.from(text)],
    ['gzip', gzipSync(text)],
  ] as const) {
    const answer = await send(contextServer.port, {
      headers: { 'content-type': 'application/json', 'content-encoding': coding, 'x-id': coding },
      chunks: [bytes],
    });
    assert.equal(answer.status, 200, coding);
    assert.deepEqual(answer.json().body, { store: { id: coding }, parsed: { a: 1 } }, coding);
  }
});

test('a request stream given an encoding before json() is a 500 naming it, never a crash', async () => {
  for (const size of [10, 200_000]) {
    const text = JSON.stringify({ s: 'x'.repeat(size) });
    for (const [coding, bytes] of [
      ['identity', Buffer.from(text)],
      ['gzip', gzipSync(text)],
    ] as const) {
      const answer = await send(encodingServer.port, {
        headers: { 'content-type': 'application/json', 'content-encoding': coding },
        chunks: [bytes],
      });
      assert.equal(answer.status, 500, `${size} ${coding}`);
      assert.equal(answer.json().code, 'KIT_ERR_BODY_STREAM_DECODED');
    }
  }
  assert.equal(encodingServer.handled(), 0);
});
