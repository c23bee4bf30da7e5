import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mediaTypeMatcher, mediaTypeMatches } from '../../src/base/media-match.ts';
import { mediaTypeOf } from '../../src/base/media-type.ts';
import { hostnameOf } from '../../src/core/request/host.ts';
import { parseQuery } from '../../src/core/request/query.ts';

describe('hostnameOf', () => {
  const cases: Array<[string | undefined, string]> = [
    ['example.com', 'example.com'],
    ['example.com:8080', 'example.com'],
    ['[::1]', '[::1]'],
    ['[::1]:3000', '[::1]'],
    ['[2001:db8::1]:443', '[2001:db8::1]'],
    ['', ''],
    [undefined, ''],
  ];
  for (const [host, expected] of cases) {
    it(`${String(host)} -> ${expected}`, () => assert.equal(hostnameOf(host), expected));
  }
});

describe('parseQuery', () => {
  it('keeps the first of repeated keys, strings only, no prototype', () => {
    const query = parseQuery('?a=1&a=2&b&c=x+y&__proto__=z');
    assert.equal(Object.getPrototypeOf(query), null);
    assert.equal(query.a, '1');
    assert.equal(query.b, '');
    assert.equal(query.c, 'x y');
    assert.equal(Object.getOwnPropertyDescriptor(query, '__proto__')?.value, 'z');
  });
  it('keeps malformed escapes as written', () => {
    assert.equal(parseQuery('?x=%E0%A4%A').x, '%E0%A4%A');
  });
  it('is empty for no query', () => {
    assert.deepEqual(Object.keys(parseQuery('')), []);
  });
});

describe('mediaTypeMatches', () => {
  it('understands names, wildcards and suffixes', () => {
    assert.equal(mediaTypeMatches('application/json', 'json'), true);
    assert.equal(mediaTypeMatches('application/json', 'html'), false);
    assert.equal(mediaTypeMatches('text/csv', 'text/*'), true);
    assert.equal(mediaTypeMatches('application/vnd.api+json', '+json'), true);
    assert.equal(mediaTypeMatches('application/vnd.api+json', 'application/*+json'), true);
    assert.equal(mediaTypeMatches('application/json', 'no-such-name'), false);
  });
});

describe('mediaTypeMatcher', () => {
  it('answers as mediaTypeMatches for every pair, its pattern read once', () => {
    const wanted = [
      'json',
      ' JSON ',
      'html',
      'urlencoded',
      'multipart',
      'application/json',
      ' Application/JSON ',
      'text/*',
      '*/*',
      '+json',
      'application/*+json',
      'application/',
      '*/json',
      'no-such-name',
      'a/b/c',
    ];
    const actual = [
      'application/json',
      'application/vnd.api+json',
      'application/json-patch+json',
      'text/json',
      'text/csv',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application',
      'application/',
      'a/b/c',
      'a/b',
      '',
    ];
    for (const pattern of wanted) {
      const matches = mediaTypeMatcher(pattern);
      for (const type of actual) {
        assert.equal(
          matches(type),
          mediaTypeMatches(type, pattern),
          `${JSON.stringify(pattern)} on ${JSON.stringify(type)}`,
        );
      }
    }
  });
});

describe('mediaTypeOf', () => {
  const request = (type: unknown) => ({ headers: { 'content-type': type } }) as never;
  it('reads each spelling once, follows a rewritten header, and answers what no reader can change', () => {
    const first = mediaTypeOf(request('Application/JSON; Charset=UTF-8'));
    assert.deepEqual(first, { type: 'application/json', parameters: { charset: 'UTF-8' } });
    assert.equal(mediaTypeOf(request('Application/JSON; Charset=UTF-8')), first);
    assert.ok(Object.isFrozen(first) && Object.isFrozen(first?.parameters));
    const req = request('text/plain');
    assert.equal(mediaTypeOf(req)?.type, 'text/plain');
    (req as { headers: Record<string, string> }).headers['content-type'] = 'text/html';
    assert.equal(mediaTypeOf(req)?.type, 'text/html');
  });
  it('keeps the type of a malformed parameter list, and nothing for an unreadable header', () => {
    assert.deepEqual(mediaTypeOf(request('application/json; =x')), {
      type: 'application/json',
      parameters: {},
    });
    assert.equal(mediaTypeOf(request('not a type')), undefined);
    assert.equal(mediaTypeOf(request('not a type')), undefined);
    assert.equal(mediaTypeOf(request('')), undefined);
    assert.equal(mediaTypeOf(request(undefined)), undefined);
    const long = `application/json; x=${'a'.repeat(300)}`;
    assert.equal(mediaTypeOf(request(long))?.type, 'application/json');
  });
});
