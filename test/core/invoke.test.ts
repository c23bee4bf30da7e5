// The one way a handler is run (src/core/router/invoke.ts): ERR-001, ERR-002, ERR-008, ERR-011, and a failure after next().
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { KitError } from '../../src/base/errors.ts';
import { processLogger } from '../../src/base/logger.ts';
import {
  AS_APP_HANDLER,
  AS_ERROR_HANDLER,
  AS_HANDLER,
  AS_PARAM_CALLBACK,
  asError,
  type HandlerRunner,
  invoke,
} from '../../src/core/router/invoke.ts';
import type { KitRequest, KitResponse } from '../../src/core/types.ts';

/** A runner that records what each handler's `next` led to. */
function recorder(): HandlerRunner & { proceeded: unknown[] } {
  const proceeded: unknown[] = [];
  return {
    req: { originalUrl: '/here' } as KitRequest,
    res: {} as KitResponse,
    proceeded,
    proceed(arg: unknown) {
      proceeded.push(arg);
    },
  };
}

/** Resolves once the rejection handlers of already settled promises have run. */
const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** What the runner got for a failure without a usable error: KIT_ERR_HANDLER_REJECTED, the value as cause. */
function assertRejectedError(got: unknown, cause: unknown): void {
  assert.ok(got instanceof KitError);
  assert.equal(got.code, 'KIT_ERR_HANDLER_REJECTED');
  assert.equal(got.status, 500);
  assert.equal(got.expose, false);
  assert.equal(got.cause, cause);
}

/** The arguments of the logger call `index` of `fn`. */
function logged(fn: ReturnType<typeof mock.method>, index = 0): unknown[] {
  const call = fn.mock.calls[index];
  assert.ok(call !== undefined, `no log call ${index}`);
  return call.arguments;
}

let warn: ReturnType<typeof mock.method>;
let error: ReturnType<typeof mock.method>;
beforeEach(() => {
  warn = mock.method(processLogger(), 'warn', () => {});
  error = mock.method(processLogger(), 'error', () => {});
});
afterEach(() => mock.restoreAll());

describe('invoke', () => {
  it('calls a handler with (req, res, next) and sets req.next to that next (XFILE-006)', () => {
    const runner = recorder();
    let seen: unknown[] = [];
    invoke(
      runner,
      AS_HANDLER,
      (...args: unknown[]) => {
        seen = args;
      },
      'ignored',
      undefined,
    );
    assert.equal(seen.length, 3);
    assert.equal(seen[0], runner.req);
    assert.equal(seen[1], runner.res);
    assert.equal(seen[2], runner.req.next);
    assert.deepEqual(runner.proceeded, []);
  });

  it('calls error middleware with (err, req, res, next) and a param callback with (req, res, next, value, name)', () => {
    const runner = recorder();
    const failure = new Error('pending');
    let seen: unknown[] = [];
    invoke(runner, AS_ERROR_HANDLER, (...args: unknown[]) => (seen = args), failure, undefined);
    assert.deepEqual(seen.slice(0, 3), [failure, runner.req, runner.res]);
    invoke(runner, AS_PARAM_CALLBACK, (...args: unknown[]) => (seen = args), '42', 'id');
    assert.deepEqual([seen[0], seen[1], seen[3], seen[4]], [runner.req, runner.res, '42', 'id']);
    assert.equal(typeof seen[2], 'function');
  });

  it("calls an app's not-found handler with (req, res), its error handler with (err, req, res): no next, req.next kept", async () => {
    const runner = recorder();
    const before = (): void => {};
    runner.req.next = before;
    const failure = new Error('pending');
    let seen: unknown[] = [];
    invoke(runner, AS_APP_HANDLER, (...args: unknown[]) => (seen = args), undefined, undefined);
    assert.deepEqual(seen, [runner.req, runner.res]);
    invoke(runner, AS_APP_HANDLER, (...args: unknown[]) => (seen = args), failure, undefined);
    assert.deepEqual(seen, [failure, runner.req, runner.res]);
    assert.equal(runner.req.next, before);
    // ERR-007, ERR-014, HARD-001: what they throw or reject with goes on, a non-error made one.
    invoke(
      runner,
      AS_APP_HANDLER,
      () => {
        throw failure;
      },
      undefined,
      undefined,
    );
    invoke(runner, AS_APP_HANDLER, async () => Promise.reject('a value'), failure, undefined);
    await settled();
    assert.equal(runner.proceeded.length, 2);
    assert.equal(runner.proceeded[0], failure);
    assertRejectedError(runner.proceeded[1], 'a value');
  });

  it('passes next(arg) on as it is', () => {
    const runner = recorder();
    const failure = new Error('x');
    invoke(
      runner,
      AS_HANDLER,
      (_req: unknown, _res: unknown, next: (e?: unknown) => void) => next(failure),
      0,
      '',
    );
    invoke(
      runner,
      AS_HANDLER,
      (_req: unknown, _res: unknown, next: (e?: unknown) => void) => next('route'),
      0,
      '',
    );
    assert.deepEqual(runner.proceeded, [failure, 'route']);
  });

  it('ERR-001: a synchronous throw is next(err), with the error as thrown', () => {
    const runner = recorder();
    const failure = new Error('sync');
    invoke(
      runner,
      AS_HANDLER,
      () => {
        throw failure;
      },
      undefined,
      undefined,
    );
    assert.deepEqual(runner.proceeded, [failure]);
  });

  it('ERR-002: a rejection is next(err), from error middleware too (HARD-001)', async () => {
    const runner = recorder();
    const failure = new Error('later');
    invoke(runner, AS_HANDLER, async () => Promise.reject(failure), undefined, undefined);
    invoke(runner, AS_ERROR_HANDLER, async () => Promise.reject(failure), new Error('pending'), undefined);
    assert.deepEqual(runner.proceeded, []);
    await settled();
    assert.deepEqual(runner.proceeded, [failure, failure]);
  });

  for (const [label, value] of [
    ['a string', 'a secret string'],
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['a symbol', Symbol('s')],
  ] as const) {
    it(`ERR-002: ${label} thrown or rejected is KIT_ERR_HANDLER_REJECTED`, async () => {
      const runner = recorder();
      invoke(
        runner,
        AS_HANDLER,
        () => {
          throw value;
        },
        undefined,
        undefined,
      );
      invoke(runner, AS_PARAM_CALLBACK, () => Promise.reject(value), 'v', 'name');
      await settled();
      assert.equal(runner.proceeded.length, 2);
      for (const got of runner.proceeded) assertRejectedError(got, value);
      const message = (runner.proceeded[0] as Error).message;
      assert.ok(!message.includes('undefined'), message);
    });
  }

  it('ERR-011: a Proxy whose traps throw goes on as it is, thrown, rejected or returned', async () => {
    const trap = (): never => {
      throw new Error('trap');
    };
    const hostile = new Proxy(new Error('x'), {
      get: trap,
      getPrototypeOf: trap,
      has: trap,
      ownKeys: trap,
      getOwnPropertyDescriptor: trap,
    });
    const runner = recorder();
    invoke(
      runner,
      AS_HANDLER,
      () => {
        throw hostile;
      },
      undefined,
      undefined,
    );
    invoke(runner, AS_HANDLER, () => Promise.reject(hostile), undefined, undefined);
    // Returned: reading its `then` throws, which is a throw of the handler.
    invoke(runner, AS_HANDLER, () => hostile, undefined, undefined);
    await settled();
    // In the order they happened: the throw, the returned Proxy (at once), the rejection (a tick later).
    assert.equal(runner.proceeded.length, 3);
    assert.ok(runner.proceeded[0] === hostile);
    assert.equal((runner.proceeded[1] as Error).message, 'trap');
    assert.ok(runner.proceeded[2] === hostile);
  });

  it('ERR-011: a function (with a hostile toString) goes on as it is', () => {
    const thrown = Object.assign(() => {}, {
      toString() {
        throw new Error('boom');
      },
    });
    assert.equal(asError(thrown), thrown);
    const object = { status: 418 };
    assert.equal(asError(object), object);
  });

  it('ERR-008: a second call of the same next is ignored and logged once as a warning', () => {
    const runner = recorder();
    invoke(
      runner,
      AS_HANDLER,
      (_req: unknown, _res: unknown, next: (e?: unknown) => void) => {
        next();
        next();
        next(new Error('third'));
      },
      undefined,
      undefined,
    );
    assert.deepEqual(runner.proceeded, [undefined]);
    assert.equal(warn.mock.callCount(), 1);
    const [fields, message] = logged(warn) as [Record<string, unknown>, string];
    assert.deepEqual(fields, { url: '/here' });
    assert.match(message, /next\(\) called more than once/);
    assert.equal(error.mock.callCount(), 0);
  });

  it('each handler call has its own next: one call each is no double call', () => {
    const runner = recorder();
    const handler = (_req: unknown, _res: unknown, next: (e?: unknown) => void): void => next();
    invoke(runner, AS_HANDLER, handler, undefined, undefined);
    invoke(runner, AS_HANDLER, handler, undefined, undefined);
    assert.deepEqual(runner.proceeded, [undefined, undefined]);
    assert.equal(warn.mock.callCount(), 0);
  });

  it('a throw after next() is logged as an error, never routed a second time', () => {
    const runner = recorder();
    const late = new Error('after next');
    invoke(
      runner,
      AS_HANDLER,
      (_req: unknown, _res: unknown, next: (e?: unknown) => void) => {
        next();
        throw late;
      },
      undefined,
      undefined,
    );
    assert.deepEqual(runner.proceeded, [undefined]);
    assert.equal(error.mock.callCount(), 1);
    const [fields, message] = logged(error) as [Record<string, unknown>, string];
    assert.deepEqual(fields, { err: late, url: '/here' });
    assert.match(message, /failed after it had called next\(\)/);
    assert.equal(warn.mock.callCount(), 0);
  });

  it('a rejection after next() is logged as an error, never routed a second time', async () => {
    const runner = recorder();
    invoke(
      runner,
      AS_HANDLER,
      async (_req: unknown, _res: unknown, next: (e?: unknown) => void) => {
        next();
        throw 'late';
      },
      undefined,
      undefined,
    );
    await settled();
    assert.deepEqual(runner.proceeded, [undefined]);
    assert.equal(error.mock.callCount(), 1);
    assert.equal((logged(error)[0] as { err: unknown }).err, 'late');
  });

  it('what the rest of the chain throws from inside next() is logged, not routed to the handler that called it', () => {
    const failure = new Error('downstream');
    const runner: HandlerRunner & { proceeded: unknown[] } = {
      ...recorder(),
      proceed(arg: unknown) {
        this.proceeded.push(arg);
        throw failure;
      },
    };
    invoke(
      runner,
      AS_HANDLER,
      (_req: unknown, _res: unknown, next: (e?: unknown) => void) => next(),
      undefined,
      undefined,
    );
    assert.deepEqual(runner.proceeded, [undefined]);
    assert.equal(error.mock.callCount(), 1);
  });

  it('a logger that throws on a hostile value never breaks the request path (ERR-011)', () => {
    mock.restoreAll();
    error = mock.method(processLogger(), 'error', (fields: { err?: unknown }) => {
      if (typeof fields.err === 'object') throw new Error('serializer broke');
    });
    const runner = recorder();
    assert.doesNotThrow(() =>
      invoke(
        runner,
        AS_HANDLER,
        (_req: unknown, _res: unknown, next: (e?: unknown) => void) => {
          next();
          throw new Error('late');
        },
        undefined,
        undefined,
      ),
    );
    // Written again with a placeholder for the value that could not be read.
    assert.equal(error.mock.callCount(), 2);
  });
});
