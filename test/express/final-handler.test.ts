// kitjs/express's final handler (EXP-011): who may see a stack, the page, the path it names, and that kit() runs none of it.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import pino from 'pino';
import { kitFlavour } from '../../src/core/app/kit-flavour.ts';
import express from '../../src/express.ts';
import {
  defaultError,
  errorDocument,
  notFound,
  resourceName,
  showsErrorDetail,
} from '../../src/flavours/express-shared/final-handler.ts';
import { express4Flavour } from '../../src/flavours/express4/flavour.ts';
import kit from '../../src/index.ts';

test('the stack is shown only outside production, to a loopback peer no proxy forwarded', () => {
  const local = ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1'];
  for (const address of local) {
    assert.equal(showsErrorDetail('development', address, {}), true, address);
    assert.equal(showsErrorDetail('test', address, {}), true, address);
    assert.equal(showsErrorDetail('production', address, {}), false, address);
  }
  const remote = ['203.0.113.9', '10.0.0.1', '128.0.0.1', '::2', '2001:db8::1', '::ffff:10.0.0.1', '0.0.0.0'];
  for (const address of remote) assert.equal(showsErrorDetail('development', address, {}), false, address);
  // A Unix socket or a destroyed socket has no address: nobody is known to be local.
  for (const address of [undefined, '', 'localhost', 'not an address']) {
    assert.equal(showsErrorDetail('development', address, {}), false, String(address));
  }
  for (const header of ['forwarded', 'x-forwarded-for', 'x-real-ip']) {
    assert.equal(showsErrorDetail('development', '127.0.0.1', { [header]: '203.0.113.9' }), false, header);
  }
});

test("the page is finalhandler's document, escaped, newlines as <br>, double spaces kept", () => {
  assert.equal(
    errorDocument('Cannot GET /a%3Cb%3E'),
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n' +
      '<body>\n<pre>Cannot GET /a%3Cb%3E</pre>\n</body>\n</html>\n',
  );
  assert.match(
    errorDocument(`Error: <x> & "y" 'z'\n    at f`),
    /<pre>Error: &lt;x&gt; &amp; &quot;y&quot; &#39;z&#39;<br> &nbsp; &nbsp;at f<\/pre>/,
  );
});

test("the 404 names parseurl's pathname of the original URL", () => {
  assert.equal(resourceName('/a/b?c=1#d'), '/a/b');
  assert.equal(resourceName('/a#b?c'), '/a');
  assert.equal(resourceName('http://example.com/p/q?r=1'), '/p/q');
  assert.equal(resourceName('http://example.com'), '/');
  assert.equal(resourceName('*'), '*');
});

test("each app's pages are its flavour's: kitjs/express's Express 4 pages, kit()'s own text ones", async () => {
  assert.equal(express4Flavour.notFound, notFound);
  assert.equal(express4Flavour.defaultError, defaultError);
  assert.notEqual(kitFlavour.notFound, notFound);
  // The flavour a request's members read, as each app hands it its context.
  const flavourOf = async (app: ReturnType<typeof express>): Promise<unknown> => {
    let seen: unknown;
    app.get('/which', (req, res) => {
      seen = (req as unknown as { context: { flavour: unknown } }).context.flavour;
      res.send('ok');
    });
    await app.inject('/which');
    return seen;
  };
  assert.equal(await flavourOf(kit() as unknown as ReturnType<typeof express>), kitFlavour);
  assert.equal(await flavourOf(express()), express4Flavour);
});

async function serve(app: ReturnType<typeof express>): Promise<{ base: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('an error whose stack or toString throws is an opaque 500, and the server lives on', async () => {
  const app = express();
  app.set('env', 'development');
  const stackThrows = Object.defineProperty(new Error('hidden'), 'stack', {
    get() {
      throw new Error('trap');
    },
  });
  Object.assign(stackThrows, { status: 404 });
  const toStringThrows = {
    status: 409,
    toString() {
      throw new Error('trap');
    },
  };
  app.get('/stack', (_req, _res, next) => next(stackThrows));
  app.get('/to-string', (_req, _res, next) => next(toStringThrows));
  const { base, close } = await serve(app);
  try {
    for (const path of ['/stack', '/to-string']) {
      const response = await fetch(base + path);
      assert.equal(response.status, 500, path);
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.match(await response.text(), /<pre>Internal Server Error<\/pre>/);
    }
    assert.equal((await fetch(`${base}/missing`)).status, 404);
  } finally {
    await close();
  }
});

test("an error's invalid headers are dropped and its framing headers ignored; the page still goes out", async () => {
  const app = express();
  app.set('env', 'production');
  app.get('/e', (_req, _res, next) =>
    next(
      Object.assign(new Error('x'), {
        status: 429,
        headers: { 'Retry-After': '30', 'Bad\nName': 'v', 'X-Bad': 'a\r\nb', 'Content-Length': '1' },
      }),
    ),
  );
  const { base, close } = await serve(app);
  try {
    const response = await fetch(`${base}/e`);
    assert.equal(response.status, 429);
    assert.equal(response.headers.get('retry-after'), '30');
    assert.equal(response.headers.get('x-bad'), null);
    assert.match(await response.text(), /<pre>Too Many Requests<\/pre>/);
  } finally {
    await close();
  }
});

test("a 5xx is logged through the app's own logger, with the whole error", async () => {
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  const app = express({ logger: pino({ level: 'info' }, stream) });
  app.get('/boom', () => {
    throw new Error('database at 10.0.0.7');
  });
  const { base, close } = await serve(app);
  try {
    assert.equal((await fetch(`${base}/boom`)).status, 500);
  } finally {
    await close();
  }
  const failed = lines.find((line) => line.msg === 'request failed');
  assert.ok(failed, JSON.stringify(lines));
  assert.equal((failed.err as { message: string }).message, 'database at 10.0.0.7');
});
