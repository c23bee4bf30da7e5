/** Unit tests of the suite's raw HTTP helpers: request encoding, response parsing, and real sockets. */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, test } from 'node:test';
import {
  encodeRawRequest,
  parseResponses,
  requestRawPath,
  sendRawBytes,
} from '../../step-definitions/support/raw-http.js';

test('every line ends with CRLF and an open head is closed', () => {
  assert.equal(encodeRawRequest('GET / HTTP/1.1\nHost: a').toString(), 'GET / HTTP/1.1\r\nHost: a\r\n\r\n');
  assert.equal(encodeRawRequest('GET / HTTP/1.1\nHost: a\n').toString(), 'GET / HTTP/1.1\r\nHost: a\r\n\r\n');
});

test('a request with a body keeps it as written', () => {
  const bytes = encodeRawRequest('POST / HTTP/1.1\nContent-Length: 2\n\nhi');
  assert.equal(bytes.toString(), 'POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\nhi\r\n');
});

test('escapes give control characters and raw bytes', () => {
  const bytes = encodeRawRequest('A\\r\\nB\\tC\\\\D\\xff\\x00é');
  assert.deepEqual([...bytes], [65, 13, 10, 66, 9, 67, 92, 68, 0xff, 0x00, 0xc3, 0xa9, 13, 10, 13, 10]);
});

test('parses a Content-Length response with repeated headers joined', () => {
  const [response] = parseResponses(
    Buffer.from(
      'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-A: 1\r\nx-a: 2\r\nContent-Type: text/plain\r\n\r\nhello',
    ),
  );
  assert.equal(response.status, 200);
  assert.equal(response.text, 'hello');
  assert.equal(response.headers['x-a'], '1, 2');
  assert.equal(response.headers['content-type'], 'text/plain');
});

test('decodes chunked bodies, skips 100 Continue, reads pipelined answers in order', () => {
  const wire =
    'HTTP/1.1 100 Continue\r\n\r\n' +
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\nTrailer: t\r\n\r\n' +
    'HTTP/1.1 404 Not Found\r\nContent-Length: 3\r\n\r\nnope';
  const responses = parseResponses(Buffer.from(wire));
  assert.deepEqual(
    responses.map((r) => [r.status, r.text]),
    [
      [200, 'abcde'],
      [404, 'nop'],
    ],
  );
});

test('answers to HEAD and 204/304 have no body; a cut body is what arrived', () => {
  const head = parseResponses(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n'), 'HEAD');
  assert.equal(head[0].text, '');
  const cut = parseResponses(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npartial'));
  assert.equal(cut[0].text, 'partial');
  assert.deepEqual(parseResponses(Buffer.from('')), []);
  assert.throws(() => cut[0].json(), /not JSON/);
});

let server: Server;
let port: number;
before(async () => {
  server = createServer((req, res) => {
    if (req.url === '/chunks') {
      res.write('a');
      res.end('b');
      return;
    }
    res.setHeader('Set-Cookie', ['a=1', 'b=2']);
    res.end(`${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  assert.ok(address && typeof address === 'object');
  port = address.port;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

test('raw bytes over TCP come back parsed, chunked included', async () => {
  const wire = await sendRawBytes(port, encodeRawRequest('GET /chunks HTTP/1.1\nHost: x\nConnection: close'));
  const [response] = parseResponses(wire);
  assert.equal(response.status, 200);
  assert.equal(response.text, 'ab');
});

test('a keep-alive answer is read once the server goes quiet', async () => {
  const wire = await sendRawBytes(port, encodeRawRequest('GET /k HTTP/1.1\nHost: x'), 100);
  assert.equal(parseResponses(wire)[0].text, 'GET /k');
});

test('a raw path is sent exactly as written', async () => {
  const response = await requestRawPath(port, 'DELETE', '/a/../b/%2e%2e/?q=1');
  assert.equal(response.text, 'DELETE /a/../b/%2e%2e/?q=1');
  assert.equal(response.headers['set-cookie'], 'a=1, b=2');
});
