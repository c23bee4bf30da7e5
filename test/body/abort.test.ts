import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { json } from '../../src/batteries/middleware/body/json.js';
import { urlencoded } from '../../src/batteries/middleware/body/urlencoded.js';
import { send, serve } from './serve.js';

// A reset (RST) rather than a polite FIN: the harshest way a client can vanish mid-body.
async function resetMidBody(port: number, head: string, body: Buffer): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(head);
  socket.write(body);
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.resetAndDestroy();
  await once(socket, 'close');
}

test('a client reset mid-body runs no handler, reports INCOMPLETE, and the server keeps serving', async () => {
  const errors: string[] = [];
  const recordErrors = json();
  const server = await serve((req, res, next) => {
    recordErrors(req, res, (err?: unknown) => {
      if (err !== undefined) errors.push((err as { code: string }).code);
      next(err);
    });
  }, urlencoded());
  try {
    const json50 =
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n';
    await resetMidBody(server.port, json50, Buffer.from('{"a":"'));
    const chunked =
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    await resetMidBody(server.port, chunked, Buffer.from('100\r\n{"a":"'));
    const gz =
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 5000\r\n\r\n';
    await resetMidBody(server.port, gz, gzipSync(Buffer.alloc(100000, 0x20)).subarray(0, 40));
    const form =
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 900\r\n\r\n';
    await resetMidBody(server.port, form, Buffer.from('a=1&b='));
    // Let the server notice the resets before counting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(server.handled(), 0);
    assert.deepEqual(errors, [
      'KIT_ERR_BODY_INCOMPLETE',
      'KIT_ERR_BODY_INCOMPLETE',
      'KIT_ERR_BODY_INCOMPLETE',
    ]);
    const after = await send(server.port, {
      headers: { 'content-type': 'application/json' },
      chunks: ['{"ok":1}'],
    });
    assert.deepEqual(after.json().body, { ok: 1 });
  } finally {
    await server.close();
  }
});

test('HEAD requests are never parsed', async () => {
  const server = await serve(json());
  try {
    const res = await send(server.port, {
      method: 'HEAD',
      headers: { 'content-type': 'application/json', 'content-length': '2' },
      chunks: ['{}'],
    });
    assert.equal(res.status, 200);
    assert.equal(server.handled(), 1);
    assert.equal(server.lastHadBody(), false);
  } finally {
    await server.close();
  }
});
