import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mediaTypeMatches } from '../../src/base/media-match.ts';
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
