/** Unit tests of generateToken / verifyToken: HS256 only, JWT_SECRET read at call time, null for every bad token. */
import assert from 'node:assert/strict';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, it } from 'node:test';
import jwt from 'jsonwebtoken';
import { KitError } from '../../src/base/errors.js';
import { checkToken, generateToken, verifyToken } from '../../src/batteries/auth/token.js';

const SECRET = 'unit-test-secret-that-is-long-enough';
const user = { id: 7, email: 'ada@example.com' };

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A token with any header, signed HMAC-SHA256 with `key` over the segments as written. */
function forge(header: object, payload: object, key = SECRET): string {
  const input = `${b64url(header)}.${b64url(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);

let saved: string | undefined;
beforeEach(() => {
  saved = process.env.JWT_SECRET;
  process.env.JWT_SECRET = SECRET;
});
afterEach(() => {
  if (saved === undefined) delete process.env.JWT_SECRET;
  else process.env.JWT_SECRET = saved;
});

describe('generateToken', () => {
  it('signs HS256 with JWT_SECRET, the payload intact, one hour by default', () => {
    const token = generateToken(user);
    const decoded = jwt.verify(token, SECRET, { algorithms: ['HS256'], complete: true });
    assert.equal(decoded.header.alg, 'HS256');
    const payload = decoded.payload as jwt.JwtPayload;
    assert.equal(payload.id, 7);
    assert.equal(payload.email, 'ada@example.com');
    assert.equal(payload.exp! - payload.iat!, 3600);
  });

  it('honours expiresIn as a timespan or seconds', () => {
    const short = jwt.decode(generateToken(user, '15m')) as jwt.JwtPayload;
    assert.equal(short.exp! - short.iat!, 900);
    const week = jwt.decode(generateToken(user, '7d')) as jwt.JwtPayload;
    assert.equal(week.exp! - week.iat!, 7 * 24 * 3600);
    const seconds = jwt.decode(generateToken(user, 30)) as jwt.JwtPayload;
    assert.equal(seconds.exp! - seconds.iat!, 30);
  });

  it('re-signs a verified payload: old iat/exp/nbf are replaced, not a clash', () => {
    const old = { ...user, iat: now() - 100, exp: now() + 5, nbf: now() - 100, role: 'admin' };
    const fresh = jwt.decode(generateToken(old, '2h')) as jwt.JwtPayload;
    assert.equal(fresh.exp! - fresh.iat!, 7200);
    assert.equal(fresh.nbf, undefined);
    assert.equal(fresh.role, 'admin');
  });

  it('throws TypeError for a payload that is not an object and an unreadable expiresIn', () => {
    for (const payload of [null, undefined, 'id', 5, [1, 2]]) {
      assert.throws(() => generateToken(payload as never), TypeError, String(payload));
    }
    for (const expiresIn of ['soon', '', '  ', 0, -5, Number.NaN, Number.POSITIVE_INFINITY, []]) {
      assert.throws(() => generateToken(user, expiresIn as never), /expiresIn/, String(expiresIn));
      // AUTH-015: the same values given in the options form.
      assert.throws(
        () => generateToken(user, { expiresIn: expiresIn as never }),
        /expiresIn/,
        String(expiresIn),
      );
    }
    const cyclic: Record<string, unknown> = { ...user };
    cyclic.self = cyclic;
    assert.throws(() => generateToken(cyclic as never), TypeError);
    assert.throws(() => generateToken({ ...user, big: 1n }), TypeError);
  });

  it('reads JWT_SECRET at each call', () => {
    const first = generateToken(user);
    process.env.JWT_SECRET = 'another-secret-value';
    const second = generateToken(user);
    assert.equal(verifyToken(first), null);
    assert.equal(verifyToken(second)?.id, 7);
  });
});

describe('a missing JWT_SECRET', () => {
  for (const value of [undefined, '', '   ']) {
    it(`is a loud KIT_ERR_AUTH_NO_SECRET for generate and verify (${JSON.stringify(value)})`, () => {
      const token = generateToken(user);
      if (value === undefined) delete process.env.JWT_SECRET;
      else process.env.JWT_SECRET = value;
      const noSecret = (err: unknown) =>
        err instanceof KitError && err.code === 'KIT_ERR_AUTH_NO_SECRET' && err.status === 500 && !err.expose;
      assert.throws(() => generateToken(user), noSecret);
      assert.throws(() => verifyToken(token), noSecret);
      assert.throws(() => verifyToken('garbage'), noSecret);
    });
  }
});

describe('verifyToken', () => {
  it('returns the payload of a good token, with iat and exp', () => {
    const payload = verifyToken(generateToken({ id: 'u-1', email: 'b@example.com', role: 'admin' }));
    assert.ok(payload);
    assert.equal(payload.id, 'u-1');
    assert.equal(payload.email, 'b@example.com');
    assert.equal(payload.role, 'admin');
    assert.equal(typeof payload.exp, 'number');
  });

  it('accepts a token jsonwebtoken signed HS256 with the same secret elsewhere', () => {
    assert.equal(verifyToken(jwt.sign(user, SECRET, { expiresIn: 60 }))?.email, 'ada@example.com');
  });

  it('refuses a well-signed token without exp unless allowNoExpiry is given (AUTH-016)', () => {
    const forever = jwt.sign(user, SECRET);
    assert.equal(verifyToken(forever), null);
    assert.deepEqual(checkToken(forever), { ok: false, reason: 'no-expiry' });
    assert.equal(verifyToken(forever, { allowNoExpiry: true })?.email, 'ada@example.com');
    // A bad signature stays "invalid": "no expiry" is said only of a token the secret's holder signed.
    assert.deepEqual(checkToken(jwt.sign(user, 'some other secret')), { ok: false, reason: 'invalid' });
  });

  it('refuses alg none', () => {
    const unsigned = jwt.sign(user, '', { algorithm: 'none' });
    assert.equal(verifyToken(unsigned), null);
    assert.equal(verifyToken(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(user)}.`), null);
    assert.equal(verifyToken(`${b64url({ alg: 'NONE' })}.${b64url(user)}.`), null);
  });

  it('refuses HS384 and HS512 even with the right secret', () => {
    assert.equal(verifyToken(jwt.sign(user, SECRET, { algorithm: 'HS384' })), null);
    assert.equal(verifyToken(jwt.sign(user, SECRET, { algorithm: 'HS512' })), null);
  });

  it('refuses RS256 and algorithm-confusion tokens', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    assert.equal(verifyToken(jwt.sign(user, privateKey, { algorithm: 'RS256' })), null);
    // The header claims RS256, but the signature is an HMAC with our secret: pinning the algorithm refuses it.
    assert.equal(verifyToken(forge({ alg: 'RS256', typ: 'JWT' }, user)), null);
    // The classic confusion: HS256 keyed with a public key the attacker knows.
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    assert.equal(verifyToken(forge({ alg: 'HS256', typ: 'JWT' }, user, pem)), null);
    process.env.JWT_SECRET = pem;
    assert.equal(verifyToken(forge({ alg: 'RS256', typ: 'JWT' }, user, pem)), null);
  });

  it('refuses tampered payloads and signatures, and a wrong secret', () => {
    const token = generateToken(user);
    const [header, , signature] = token.split('.');
    assert.equal(verifyToken(`${header}.${b64url({ ...user, id: 1 })}.${signature}`), null);
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    assert.equal(verifyToken(`${header}.${token.split('.')[1]}.${flipped}`), null);
    assert.equal(verifyToken(jwt.sign(user, 'some other secret')), null);
    assert.ok(
      verifyToken(forge({ alg: 'HS256', typ: 'JWT' }, { ...user, exp: now() + 60 })),
      'the forge helper itself makes good tokens',
    );
  });

  it('refuses expired and not-yet-valid tokens; checkToken tells expired from invalid', () => {
    const expired = jwt.sign({ ...user, exp: now() - 10 }, SECRET);
    assert.equal(verifyToken(expired), null);
    assert.deepEqual(checkToken(expired), { ok: false, reason: 'expired' });
    // Expired and signed with another key: the signature fails first, so it is not reported as merely expired.
    assert.deepEqual(checkToken(jwt.sign({ ...user, exp: now() - 10 }, 'other')), {
      ok: false,
      reason: 'invalid',
    });
    assert.equal(verifyToken(jwt.sign({ ...user, nbf: now() + 3600 }, SECRET)), null);
  });

  it('returns null for malformed strings and non-strings', () => {
    const token = generateToken(user);
    const strings = [
      '',
      'abc',
      'a.b.c',
      '...',
      '..',
      `${token}.x`,
      ` ${token}`,
      `${token} `,
      token.slice(0, -1),
    ];
    for (const bad of strings) assert.equal(verifyToken(bad), null, JSON.stringify(bad));
    for (const bad of [undefined, null, 42, {}, [token], Buffer.from(token)]) {
      assert.equal(verifyToken(bad as never), null, String(bad));
    }
  });

  it('returns null for a signed token whose body is not a JSON object', () => {
    assert.equal(verifyToken(jwt.sign('just a string', SECRET)), null);
  });
});
