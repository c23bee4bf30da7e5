// XROUTE-012's walk on its own: which methods it gathers from the routes a router passes, and how it ends.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Route } from '../../src/core/router/route.ts';
import type { KitRequest, KitResponse } from '../../src/core/types.ts';
import { optionsWalk } from '../../src/flavours/express-shared/options.ts';

const noop = (): void => {};

/** A response that records what the walk sets and sends; `sent` makes `set` throw, as after writeHead. */
function fakeResponse(sent = false) {
  const record = { headers: {} as Record<string, string>, body: undefined as unknown };
  const res = {
    set(name: string, value: string) {
      if (sent) throw new Error('headers already sent');
      record.headers[name] = value;
      return res;
    },
    send(body: unknown) {
      record.body = body;
      return res;
    },
  };
  return { res: res as unknown as KitResponse, record };
}

function walkFor(method: string, res: KitResponse) {
  return optionsWalk({ method } as KitRequest, res);
}

test('only an OPTIONS request gets a walk: every other method walks as in kit()', () => {
  const { res } = fakeResponse();
  for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) assert.equal(walkFor(method, res), undefined);
  assert.ok(walkFor('OPTIONS', res));
});

test('methods in registration order per route, HEAD after GET, each once; all() and options() routes add none', () => {
  const books = new Route('/books') as Route & Record<string, (...h: unknown[]) => Route>;
  books.post(noop).get(noop);
  const getOnly = new Route('/books') as Route & Record<string, (...h: unknown[]) => Route>;
  getOnly.get(noop);
  const withHead = new Route('/books') as Route & Record<string, (...h: unknown[]) => Route>;
  withHead.head(noop).put(noop);
  const all = new Route('/books') as Route & Record<string, (...h: unknown[]) => Route>;
  all.all(noop).patch(noop);
  const own = new Route('/books') as Route & Record<string, (...h: unknown[]) => Route>;
  own.options(noop).delete(noop);
  const { res, record } = fakeResponse();
  const walk = walkFor('OPTIONS', res);
  walk?.passed([books, getOnly, all, own]);
  walk?.passed([withHead]);
  let next: unknown = 'not called';
  walk?.end(undefined, (err) => {
    next = err;
  });
  assert.equal(next, 'not called');
  assert.deepEqual(record.headers, { Allow: 'POST,GET,HEAD,PUT' });
  assert.equal(record.body, 'POST,GET,HEAD,PUT');
});

test('nothing gathered, or an error pending: the walk goes on with done as it came', () => {
  const { res, record } = fakeResponse();
  const calls: unknown[] = [];
  walkFor('OPTIONS', res)?.end(undefined, (err) => calls.push(err));
  const failure = new Error('boom');
  const route = new Route('/x') as Route & Record<string, (...h: unknown[]) => Route>;
  route.get(noop);
  const walk = walkFor('OPTIONS', res);
  walk?.passed([route]);
  walk?.end(failure, (err) => calls.push(err));
  assert.deepEqual(calls, [undefined, failure]);
  assert.equal(record.body, undefined);
});

test('a response that can no longer take the header fails after the router with that error', () => {
  const { res } = fakeResponse(true);
  const route = new Route('/x') as Route & Record<string, (...h: unknown[]) => Route>;
  route.get(noop);
  const walk = walkFor('OPTIONS', res);
  walk?.passed([route]);
  const calls: unknown[] = [];
  walk?.end(undefined, (err) => calls.push(err));
  assert.equal(calls.length, 1);
  assert.match(String(calls[0]), /headers already sent/);
});
