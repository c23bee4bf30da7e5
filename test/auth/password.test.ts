/** Unit tests of hashPassword / comparePassword (bcrypt's loading: test/optional-package.test.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KitError } from '../../src/base/errors.js';
import { comparePassword, hashPassword } from '../../src/batteries/auth/password.js';

function hasCode(code: string) {
  return (err: unknown) => err instanceof KitError && err.code === code;
}

describe('hashPassword', () => {
  it('gives a bcrypt hash at cost 10 that comparePassword accepts', async () => {
    const hash = await hashPassword('correct horse');
    assert.match(hash, /^\$2b\$10\$[./A-Za-z0-9]{53}$/);
    assert.equal(await comparePassword('correct horse', hash), true);
    assert.equal(await comparePassword('correct horsf', hash), false);
  });

  it('salts: the same password twice gives two hashes', async () => {
    assert.notEqual(await hashPassword('same'), await hashPassword('same'));
  });

  it('refuses non-strings and the empty string with KIT_ERR_AUTH_BAD_PASSWORD (400)', async () => {
    for (const bad of [undefined, null, 42, {}, ['pw'], Buffer.from('pw'), '']) {
      await assert.rejects(hashPassword(bad as string), hasCode('KIT_ERR_AUTH_BAD_PASSWORD'), String(bad));
    }
    await assert.rejects(hashPassword(''), (err: unknown) => (err as KitError).status === 400);
  });

  it('accepts exactly 72 UTF-8 bytes and refuses 73, counting bytes not characters', async () => {
    const euro72 = '€'.repeat(24); // 24 characters, 72 bytes
    const hash = await hashPassword(euro72);
    assert.equal(await comparePassword(euro72, hash), true);
    await assert.rejects(hashPassword(`${euro72}a`), hasCode('KIT_ERR_AUTH_PASSWORD_TOO_LONG'));
    await assert.rejects(hashPassword('a'.repeat(73)), hasCode('KIT_ERR_AUTH_PASSWORD_TOO_LONG'));
    // 25 characters only, but 75 bytes: a character count would have let it through.
    await assert.rejects(hashPassword('€'.repeat(25)), (err: unknown) => (err as KitError).status === 400);
  });

  it('keeps bytes after a NUL significant', async () => {
    const hash = await hashPassword('a\0b');
    assert.equal(await comparePassword('a\0b', hash), true);
    assert.equal(await comparePassword('a\0c', hash), false);
    assert.equal(await comparePassword('a', hash), false);
  });
});

describe('comparePassword', () => {
  it('answers false, never rejects, for malformed hashes and bad passwords', async () => {
    const good = await hashPassword('pw');
    const badHashes: unknown[] = [
      undefined,
      null,
      42,
      {},
      '',
      'pw',
      '$2b$10$abc',
      `$2b$99$${'a'.repeat(53)}`,
      `$2b$10$${'a'.repeat(52)}`,
      `${good}x`,
      good.replace('$2b$', '$3b$'),
    ];
    for (const hash of badHashes) {
      assert.equal(await comparePassword('pw', hash as string), false, `hash ${String(hash)}`);
    }
    for (const password of [undefined, null, 1, {}, '', 'p'.repeat(73)]) {
      assert.equal(await comparePassword(password as string, good), false, `password ${String(password)}`);
    }
  });

  it('refuses a password over 72 bytes even when its first 72 bytes match', async () => {
    const first72 = 'x'.repeat(72);
    const hash = await hashPassword(first72);
    assert.equal(await comparePassword(first72, hash), true);
    assert.equal(await comparePassword(`${first72}anything`, hash), false);
  });
});
