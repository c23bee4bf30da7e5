import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import kit, { type KitRequest, type KitResponse } from '../../src/index.ts';
import { listenLocally } from '../support/listen.ts';

// json()/send()/sendStatus() go out with one writeHead while Node's header store is empty, and type()
// holds its Content-Type back for that call (src/core/response.ts). These check that nothing observable moved.
describe('response headers on the one-call path, through a real server', () => {
  const app = kit();
  const recorded: Record<string, unknown> = {};
  type Handler = (req: KitRequest, res: KitResponse) => void;
  const route = (path: string, handler: Handler): void => {
    app.get(path, handler);
  };

  route('/seen-before-send', (_req, res) => {
    res.type('csv');
    const seen = res.getHeader('Content-Type');
    res.json({ seen, has: res.hasHeader('content-type'), names: res.getHeaderNames() });
  });
  route('/streamed', (_req, res) => {
    res.type('text/plain');
    res.write('a');
    res.end('b');
  });
  route('/set-after-type', (_req, res) => {
    res.type('html');
    res.setHeader('Content-Type', 'application/x-kit');
    res.send('x');
  });
  route('/removed-after-type', (_req, res) => {
    res.type('csv');
    res.removeHeader('Content-Type');
    res.send('x');
  });
  route('/read-in-finish', (_req, res) => {
    res.on('finish', () => {
      recorded.length = res.getHeader('Content-Length');
      recorded.type = res.getHeader('content-type');
      recorded.headers = { ...res.getHeaders() };
      recorded.names = res.getHeaderNames();
      recorded.has = res.hasHeader('Content-Type');
    });
    res.json({ ok: true });
  });
  route('/wrapped-write-head', (_req, res) => {
    // What on-headers (response-time, compression) does: wrap writeHead on the instance.
    const original = res.writeHead;
    res.writeHead = function (this: KitResponse, ...args: Parameters<KitResponse['writeHead']>) {
      this.setHeader('X-Wrapped', 'yes');
      return (original as (...a: unknown[]) => KitResponse).apply(this, args);
    } as KitResponse['writeHead'];
    res.type('text').send('wrapped');
  });
  // Wrappers on this one response object (found by review): each must see the headers arrive as before.
  route('/spied-set-header', (_req, res) => {
    const seen: string[] = [];
    const original = res.setHeader;
    res.setHeader = function (this: KitResponse, name: string, value: number | string | readonly string[]) {
      seen.push(name.toLowerCase());
      return original.call(this, name, value);
    } as KitResponse['setHeader'];
    res.on('finish', () => {
      recorded.spied = seen;
    });
    res.type('csv').send('a,b');
  });
  route('/write-head-reads-type', (_req, res) => {
    const original = res.writeHead;
    res.writeHead = function (this: KitResponse, ...args: Parameters<KitResponse['writeHead']>) {
      recorded.typeInWriteHead = this.getHeader('content-type');
      return (original as (...a: unknown[]) => KitResponse).apply(this, args);
    } as KitResponse['writeHead'];
    res.type('csv').send('a,b');
  });
  route('/write-head-status-only', (_req, res) => {
    const original = res.writeHead;
    res.writeHead = function (this: KitResponse, code: number) {
      return (original as (c: number) => KitResponse).call(this, code);
    } as KitResponse['writeHead'];
    res.json({ kept: true });
  });
  route('/wrapper-drops-length', (_req, res) => {
    // What compression does: headers moved into Node's store, then Content-Length removed.
    const original = res.writeHead;
    res.writeHead = function (this: KitResponse, code: number, headers?: Record<string, string | number>) {
      for (const [name, value] of Object.entries(headers ?? {})) this.setHeader(name, value);
      this.removeHeader('Content-Length');
      return (original as (c: number) => KitResponse).call(this, code);
    } as KitResponse['writeHead'];
    res.on('finish', () => {
      recorded.lengthAfterDrop = res.getHeader('content-length') ?? null;
    });
    res.json({ dropped: true });
  });
  route('/write-header', (_req, res) => {
    res.type('json');
    (res as unknown as { writeHeader(code: number): void }).writeHeader(200);
    res.end('{}');
  });
  route('/send-status-after-type', (_req, res) => {
    res.type('json').sendStatus(403);
  });
  route('/no-content-after-type', (_req, res) => {
    res.type('json').status(204).send('ignored');
  });
  route('/type-after-send', (_req, res) => {
    res.json({ first: true });
    try {
      res.type('html');
    } catch (err) {
      recorded.typeAfterSend = (err as { code?: string }).code;
    }
  });
  route('/status-message', (_req, res) => {
    res.statusMessage = 'Fine Thanks';
    res.status(200).json({});
  });

  let base = '';
  before(async () => {
    base = await listenLocally(app);
  });
  after(() => app.close());

  async function get(
    path: string,
  ): Promise<{ status: number; type: string | null; headers: Headers; body: string }> {
    const response = await fetch(base + path);
    const body = await response.text();
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      headers: response.headers,
      body,
    };
  }

  it('a type set by type() is visible to the header getters before the response goes out', async () => {
    const answer = await get('/seen-before-send');
    assert.equal(answer.type, 'text/csv; charset=utf-8');
    assert.deepEqual(JSON.parse(answer.body), {
      seen: 'text/csv; charset=utf-8',
      has: true,
      names: ['content-type'],
    });
  });

  it('a streamed body keeps the type set by type()', async () => {
    const answer = await get('/streamed');
    assert.equal(answer.type, 'text/plain; charset=utf-8');
    assert.equal(answer.body, 'ab');
  });

  it('setHeader and removeHeader after type() win over it', async () => {
    assert.equal((await get('/set-after-type')).type, 'application/x-kit');
    assert.equal((await get('/removed-after-type')).type, 'text/html; charset=utf-8');
  });

  it('after the response, the getters still see the headers it went out with', async () => {
    const answer = await get('/read-in-finish');
    assert.equal(answer.body, '{"ok":true}');
    assert.equal(recorded.length, 11);
    assert.equal(recorded.type, 'application/json; charset=utf-8');
    assert.deepEqual(recorded.headers, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': 11,
    });
    assert.deepEqual(recorded.names, ['content-type', 'content-length']);
    assert.equal(recorded.has, true);
  });

  it('a writeHead wrapped on the instance still runs, and its header goes out with the others', async () => {
    const answer = await get('/wrapped-write-head');
    assert.equal(answer.headers.get('x-wrapped'), 'yes');
    assert.equal(answer.type, 'text/plain; charset=utf-8');
    assert.equal(answer.headers.get('content-length'), '7');
    assert.equal(answer.body, 'wrapped');
  });

  it('a setHeader spy on the response sees Content-Type and Content-Length arrive', async () => {
    assert.equal((await get('/spied-set-header')).body, 'a,b');
    assert.deepEqual(recorded.spied, ['content-type', 'content-length']);
  });

  it('a writeHead wrapper sees the type before passing the call on', async () => {
    const answer = await get('/write-head-reads-type');
    assert.equal(answer.type, 'text/csv; charset=utf-8');
    assert.equal(recorded.typeInWriteHead, 'text/csv; charset=utf-8');
  });

  it('a writeHead wrapper that forwards only the status still sends type and length', async () => {
    const answer = await get('/write-head-status-only');
    assert.equal(answer.type, 'application/json; charset=utf-8');
    assert.equal(answer.headers.get('content-length'), '13');
    assert.equal(answer.body, '{"kept":true}');
  });

  it('a header a wrapper removed is not seen again by the getters afterwards', async () => {
    const answer = await get('/wrapper-drops-length');
    assert.equal(answer.body, '{"dropped":true}');
    assert.equal(answer.headers.get('content-length'), null);
    assert.equal(recorded.lengthAfterDrop, null);
  });

  it("Node's writeHeader alias keeps the type set by type()", async () => {
    const answer = await get('/write-header');
    assert.equal(answer.type, 'application/json; charset=utf-8');
    assert.equal(answer.body, '{}');
  });

  it('sendStatus answers text/plain whatever type() said; 204 drops the type and the body', async () => {
    const forbidden = await get('/send-status-after-type');
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.type, 'text/plain; charset=utf-8');
    assert.equal(forbidden.body, 'Forbidden');
    const empty = await get('/no-content-after-type');
    assert.equal(empty.status, 204);
    assert.equal(empty.type, null);
    assert.equal(empty.body, '');
  });

  it('type() after the response went out throws as setHeader does', async () => {
    assert.equal((await get('/type-after-send')).body, '{"first":true}');
    assert.equal(recorded.typeAfterSend, 'ERR_HTTP_HEADERS_SENT');
  });

  it('a custom status message survives the one-call path', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      import('node:net').then(({ connect }) => {
        const socket = connect(Number(new URL(base).port), '127.0.0.1');
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString('latin1');
        });
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
        socket.end('GET /status-message HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      }, reject);
    });
    assert.match(raw, /^HTTP\/1\.1 200 Fine Thanks\r\n/);
  });
});
