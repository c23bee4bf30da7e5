import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KitError } from '../../src/base/errors.ts';
import { HttpError } from '../../src/base/http-error.ts';

describe('HttpError', () => {
  it('carries the fields http-errors gives its errors', () => {
    const err = new HttpError(429, 'Slow down', { code: 'RATE', headers: { 'Retry-After': '3' } });
    assert.equal(err.status, 429);
    assert.equal(err.statusCode, 429);
    assert.equal(err.expose, true);
    assert.equal(err.name, 'TooManyRequestsError');
    assert.equal(err.message, 'Slow down');
    assert.deepEqual(err.headers, { 'Retry-After': '3' });
    assert.equal(err.code, 'RATE');
    assert.ok(err instanceof Error);
  });

  it('defaults the message to the status text, and hides 5xx messages unless told', () => {
    assert.equal(new HttpError(404).message, 'Not Found');
    assert.equal(new HttpError(404).name, 'NotFoundError');
    assert.equal(new HttpError(500, 'db down').expose, false);
    assert.equal(new HttpError(503, 'maintenance', { expose: true }).expose, true);
    assert.equal(new HttpError(400, 'hidden', { expose: false }).expose, false);
  });

  it('turns a status that is not 4xx or 5xx into 500', () => {
    for (const status of [200, 302, 399, 600, 404.5, Number.NaN]) {
      const err = new HttpError(status, 'x');
      assert.equal(err.status, 500, String(status));
      assert.equal(err.name, 'InternalServerError');
    }
  });

  it('keeps the cause', () => {
    const cause = new Error('root');
    assert.equal(new HttpError(502, undefined, { cause }).cause, cause);
  });

  it('recognises its own errors, KitErrors and http-errors-shaped errors, and nothing else', () => {
    assert.ok(HttpError.isHttpError(new HttpError(400)));
    assert.ok(HttpError.isHttpError(new KitError('KIT_ERR_SERVER_CLOSING')));
    assert.ok(
      HttpError.isHttpError(Object.assign(new Error('x'), { status: 418, statusCode: 418, expose: true })),
    );
    assert.ok(!HttpError.isHttpError(Object.assign(new Error('x'), { status: 418 })));
    assert.ok(!HttpError.isHttpError({ status: 400, statusCode: 400, expose: true }));
    assert.ok(!HttpError.isHttpError(null));
  });

  it('makes every KitError an HttpError with its registry status and code', () => {
    const err = new KitError('KIT_ERR_SERVER_CLOSING');
    assert.ok(err instanceof HttpError);
    assert.equal(err.status, 503);
    assert.equal(err.code, 'KIT_ERR_SERVER_CLOSING');
    assert.equal(err.name, 'KitError');
    assert.equal(err.expose, false);
  });

  it('refuses an unknown KitError code with a TypeError that names HttpError', () => {
    assert.throws(() => new KitError('KIT_ERR_ROUTE_NOT_FOUND' as never), /unknown code .*HttpError/);
  });
});
