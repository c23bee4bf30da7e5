/** AUTH-015, AUTH-016, AUTH-018: per-use secrets and algorithms, tokens without exp, and the production check. */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import jwt from 'jsonwebtoken';
import { authMiddleware } from '../../src/batteries/auth/middleware.ts';
import { verifierFrom } from '../../src/batteries/auth/options.ts';
import { checkJwtSecret } from '../../src/batteries/auth/secret-check.ts';
import { generateToken, verifyToken } from '../../src/batteries/auth/token.ts';
import { kit } from '../../src/core/app.ts';
import type { KitApp } from '../../src/core/types.ts';

const OWN = 'an-app-secret-of-more-than-32-bytes-0123456789';
const user = { id: 1, email: 'ada@example.com' };
let saved: { secret?: string; env?: string };
beforeEach(() => {
  saved = { secret: process.env.JWT_SECRET, env: process.env.NODE_ENV };
  delete process.env.JWT_SECRET;
});
afterEach(() => {
  for (const [name, value] of [
    ['JWT_SECRET', saved.secret],
    ['NODE_ENV', saved.env],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('token helpers with a secret per call (AUTH-015)', () => {
  it('sign and verify with the given secret, never reading JWT_SECRET', () => {
    const token = generateToken(user, { secret: OWN, expiresIn: '5m' });
    const claims = jwt.verify(token, OWN) as jwt.JwtPayload;
    assert.equal((claims.exp ?? 0) - (claims.iat ?? 0), 300);
    assert.equal(verifyToken(token, { secret: OWN })?.email, 'ada@example.com');
    assert.equal(verifyToken(token, { secret: Buffer.from(OWN) })?.id, 1);
    assert.equal(verifyToken(token, { secret: `${OWN}x` }), null);
    // Without a secret, JWT_SECRET (unset here) is still required.
    assert.throws(() => verifyToken(token), { code: 'KIT_ERR_AUTH_NO_SECRET' });
  });

  it('other HMAC algorithms only when named', () => {
    const token = generateToken(user, { secret: OWN, algorithm: 'HS512' });
    assert.equal(verifyToken(token, { secret: OWN }), null);
    assert.equal(verifyToken(token, { secret: OWN, algorithms: ['HS512'] })?.id, 1);
  });

  it('bad options are TypeErrors naming them', () => {
    assert.throws(() => generateToken(user, { secret: '' }), /secret must not be empty/);
    assert.throws(() => generateToken(user, { secret: 5 as never }), /secret must be a string or bytes/);
    assert.throws(() => generateToken(user, { algorithm: 'RS256' as never }), /algorithm must be one of/);
    assert.throws(() => verifyToken('a.b.c', { algorithms: ['none' as never] }), TypeError);
    assert.throws(() => verifyToken('a.b.c', { algorithms: [] }), /non-empty array/);
    assert.throws(() => verifyToken('a.b.c', { sekret: OWN } as never), /unknown option "sekret"/);
    assert.throws(() => verifyToken('a.b.c', { allowNoExpiry: 'yes' as never }), /allowNoExpiry/);
  });

  it('a secret given as bytes is copied: changing the buffer later changes nothing', () => {
    const bytes = Buffer.from(OWN);
    const verifier = verifierFrom({ secret: bytes }, 'test');
    bytes.fill(0);
    assert.equal(Buffer.from(verifier.own ?? []).toString(), OWN);
  });
});

describe('authMiddleware(options) (AUTH-015)', () => {
  it('returns a guard of its own; the plain guard and another one are not changed by it', () => {
    const mine = authMiddleware({ secret: OWN });
    const theirs = authMiddleware({ secret: `${OWN}-theirs` });
    assert.notEqual(mine, authMiddleware);
    assert.notEqual(mine, theirs);
    assert.equal(authMiddleware(), authMiddleware);
    assert.equal(authMiddleware({}), authMiddleware);
  });

  it('refuses bad options at once', () => {
    assert.throws(() => authMiddleware({ secret: '  ' }), /authMiddleware\(\): secret must not be empty/);
    assert.throws(() => authMiddleware({ expiresIn: '1h' } as never), /unknown option "expiresIn"/);
    assert.throws(() => authMiddleware('secret' as never), TypeError);
  });
});

/** Starts the app on a free loopback port and stops it; what listen() threw, if anything. */
async function listenOnce(app: KitApp): Promise<unknown> {
  try {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    await app.close();
    return undefined;
  } catch (err) {
    return err;
  }
}

describe('the start-up check in production (AUTH-018)', () => {
  it("refuses to listen with a missing or short JWT_SECRET when the app's env is production", async () => {
    for (const secret of [undefined, 'sixbyt', 'x'.repeat(31)]) {
      if (secret === undefined) delete process.env.JWT_SECRET;
      else process.env.JWT_SECRET = secret;
      const app = kit({ logger: { level: 'silent' } });
      app.set('env', 'production');
      app.get('/me', authMiddleware, () => {});
      const err = (await listenOnce(app)) as { code?: string; message?: string } | undefined;
      assert.equal(err?.code, 'KIT_ERR_AUTH_WEAK_SECRET', String(secret));
      assert.match(err?.message ?? '', /refusing to listen/);
      assert.ok(!(err?.message ?? '').includes(secret ?? '\u0000'), 'the message does not repeat the secret');
    }
    process.env.JWT_SECRET = 'x'.repeat(32);
    const app = kit({ logger: { level: 'silent' } });
    app.set('env', 'production');
    app.use(authMiddleware);
    assert.equal(await listenOnce(app), undefined);
  });

  it("checks a guard's own secret rather than JWT_SECRET", async () => {
    const short = kit({ logger: { level: 'silent' } });
    short.set('env', 'production');
    short.use(authMiddleware({ secret: 'short' }));
    assert.equal(((await listenOnce(short)) as { code?: string }).code, 'KIT_ERR_AUTH_WEAK_SECRET');
    const long = kit({ logger: { level: 'silent' } });
    long.set('env', 'production');
    long.use(authMiddleware({ secret: OWN }));
    assert.equal(await listenOnce(long), undefined, 'JWT_SECRET is unset, but this guard does not use it');
  });

  it('outside production the same secrets are one warning, not a refusal', () => {
    const warnings: unknown[] = [];
    const app = {
      settings: { env: 'development' },
      log: { warn: (...args: unknown[]) => warnings.push(args) },
    };
    process.env.JWT_SECRET = 'sixbyt';
    assert.doesNotThrow(() => checkJwtSecret(app, undefined, 'authMiddleware'));
    assert.equal(warnings.length, 1);
  });
});
