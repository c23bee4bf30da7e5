// AUTH-014's check as a listen hook: it reads only the app's stack, so the core can run it without importing auth.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { kit } from '../../src/app.ts';
import { authMiddleware } from '../../src/auth/middleware.ts';
import { checkJwtSecretOnListen } from '../../src/auth/secret-check.ts';
import { logger } from '../../src/logger.ts';
import { Router } from '../../src/router/router.ts';

let saved: string | undefined;
let warn: ReturnType<typeof mock.method>;
beforeEach(() => {
  saved = process.env.JWT_SECRET;
  warn = mock.method(logger, 'warn', () => {});
});
afterEach(() => {
  if (saved === undefined) delete process.env.JWT_SECRET;
  else process.env.JWT_SECRET = saved;
  mock.restoreAll();
});

const warnings = () => warn.mock.calls.map((call) => String(call.arguments[1]));

test('an app that uses authMiddleware without JWT_SECRET is warned about, naming the variable', () => {
  delete process.env.JWT_SECRET;
  const app = kit();
  app.get('/me', authMiddleware, () => {});
  checkJwtSecretOnListen(app);
  assert.equal(warnings().length, 1);
  assert.match(warnings()[0] as string, /JWT_SECRET is not set/);
});

test('a short secret is warned about; a long one, or an app without authMiddleware, is not', () => {
  const guarded = kit();
  const router = new Router();
  router.use(authMiddleware);
  guarded.use('/api', router);
  process.env.JWT_SECRET = 'short';
  checkJwtSecretOnListen(guarded);
  assert.match(warnings()[0] as string, /shorter than 32 bytes/);
  process.env.JWT_SECRET = 'x'.repeat(32);
  checkJwtSecretOnListen(guarded);
  delete process.env.JWT_SECRET;
  checkJwtSecretOnListen(kit());
  assert.equal(warnings().length, 1);
});

test('anything with a stack will do; an object without one is left alone', () => {
  delete process.env.JWT_SECRET;
  checkJwtSecretOnListen({ stack: [] });
  checkJwtSecretOnListen({});
  const router = new Router();
  router.use(authMiddleware);
  checkJwtSecretOnListen(router);
  assert.equal(warnings().length, 1);
});
