import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KitError } from '../../src/base/errors.ts';
import { HttpError } from '../../src/base/http-error.ts';
import { problemJson, viewError } from '../../src/core/error-view.ts';
import { errorFormat } from '../../src/core/final-handler.ts';

const problemOf = (err: unknown): unknown => JSON.parse(problemJson(viewError(err)));

describe('problemJson (ERR-013)', () => {
  it('shows a 4xx message as detail and its code', () => {
    assert.deepEqual(problemOf(new HttpError(409, 'Email taken', { code: 'EMAIL_TAKEN' })), {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'Email taken',
      code: 'EMAIL_TAKEN',
    });
  });

  it('leaves out a detail that only repeats the title', () => {
    assert.deepEqual(problemOf(new KitError('KIT_ERR_STATIC_NOT_FOUND')), {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      code: 'KIT_ERR_STATIC_NOT_FOUND',
    });
  });

  it('shows nothing of a 5xx or of an error with expose: false, whatever it carries', () => {
    const only = (status: number, title: string) => ({ type: 'about:blank', title, status });
    const leaky = new HttpError(500, 'db at 10.0.0.7', { code: 'ECONNREFUSED', expose: true });
    assert.deepEqual(problemOf(leaky), only(500, 'Internal Server Error'));
    assert.deepEqual(
      problemOf(new HttpError(403, 'rule 7', { code: 'R7', expose: false })),
      only(403, 'Forbidden'),
    );
    assert.deepEqual(problemOf(Object.assign(new Error('x'), { status: 499 })), {
      ...only(499, 'Error'),
      detail: 'x',
    });
    const hostile = new Proxy(new Error('x'), {
      get() {
        throw new Error('trap');
      },
    });
    assert.deepEqual(problemOf(hostile), only(500, 'Internal Server Error'));
    assert.deepEqual(problemOf('a string'), only(500, 'Internal Server Error'));
  });

  it("shows a kitjs 5xx's code and nothing else of it; a foreign error's KIT_ERR_-looking code stays hidden", () => {
    assert.deepEqual(problemOf(new KitError('KIT_ERR_HANDLER_TIMEOUT')), {
      type: 'about:blank',
      title: 'Service Unavailable',
      status: 503,
      code: 'KIT_ERR_HANDLER_TIMEOUT',
    });
    assert.deepEqual(problemOf(new KitError('KIT_ERR_DB_CONNECT', 'db at 10.0.0.7:5432 refused')), {
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      code: 'KIT_ERR_DB_CONNECT',
    });
    const impostor = new HttpError(503, 'closing', { code: 'KIT_ERR_SERVER_CLOSING', expose: true });
    assert.deepEqual(problemOf(impostor), { type: 'about:blank', title: 'Service Unavailable', status: 503 });
    // A KitError whose code was changed after it was made is no longer one of the registry's.
    const renamed = Object.assign(new KitError('KIT_ERR_HANDLER_TIMEOUT'), { code: 'ECONNRESET' });
    assert.deepEqual(problemOf(renamed), { type: 'about:blank', title: 'Service Unavailable', status: 503 });
  });

  it('keeps a validation error part and issues, field by field, never the rejected value', () => {
    const err = Object.assign(new KitError('KIT_ERR_VALIDATION', 'Invalid request body'), {
      part: 'body',
      issues: [{ path: ['email', { nested: true }], message: 'Invalid email address', input: 'secret@x' }],
      rejected: 'secret@x',
    });
    assert.deepEqual(problemOf(err), {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'Invalid request body',
      code: 'KIT_ERR_VALIDATION',
      part: 'body',
      issues: [{ path: ['email'], message: 'Invalid email address' }],
    });
  });

  it('leaves the text answer of a validation as it was (SCHEMA-004)', () => {
    const err = Object.assign(new KitError('KIT_ERR_VALIDATION', 'Invalid request params'), {
      part: 'params',
      issues: [{ path: ['id'], message: 'Invalid UUID' }],
    });
    assert.equal(
      viewError(err).json,
      '{"code":"KIT_ERR_VALIDATION","message":"Invalid request params","part":"params","issues":[{"path":["id"],"message":"Invalid UUID"}]}',
    );
  });
});

describe('errorFormat (ERR-013)', () => {
  it('is text when left out, and refuses what it does not know with a TypeError', () => {
    assert.equal(errorFormat(undefined), 'text');
    assert.equal(errorFormat('text'), 'text');
    assert.equal(errorFormat('problem+json'), 'problem+json');
    assert.throws(() => errorFormat('json'), { name: 'TypeError', message: /got "json"/ });
    assert.throws(() => errorFormat({}), { name: 'TypeError', message: /got object/ });
  });
});
