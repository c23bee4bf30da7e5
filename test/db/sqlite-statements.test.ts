/** The direct API's pure pieces: named parameters read from SQL, values as the drivers bind them, the statement cache. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KitError } from '../../src/base/errors.js';
import { asSqlite3Error } from '../../src/batteries/db/sqlite-errors.js';
import { driverArgs, namedParameters, StatementCache } from '../../src/batteries/db/sqlite-statements.js';

describe('namedParameters', () => {
  it('finds :name, @name and $name once each, and nothing inside quotes, identifiers or comments', () => {
    assert.deepEqual(namedParameters('SELECT :a, @b, $c, :a'), [
      { key: 'a', name: ':a' },
      { key: 'b', name: '@b' },
      { key: 'c', name: '$c' },
    ]);
    const sql = `SELECT ':q', "x:y", \`:z\`, [:w], 'it''s :still text', :real -- :line
      /* :block */ FROM t WHERE id = ?`;
    assert.deepEqual(namedParameters(sql), [{ key: 'real', name: ':real' }]);
    assert.deepEqual(namedParameters('SELECT :été, :_x1'), [
      { key: 'été', name: ':été' },
      { key: '_x1', name: ':_x1' },
    ]);
    assert.deepEqual(namedParameters("SELECT 'unterminated :x"), []);
  });
});

describe('driverArgs', () => {
  const named = () => namedParameters('SELECT :id, :name');

  it('passes a list of plain values as it is, and converts booleans and undefined', () => {
    const list = ['a', 1, 2n, null];
    assert.equal(driverArgs(list, named, 'prefixed'), list);
    assert.deepEqual(driverArgs([true, false, undefined], named, 'prefixed'), [1, 0, null]);
    assert.deepEqual(driverArgs(undefined, named, 'prefixed'), []);
    assert.deepEqual(driverArgs('one', named, 'prefixed'), ['one']);
  });

  it('keys named values as the driver reads them, own properties only, a missing one NULL', () => {
    assert.deepEqual(driverArgs({ id: 1, name: 'x', extra: true }, named, 'prefixed'), {
      ':id': 1,
      ':name': 'x',
    });
    assert.deepEqual(driverArgs({ id: 1 }, named, 'bare'), { id: 1, name: null });
    assert.deepEqual(driverArgs(Object.create({ id: 7 }), named, 'bare'), { id: null, name: null });
  });

  it('refuses what no driver should store with KIT_ERR_DB_VALIDATION, naming where', () => {
    for (const [params, where] of [
      [[1, {}], /parameter 2 is an object/],
      [[[1]], /parameter 1 is a list/],
      [{ id: () => 1 }, /"id" is a function/],
      [Symbol('x'), /parameter 1 is a symbol/],
      [{ name: new Date(0) }, /"name" is a Date/],
    ] as const) {
      assert.throws(
        () => driverArgs(params, named, 'bare'),
        (err: unknown) => {
          assert.ok(err instanceof KitError);
          assert.equal(err.code, 'KIT_ERR_DB_VALIDATION');
          assert.equal(err.status, 400);
          assert.match(err.message, where);
          return true;
        },
      );
    }
  });
});

describe('StatementCache', () => {
  it('keeps the most recently used statements, releasing the least recently used past its limit', () => {
    const released: string[] = [];
    const cache = new StatementCache<string>(2, (statement) => released.push(statement));
    cache.add('a', 'A');
    cache.add('b', 'B');
    assert.equal(cache.get('a'), 'A'); // now b is the least recently used
    cache.add('c', 'C');
    assert.deepEqual(released, ['B']);
    assert.equal(cache.get('b'), undefined);
    assert.equal(cache.size, 2);
    cache.forget('a');
    assert.deepEqual(released, ['B'], 'forget releases nothing');
    assert.deepEqual(cache.drain(), ['C']);
    assert.equal(cache.size, 0);
  });
});

describe('asSqlite3Error', () => {
  it("gives node:sqlite's and better-sqlite3's errors sqlite3's code and message, keeping the original as cause", () => {
    const nodeSqlite = Object.assign(new Error('UNIQUE constraint failed: t.a'), {
      code: 'ERR_SQLITE_ERROR',
      errcode: 2067,
    });
    const fromNode = asSqlite3Error(nodeSqlite) as Error & { code: string; errno: number };
    assert.equal(fromNode.code, 'SQLITE_CONSTRAINT');
    assert.equal(fromNode.errno, 19);
    assert.equal(fromNode.message, 'SQLITE_CONSTRAINT: UNIQUE constraint failed: t.a');
    assert.equal(fromNode.cause, nodeSqlite);
    const better = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    assert.equal((asSqlite3Error(better) as Error).message, 'SQLITE_BUSY: database is locked');
    const sqlite3 = Object.assign(new Error('SQLITE_BUSY: database is locked'), {
      code: 'SQLITE_BUSY',
      errno: 5,
    });
    assert.equal(asSqlite3Error(sqlite3), sqlite3);
    const other = new TypeError('not an SQLite error');
    assert.equal(asSqlite3Error(other), other);
  });
});
