import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KitError, syntaxKitError } from '../../src/base/errors.ts';
import { HttpError } from '../../src/base/http-error.ts';
import { bodyError, KITJS_DIALECT, parseError } from '../../src/batteries/middleware/body/errors.ts';

const BODY_PARSER = { emptyObject: true, messages: 'body-parser' } as const;

describe('body parser errors (BODY-029, EXP-012)', () => {
  it('carry body-parser type and fields with kitjs code, in either dialect', () => {
    for (const dialect of [KITJS_DIALECT, BODY_PARSER]) {
      const large = bodyError({ kind: 'too-large', limit: 10, length: 20 }, dialect);
      assert.equal(large.code, 'KIT_ERR_BODY_TOO_LARGE');
      assert.equal(large.type, 'entity.too.large');
      assert.deepEqual(
        [large.limit, large.length, large.expected, large.status, large.expose],
        [10, 20, 20, 413, true],
      );
      const charset = bodyError({ kind: 'charset', charset: 'KOI8-R' }, dialect);
      assert.deepEqual(
        [charset.type, charset.charset, charset.status],
        ['charset.unsupported', 'koi8-r', 415],
      );
      const aborted = bodyError({ kind: 'aborted', length: 50, received: 7 }, dialect);
      assert.deepEqual([aborted.type, aborted.received, aborted.status], ['request.aborted', 7, 400]);
      assert.equal(bodyError({ kind: 'already-read' }, dialect).status, 500);
    }
  });

  it('speak kitjs messages by default and body-parser messages in its dialect', () => {
    const fault = { kind: 'encoding', encoding: 'nulls', refused: false } as const;
    assert.equal(bodyError(fault, KITJS_DIALECT).message, 'Unsupported content encoding');
    assert.equal(bodyError(fault, BODY_PARSER).message, 'unsupported content encoding "nulls"');
    const refused = { kind: 'encoding', encoding: 'gzip', refused: true } as const;
    assert.equal(bodyError(refused, BODY_PARSER).message, 'content encoding unsupported');
    const large = { kind: 'too-large', limit: 5, received: 6 } as const;
    assert.equal(bodyError(large, KITJS_DIALECT).message, 'Request body too large (limit 5 bytes)');
    assert.equal(bodyError(large, BODY_PARSER).message, 'request entity too large');
  });

  it('makes a parse failure a SyntaxError that is also a KitError and an HttpError', () => {
    const err = parseError('KIT_ERR_BODY_INVALID_JSON', '{"a":', 'Unexpected end', KITJS_DIALECT);
    assert.ok(err instanceof SyntaxError);
    assert.ok(err instanceof KitError);
    assert.ok(err instanceof HttpError);
    assert.ok(HttpError.isHttpError(err));
    assert.equal(err.name, 'SyntaxError');
    assert.equal(err.message, 'Malformed JSON body');
    assert.deepEqual(
      [err.type, err.body, err.status, err.statusCode, err.expose, err.code],
      ['entity.parse.failed', '{"a":', 400, 400, true, 'KIT_ERR_BODY_INVALID_JSON'],
    );
    assert.equal(
      parseError('KIT_ERR_BODY_INVALID_JSON', '', 'Unexpected end', BODY_PARSER).message,
      'Unexpected end',
    );
  });
});

describe('HttpError[Symbol.hasInstance]', () => {
  it('keeps the prototype chain answer and adds only the adopted class and those it extends', () => {
    class Teapot extends HttpError {}
    const adopted = syntaxKitError('KIT_ERR_BODY_INVALID_JSON');
    assert.ok(!(adopted instanceof Teapot));
    assert.ok(new Teapot(418) instanceof Teapot);
    assert.ok(new Teapot(418) instanceof HttpError);
    assert.ok(!(new HttpError(400) instanceof KitError));
    assert.ok(!(new SyntaxError('plain') instanceof HttpError));
    for (const value of [null, undefined, 1, 'x', {}]) assert.ok(!(value instanceof HttpError));
  });

  it('never throws for a hostile Proxy whose traps all throw (ERR-011)', () => {
    const trap = () => {
      throw new Error('trap');
    };
    const hostile = new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap });
    assert.equal(hostile instanceof HttpError, false);
  });
});
