import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { urlencoded } from '../../src/batteries/middleware/body/urlencoded.js';
import { send, sendRaw, serve, type TestServer } from './serve.js';

let nested: TestServer;
let flat: TestServer;
before(async () => {
  nested = await serve(urlencoded());
  flat = await serve(urlencoded({ extended: false, limit: '1kb' }));
});
after(async () => {
  await nested.close();
  await flat.close();
});

const FORM = 'application/x-www-form-urlencoded';
const post = (s: TestServer, body: string | Buffer, type = FORM) =>
  send(s.port, { headers: { 'content-type': type }, chunks: [body] });

test('extended (the default) nests brackets into objects and arrays', async () => {
  const res = await post(nested, 'user[name]=Ada+L&user[tags][]=a&user[tags][]=b&n=%E2%9C%93');
  assert.deepEqual(res.json().body, { user: { name: 'Ada L', tags: ['a', 'b'] }, n: '✓' });
  assert.equal(res.json().plain, true);
});

test('extended: false gives a flat result', async () => {
  const res = await post(flat, 'user[name]=Ada&t=1&t=2');
  assert.deepEqual(res.json().body, { 'user[name]': 'Ada', t: ['1', '2'] });
  assert.equal(res.json().plain, true);
});

test('the media type is matched whatever its spelling; other types pass untouched', async () => {
  const res = await post(nested, 'a=1', 'Application/X-WWW-Form-Urlencoded ; charset=UTF-8');
  assert.deepEqual(res.json().body, { a: '1' });
  assert.equal((await post(nested, 'a=1', 'text/plain')).json().hasBody, false);
  assert.equal((await post(nested, 'a=1', 'multipart/form-data; boundary=x')).json().hasBody, false);
});

test('ISO-8859-1 is decoded, other charsets are 415', async () => {
  const latin = await post(nested, 'n=%E9', `${FORM}; charset=ISO-8859-1`);
  assert.deepEqual(latin.json().body, { n: 'é' });
  const latinFlat = await post(flat, Buffer.from('n=\u00e9', 'latin1'), `${FORM}; charset=iso-8859-1`);
  assert.deepEqual(latinFlat.json().body, { n: 'é' });
  const bad = await post(nested, 'a=1', `${FORM}; charset=shift_jis`);
  assert.equal(bad.status, 415);
  assert.equal(bad.json().code, 'KIT_ERR_BODY_UNSUPPORTED_CHARSET');
});

test('prototype names are dropped in both modes', async () => {
  const body =
    '__proto__[polluted]=1&constructor[prototype][polluted]=1&toString=x&a[__proto__][polluted]=1&ok=1';
  assert.deepEqual((await post(nested, body)).json().body, { ok: '1' });
  // Flat names keep their brackets, so only the bare `toString` names a prototype member there.
  assert.deepEqual((await post(flat, body)).json().body, {
    '__proto__[polluted]': '1',
    'constructor[prototype][polluted]': '1',
    'a[__proto__][polluted]': '1',
    ok: '1',
  });
  assert.equal(({} as { polluted?: string }).polluted, undefined);
});

test('more than 1000 parameters is 413 and no handler runs', async () => {
  const before = nested.handled();
  const many = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&');
  const res = await post(nested, many);
  assert.equal(res.status, 413);
  assert.equal(res.json().code, 'KIT_ERR_BODY_TOO_MANY_PARAMETERS');
  assert.equal(nested.handled(), before);
  assert.equal((await post(nested, 'a=1')).status, 200);
});

test('the limit option applies to Content-Length and to chunked bodies', async () => {
  const big = `a=${'x'.repeat(1100)}`;
  const declared = await post(flat, big);
  assert.equal(declared.status, 413);
  const chunk = `100\r\n${'x'.repeat(256)}\r\n`;
  const raw = await sendRaw(
    flat.port,
    `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: ${FORM}\r\nTransfer-Encoding: chunked\r\n\r\n${chunk.repeat(5)}`,
  );
  assert.match(raw, /^HTTP\/1.1 413/);
  assert.match(raw, /connection: close/i);
});

test('an empty form gives {}', async () => {
  assert.deepEqual((await send(nested.port, { headers: { 'content-type': FORM } })).json().body, {});
});

test('setup-time misuse throws a TypeError', () => {
  assert.throws(
    () => urlencoded({ extended: 'yes' as unknown as boolean }),
    /urlencoded\(\): option "extended"/,
  );
  assert.throws(() => urlencoded({ limit: '1 lightyear' }), /urlencoded\(\): option "limit"/);
});
