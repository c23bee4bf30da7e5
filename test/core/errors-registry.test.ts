import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { errorCodes, KitError, setupError, statusOf } from '../../src/base/errors.ts';

const documented = readFileSync(new URL('../../spec/errors.md', import.meta.url), 'utf8');

/** The rows of the codes table: cells trimmed, so column alignment does not matter. */
const rows = documented
  .split('\n')
  .filter((line) => line.trim().startsWith('| `KIT_ERR_'))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

describe('the error registry', () => {
  for (const [code, definition] of Object.entries(errorCodes)) {
    it(`${code} is documented in spec/errors.md with its status`, () => {
      const row = rows.find((cells) => cells[0] === `\`${code}\``);
      assert.ok(row, `${code} has no row in spec/errors.md`);
      assert.equal(row[1], String(definition.status));
      assert.equal(row[2], definition.expose ? 'yes' : 'no');
    });
    it(`${code}: 5xx messages are never exposed`, () => {
      if (definition.status >= 500) assert.equal(definition.expose, false);
    });
    if ('setup' in definition) {
      it(`${code}: a setup error is never an answer, its row says setup, and it is a server fault if served`, () => {
        const row = rows.find((cells) => cells[0] === `\`${code}\``);
        assert.match(row?.[3] ?? '', /setup/);
        assert.equal(definition.status, 500);
        assert.equal(definition.expose, false);
      });
    }
  }

  it('every documented code exists', () => {
    for (const [cell] of rows) {
      const code = cell?.replaceAll('`', '') ?? '';
      assert.ok(code in errorCodes, `${code} is documented but not defined`);
    }
  });

  it('KitError carries code, status and expose', () => {
    const error = new KitError('KIT_ERR_BODY_TOO_LARGE');
    assert.equal(error.status, 413);
    assert.equal(error.statusCode, 413);
    assert.equal(error.expose, true);
    assert.equal(error.code, 'KIT_ERR_BODY_TOO_LARGE');
  });

  it('setupError is a TypeError with its code, its stack starting where it was raised', () => {
    const raise = (): never => {
      throw setupError('KIT_ERR_SETUP_NO_HANDLER', "get('/'): needs at least one handler");
    };
    assert.throws(raise, (err: unknown) => {
      assert.ok(err instanceof TypeError);
      assert.equal((err as TypeError & { code: string }).code, 'KIT_ERR_SETUP_NO_HANDLER');
      assert.doesNotMatch(String((err as Error).stack).split('\n')[1] ?? '', /setupError/);
      return true;
    });
  });

  it('statusOf accepts only 4xx and 5xx integers', () => {
    assert.equal(statusOf({ status: 404 }), 404);
    assert.equal(statusOf({ statusCode: 503 }), 503);
    assert.equal(statusOf({ status: 302 }), 500);
    assert.equal(statusOf({ status: '404' }), 500);
    assert.equal(statusOf(undefined), 500);
    assert.equal(statusOf('x'), 500);
  });
});
