import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { customParser } from '../../src/batteries/middleware/body/custom.js';
import { send, sendRaw, serve, type TestServer } from './serve.js';

let server: TestServer;
before(async () => {
  server = await serve(customParser);
});
after(() => server.close());

test('an application/custom body is consumed and req.body becomes {}', async () => {
  const res = await send(server.port, {
    headers: { 'content-type': 'application/custom' },
    chunks: ['anything'],
  });
  assert.equal(res.status, 200);
  assert.deepEqual(res.json().body, {});
  assert.equal(res.json().plain, true);
});

test('other types pass untouched', async () => {
  const res = await send(server.port, { headers: { 'content-type': 'application/json' }, chunks: ['{}'] });
  assert.equal(res.json().hasBody, false);
});

test('a body over 1mb is 413 with Connection: close', async () => {
  const raw = await sendRaw(
    server.port,
    'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/custom\r\nContent-Length: 1048577\r\n\r\n',
  );
  assert.match(raw, /^HTTP\/1.1 413/);
  assert.match(raw, /connection: close/i);
  const atLimit = await send(server.port, {
    headers: { 'content-type': 'application/custom' },
    chunks: [Buffer.alloc(1048576, 0x61)],
  });
  assert.equal(atLimit.status, 200);
});
