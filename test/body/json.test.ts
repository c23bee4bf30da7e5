import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { json } from '../../src/batteries/middleware/body/json.js';
import { send, serve, type TestServer } from './serve.js';

let server: TestServer;
before(async () => {
  server = await serve(json());
});
after(async () => {
  await server.close();
});

const post = (s: TestServer, body: string | Buffer, headers: Record<string, string> = {}) =>
  send(s.port, { headers: { 'content-type': 'application/json', ...headers }, chunks: [body] });

test('a body in many chunks, one character split between two, is joined before decoding', async () => {
  const text = JSON.stringify({ name: 'café'.repeat(2000), n: 1 });
  const bytes = Buffer.from(text);
  const cut = bytes.indexOf(Buffer.from('é')) + 1; // inside the two bytes of the first é
  const chunks = [bytes.subarray(0, cut), bytes.subarray(cut, 5000), bytes.subarray(5000)];
  const answer = await send(server.port, { headers: { 'content-type': 'application/json' }, chunks });
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.json().body, JSON.parse(text));
});

test('a second json() on the same request does not read again', async () => {
  const twice = await serve(json(), json());
  try {
    const res = await post(twice, '{"a":1}');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json().body, { a: 1 });
  } finally {
    await twice.close();
  }
});

test('setup-time misuse throws a TypeError', () => {
  assert.throws(() => json({ limit: 'huge' }), /json\(\): option "limit"/);
  assert.throws(() => json('1mb' as never), TypeError);
});
