/**
 * Every flavour a class family (src/README.md, issue 46): kit(), kitjs/express and kitjs/express5 apps and
 * routers are functions whose prototype is their class's, never a Proxy; each entry's `express.application`
 * is its own flavour's App prototype; an app's own properties are its state; a flavour's registrars are on
 * its prototypes, never on an instance.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { inspect, types } from 'node:util';
import { App } from '../../src/core/app.ts';
import express4 from '../../src/express.ts';
import express5 from '../../src/express5.ts';
import { Express4App, Express4Router } from '../../src/flavours/express4/app.ts';
import { Express5App, Express5Router } from '../../src/flavours/express5/app.ts';
import kit, { Router } from '../../src/index.ts';

const apps = {
  'kit()': () => kit(),
  'kitjs/express': () => express4(),
  'kitjs/express5': () => express5(),
};
const routers = {
  'kitjs/express': () => express4.Router(),
  'kitjs/express5': () => express5.Router(),
};

/** GETs `path` of a server that runs `listener`, on 127.0.0.1, port 0. */
async function get(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  path: string,
): Promise<string> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await (await fetch(`http://127.0.0.1:${port}${path}`)).text();
  } finally {
    server.close();
  }
}

describe('an app of every flavour', () => {
  for (const [flavour, make] of Object.entries(apps)) {
    it(`${flavour}: a function of its class, no Proxy, at most 10 own properties (its state)`, () => {
      const app = make();
      assert.equal(typeof app, 'function');
      assert.equal(types.isProxy(app), false);
      assert.ok(app instanceof App);
      const own = Object.getOwnPropertyNames(app);
      assert.ok(own.length <= 10, `${flavour}: ${own.join(' ')}`);
      for (const name of ['get', 'use', 'route', 'param', 'listen', 'del', 'router', 'matchOptions']) {
        assert.equal(Object.hasOwn(app, name), false, `${flavour}: ${name} is an own property`);
      }
      assert.match(inspect(app), /^\[Function: app\]/);
      // EXP-002: an Express app's settings table is watched (express-shared/settings.ts); kit()'s is plain.
      assert.equal(types.isProxy(app.settings), flavour !== 'kit()');
    });

    it(`${flavour}: http.createServer(app), and app(req, res, next) as another server's middleware`, async () => {
      const app = make();
      app.get('/hi', (_req, res) => res.send('hi'));
      assert.equal(await get(app, '/hi'), 'hi');
      const outer = (req: IncomingMessage, res: ServerResponse): void =>
        app(req, res, () => res.end('passed on'));
      assert.equal(await get(outer, '/hi'), 'hi');
      assert.equal(await get(outer, '/else'), 'passed on');
    });
  }

  it("each entry's express.application is its flavour's App prototype, reaching its apps only", () => {
    assert.equal(express4.application, Express4App.prototype);
    assert.equal(express5.application, Express5App.prototype);
    const four = express4.application as Record<string, unknown>;
    const five = express5.application as Record<string, unknown>;
    four.fromFour = () => 4;
    five.fromFive = () => 5;
    try {
      const [plain, a4, a5] = [kit(), express4(), express5()] as unknown as Record<string, unknown>[];
      assert.deepEqual(
        [plain, a4, a5].map((app) => [typeof app?.fromFour, typeof app?.fromFive]),
        [
          ['undefined', 'undefined'],
          ['function', 'undefined'],
          ['undefined', 'function'],
        ],
      );
    } finally {
      delete four.fromFour;
      delete five.fromFive;
    }
  });
});

describe('a router of every Express flavour', () => {
  for (const [flavour, make] of Object.entries(routers)) {
    it(`${flavour}: express.Router() is a function of its class, no Proxy, its registrars on the prototype`, async () => {
      const router = make();
      assert.equal(typeof router, 'function');
      assert.equal(types.isProxy(router), false);
      assert.ok(router instanceof Router);
      assert.ok(router instanceof (flavour === 'kitjs/express' ? Express4Router : Express5Router));
      assert.ok(router instanceof (flavour === 'kitjs/express' ? express4.Router : express5.Router));
      assert.deepEqual(Object.getOwnPropertyNames(router).sort(), ['length', 'mergeParams', 'name', 'stack']);
      assert.match(inspect(router), /^\[Function: router\]/);
      router.get('/r', (_req, res) => res.send('routed'));
      const app = flavour === 'kitjs/express' ? express4() : express5();
      app.use((req, res, next) => (router as unknown as (...args: unknown[]) => void)(req, res, next));
      assert.equal(await get(app, '/r'), 'routed');
    });
  }

  it("kit()'s new Router() stays a plain object", () => {
    const router = new Router();
    assert.equal(typeof router, 'object');
    assert.deepEqual(Object.getOwnPropertyNames(router).sort(), ['mergeParams', 'stack']);
  });
});

describe("kitjs/express5's refusals, mapped by code", () => {
  it('keeps the core refusal as the cause, with its code, and no message surgery on the stack', () => {
    const app = express5();
    assert.throws(
      () => app.get('/', 3 as never),
      (err: unknown) => {
        const refusal = err as TypeError & { code: string; cause: TypeError & { code: string } };
        assert.ok(refusal instanceof TypeError);
        assert.equal(refusal.code, 'KIT_ERR_SETUP_HANDLER_TYPE');
        assert.equal(refusal.cause.code, 'KIT_ERR_SETUP_HANDLER_TYPE');
        assert.match(refusal.message, /^argument handler must be a function: get\('\/'\): handler 1/);
        assert.match(String(refusal.stack), /class-family\.test\.ts/);
        return true;
      },
    );
    assert.throws(() => app.engine('html', undefined as never), /^TypeError: callback function required/);
  });
});
