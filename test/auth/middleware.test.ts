/** authMiddleware over a real node:http server: every 401 branch, the challenge header, req.user and req.locals.user. */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import jwt from 'jsonwebtoken';
import { KitError } from '../../src/base/errors.js';
import { authMiddleware } from '../../src/batteries/auth/middleware.js';
import { generateToken } from '../../src/batteries/auth/token.js';
import type { KitRequest, KitResponse } from '../../src/core/types.js';
import kit from '../../src/index.js';

const SECRET = 'middleware-test-secret';
let server: Server;
let base = '';
let saved: string | undefined;

before(async () => {
  saved = process.env.JWT_SECRET;
  // Plain node:http on purpose: the middleware must work with Node's objects, not only with kitjs's.
  server = createServer((req, res) => {
    authMiddleware(req as KitRequest, res as KitResponse, (err?: unknown) => {
      const r = req as KitRequest;
      res.setHeader('content-type', 'application/json');
      if (err) {
        res.statusCode = 599;
        res.end(JSON.stringify({ passedError: (err as { code?: string }).code }));
        return;
      }
      res.end(JSON.stringify({ user: r.user, localsUser: r.locals.user, same: r.user === r.locals.user }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.close();
  if (saved === undefined) delete process.env.JWT_SECRET;
  else process.env.JWT_SECRET = saved;
});
beforeEach(() => {
  process.env.JWT_SECRET = SECRET;
});

interface Body {
  user: { id: number; email: string };
  localsUser: { email: string };
  same: boolean;
}

async function get(authorization?: string) {
  const res = await fetch(`${base}/me`, { headers: authorization === undefined ? {} : { authorization } });
  return {
    status: res.status,
    challenge: res.headers.get('www-authenticate'),
    type: res.headers.get('content-type'),
    body: (await res.json()) as Body,
  };
}

describe('authMiddleware', () => {
  it('admits a valid token and sets req.user and req.locals.user to its payload', async () => {
    const res = await get(`Bearer ${generateToken({ id: 3, email: 'c@example.com' })}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.user.id, 3);
    assert.equal(res.body.user.email, 'c@example.com');
    assert.equal(res.body.same, true);
    assert.equal(res.body.localsUser.email, 'c@example.com');
  });

  it('reads the scheme case-insensitively', async () => {
    const res = await get(`bEaReR ${generateToken({ id: 3, email: 'c@example.com' })}`);
    assert.equal(res.status, 200);
  });

  const refusals: Array<[string, () => string | undefined, string, string]> = [
    ['no header', () => undefined, 'Bearer', 'Missing bearer token'],
    ['another scheme', () => 'Basic dXNlcjpwdw==', 'Bearer', 'Authorization scheme must be Bearer'],
    [
      'a bare token',
      () => generateToken({ id: 1, email: 'a@b.c' }),
      'Bearer',
      'Authorization scheme must be Bearer',
    ],
    [
      'Bearer and nothing',
      () => 'Bearer ',
      'Bearer error="invalid_request"',
      'Malformed Authorization header',
    ],
    ['garbage', () => 'Bearer not-a-token', 'Bearer error="invalid_token"', 'Invalid token'],
    [
      'a wrong secret',
      () => `Bearer ${jwt.sign({ id: 1 }, 'nope')}`,
      'Bearer error="invalid_token"',
      'Invalid token',
    ],
    [
      'HS512',
      () => `Bearer ${jwt.sign({ id: 1 }, SECRET, { algorithm: 'HS512' })}`,
      'Bearer error="invalid_token"',
      'Invalid token',
    ],
    [
      'alg none',
      () => `Bearer ${jwt.sign({ id: 1 }, '', { algorithm: 'none' })}`,
      'Bearer error="invalid_token"',
      'Invalid token',
    ],
    [
      'an expired token',
      () => `Bearer ${jwt.sign({ id: 1, exp: Math.floor(Date.now() / 1000) - 60 }, SECRET)}`,
      'Bearer error="invalid_token"',
      'Token expired',
    ],
  ];
  for (const [name, header, challenge, error] of refusals) {
    it(`answers 401 with a JSON error and a Bearer challenge for ${name}`, async () => {
      const res = await get(header());
      assert.equal(res.status, 401);
      assert.ok(res.challenge?.startsWith(challenge), `challenge ${res.challenge}`);
      if (challenge === 'Bearer') assert.equal(res.challenge, 'Bearer');
      assert.equal(res.type, 'application/json; charset=utf-8');
      assert.deepEqual(res.body, { error });
    });
  }

  // AUTH-012, ERR-013: in an app that answers problems the same refusals go to the app's error path, each a
  // 401 KitError with its code, the same message and the challenge in its headers.
  const codes: Record<string, string> = {
    'Missing bearer token': 'KIT_ERR_AUTH_MISSING_TOKEN',
    'Authorization scheme must be Bearer': 'KIT_ERR_AUTH_WRONG_SCHEME',
    'Malformed Authorization header': 'KIT_ERR_AUTH_MALFORMED_HEADER',
    'Invalid token': 'KIT_ERR_AUTH_INVALID_TOKEN',
    'Token expired': 'KIT_ERR_AUTH_EXPIRED',
  };
  for (const [name, header, challenge, error] of refusals) {
    it(`hands ${name} to the error path as a 401 KitError in an app that answers problems`, async () => {
      const app = kit({ errors: 'problem+json' });
      const seen: unknown[] = [];
      app.get('/me', authMiddleware, (_req, res) => res.send('handler ran'));
      app.use((err: unknown, _req: KitRequest, _res: KitResponse, next: (err?: unknown) => void) => {
        seen.push(err);
        next(err);
      });
      const authorization = header();
      const res = await app.inject({
        url: '/me',
        headers: authorization === undefined ? {} : { authorization },
      });
      assert.equal(res.statusCode, 401);
      assert.equal(res.headers['content-type'], 'application/problem+json');
      assert.ok(String(res.headers['www-authenticate']).startsWith(challenge));
      const problem = res.json() as { detail?: string; code?: string };
      assert.deepEqual([problem.detail, problem.code], [error, codes[error]]);
      assert.equal(seen.length, 1);
      assert.ok(seen[0] instanceof KitError);
      assert.equal((seen[0] as KitError).headers?.['WWW-Authenticate'], res.headers['www-authenticate']);
    });
  }

  it('passes KIT_ERR_AUTH_NO_SECRET to next instead of answering 401 when JWT_SECRET is missing', async () => {
    const token = generateToken({ id: 1, email: 'a@b.c' });
    delete process.env.JWT_SECRET;
    const res = await get(`Bearer ${token}`);
    assert.equal(res.status, 599);
    assert.deepEqual(res.body, { passedError: 'KIT_ERR_AUTH_NO_SECRET' });
  });
});
