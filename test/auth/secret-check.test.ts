// AUTH-014 through the listen hook authMiddleware carries: the core runs it at listen() without importing auth.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { processLogger } from '../../src/base/logger.ts';
import { authMiddleware } from '../../src/batteries/auth/middleware.ts';
import { kit } from '../../src/core/app.ts';
import { Router } from '../../src/core/router/router.ts';
import type { KitApp } from '../../src/core/types.ts';

let saved: string | undefined;
let warn: ReturnType<typeof mock.method>;
beforeEach(() => {
  saved = process.env.JWT_SECRET;
  warn = mock.method(processLogger(), 'warn', () => {});
});
afterEach(() => {
  if (saved === undefined) delete process.env.JWT_SECRET;
  else process.env.JWT_SECRET = saved;
  mock.restoreAll();
});

const warnings = () => warn.mock.calls.map((call) => String(call.arguments[1]));

/** Starts the app on a free loopback port, as a user would, and stops it again. */
async function listenOnce(app: KitApp): Promise<void> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  await app.close();
}

test('an app that uses authMiddleware in a route, without JWT_SECRET, is warned about at listen', async () => {
  delete process.env.JWT_SECRET;
  const app = kit();
  app.get('/me', authMiddleware, () => {});
  await listenOnce(app);
  assert.equal(warnings().length, 1);
  assert.match(warnings()[0] as string, /JWT_SECRET is not set/);
});

test('a short secret is warned about through a mounted router; a long one, or an app without it, is not', async () => {
  const guarded = kit();
  const router = new Router();
  router.use(authMiddleware);
  guarded.use('/api', router);
  process.env.JWT_SECRET = 'short';
  await listenOnce(guarded);
  assert.match(warnings()[0] as string, /shorter than 32 bytes/);
  process.env.JWT_SECRET = 'x'.repeat(32);
  await listenOnce(guarded);
  delete process.env.JWT_SECRET;
  await listenOnce(kit());
  assert.equal(warnings().length, 1);
});

test("the warning goes to the app's own logger when it has one (APP-013)", async () => {
  delete process.env.JWT_SECRET;
  const lines: unknown[] = [];
  const own = {
    warn: (...args: unknown[]) => lines.push(args),
    error: () => {},
    info: () => {},
    child: () => own,
  };
  const app = kit({ logger: own as never });
  app.use(authMiddleware);
  await listenOnce(app);
  assert.equal(lines.length, 1);
  assert.equal(warnings().length, 0);
});
