// The three places that run handlers (a router's route, a Route dispatched on its own, a param callback)
// answer a second next() and a thrown string the same way, through a real server (ERR-002, ERR-008); a
// Route dispatched on its own leaves with next('route') and next('router') as a router's route does.
import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import { processLogger } from '../../src/base/logger.ts';
import { Route } from '../../src/core/router/route.ts';
import type { NextFunction } from '../../src/core/types.ts';
import kit, { type KitApp, type KitRequest, type KitResponse, Router } from '../../src/index.ts';
import { listenLocally } from '../support/listen.ts';

type Handler = (req: KitRequest, res: KitResponse, next: NextFunction) => unknown;

/** Twice: the second call must be ignored. */
const doubleNext: Handler = (_req, _res, next) => {
  next();
  next();
};
const throwString: Handler = () => {
  throw 'a secret string';
};

/** One app with the same two faults behind each caller: /<caller>/double and /<caller>/throw. */
function faultyApp(runs: Map<string, number>): KitApp {
  const app = kit();
  const ran = (req: KitRequest, res: KitResponse): void => {
    const key = req.originalUrl;
    runs.set(key, (runs.get(key) ?? 0) + 1);
    res.send('ran');
  };

  // A route of the app's router.
  app.get('/router/double', doubleNext, ran);
  app.get('/router/throw', throwString, ran);

  // A Route on its own, dispatched by middleware.
  const alone = new Route('/');
  alone.get((req: KitRequest, res: KitResponse, next: NextFunction) => {
    if (req.path === '/double') return doubleNext(req, res, next);
    if (req.path === '/throw') return throwString(req, res, next);
    next();
  }, ran);
  app.use('/route', (req: KitRequest, res: KitResponse, next: NextFunction) =>
    alone.dispatch(req, res, next),
  );

  // A param callback of a router.
  const params = new Router();
  params.param('fault', (req, res, next, value) =>
    value === 'double' ? doubleNext(req, res, next) : throwString(req, res, next),
  );
  params.get('/:fault', ran);
  app.use('/param', params);

  app.setErrorHandler((err, _req, res) => {
    const { status, code, message } = err as { status?: number; code?: string; message?: string };
    res.status(status ?? 500).json({ code, message });
  });
  return app;
}

describe('every caller runs handlers one way', () => {
  const runs = new Map<string, number>();
  const app = faultyApp(runs);
  let base = '';
  before(async () => {
    base = await listenLocally(app);
  });
  after(() => app.close());

  const callers = ['router', 'route', 'param'];

  it('a second next() is ignored (the rest runs once) and logged once as a warning', async () => {
    const warn = mock.method(processLogger(), 'warn', () => {});
    try {
      for (const caller of callers) {
        const url = `/${caller}/double`;
        const response = await fetch(base + url);
        assert.equal(response.status, 200, caller);
        assert.equal(await response.text(), 'ran', caller);
        assert.equal(runs.get(url), 1, caller);
        const lines = warn.mock.calls.filter((call) => (call.arguments[0] as { url?: string }).url === url);
        assert.equal(lines.length, 1, `${caller}: one warning`);
        assert.match(String(lines[0]?.arguments[1]), /next\(\) called more than once/);
      }
    } finally {
      warn.mock.restore();
    }
  });

  it('a thrown string is the same 500 error (KIT_ERR_HANDLER_REJECTED) from each caller', async () => {
    const answers = [];
    for (const caller of callers) {
      const response = await fetch(`${base}/${caller}/throw`);
      answers.push({ status: response.status, body: await response.json() });
      assert.equal(runs.get(`/${caller}/throw`), undefined, `${caller}: the handler after it never ran`);
    }
    assert.deepEqual(answers[0], {
      status: 500,
      body: {
        code: 'KIT_ERR_HANDLER_REJECTED',
        message: 'A handler threw a non-error value: a secret string',
      },
    });
    assert.deepEqual(answers[1], answers[0]);
    assert.deepEqual(answers[2], answers[0]);
  });
});

describe('a Route dispatched on its own', () => {
  // A stack overflow leaves the request unanswered: the timeout turns that hang into a failure.
  it('HARD-002: ten thousand synchronous handlers are answered', { timeout: 60_000 }, async () => {
    const app = kit();
    const alone = new Route('/');
    const pass: Handler = (_req, _res, next) => next();
    alone.get(
      Array.from({ length: 10000 }, () => pass),
      (_req: KitRequest, res: KitResponse) => res.send('deep'),
    );
    app.use('/deep', (req: KitRequest, res: KitResponse, next: NextFunction) =>
      alone.dispatch(req, res, next),
    );
    const base = await listenLocally(app);
    try {
      const response = await fetch(`${base}/deep`);
      assert.equal(await response.text(), 'deep');
    } finally {
      await app.close();
    }
  });

  it("next('route') goes on after the Route; next('router') leaves the router that dispatched it", async () => {
    const app = kit();
    const router = new Router();
    const alone = new Route('/');
    alone.get(
      (req: KitRequest, _res: KitResponse, next: NextFunction) => next(String(req.query.leave)),
      (_req: KitRequest, res: KitResponse) => res.send('the rest of the route'),
    );
    router.use((req, res, next) => alone.dispatch(req, res, next));
    router.use((_req, res) => res.send('after the route, in the router'));
    app.use('/r', router);
    app.use((_req: KitRequest, res: KitResponse) => res.send('after the router'));
    const base = await listenLocally(app);
    try {
      assert.equal(await (await fetch(`${base}/r?leave=route`)).text(), 'after the route, in the router');
      assert.equal(await (await fetch(`${base}/r?leave=router`)).text(), 'after the router');
      assert.equal(await (await fetch(`${base}/r?leave=`)).text(), 'the rest of the route');
    } finally {
      await app.close();
    }
  });

  it("ERR-010: next('text') is KIT_ERR_NEXT_STRING, as in a router", async () => {
    const app = kit();
    const alone = new Route('/');
    alone.get((_req: KitRequest, _res: KitResponse, next: NextFunction) => next('oops'));
    alone.get((err: unknown, _req: KitRequest, res: KitResponse, _next: NextFunction) =>
      res.status(500).send((err as { code?: string }).code),
    );
    app.use('/s', (req: KitRequest, res: KitResponse, next: NextFunction) => alone.dispatch(req, res, next));
    const base = await listenLocally(app);
    try {
      assert.equal(await (await fetch(`${base}/s`)).text(), 'KIT_ERR_NEXT_STRING');
    } finally {
      await app.close();
    }
  });
});
