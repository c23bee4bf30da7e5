import assert from 'node:assert/strict';
import { test } from 'node:test';
import { directoryLocation, pathLocation } from '../../src/batteries/middleware/static/location.js';

test('adds the slash and keeps the query', () => {
  assert.equal(directoryLocation('/docs', ''), '/docs/');
  assert.equal(directoryLocation('/assets/docs', 'v=2&x=%20y'), '/assets/docs/?v=2&x=%20y');
});

test('never names another host', () => {
  assert.equal(directoryLocation('//evil.com', ''), '/evil.com/');
  assert.equal(directoryLocation('///evil.com/x', 'a=1'), '/evil.com/x/?a=1');
  assert.equal(directoryLocation('/\\evil.com', ''), '/evil.com/');
  assert.equal(directoryLocation('\\\\evil.com', ''), '/evil.com/');
  assert.equal(directoryLocation('/a\\b', ''), '/a%5Cb/');
});

test('encodes what a header may not carry, keeps existing escapes', () => {
  assert.equal(directoryLocation('/caf\u00e9', ''), '/caf%C3%A9/');
  assert.equal(directoryLocation('/a%20b', ''), '/a%20b/');
  assert.equal(directoryLocation('/100%', ''), '/100%25/');
  assert.equal(directoryLocation('/x', 'q=a b\r\nSet-Cookie: 1'), '/x/?q=a%20b%0D%0ASet-Cookie:%201');
});

test('pathLocation names a file on this site, with the query, and never another host', () => {
  assert.equal(pathLocation('/docs/a.txt', 'v=2'), '/docs/a.txt?v=2');
  assert.equal(pathLocation('//evil.com', ''), '/evil.com');
  assert.equal(pathLocation('/\\evil.com/x', ''), '/evil.com/x');
  assert.equal(pathLocation('/caf\u00e9 1.txt', 'q=a b'), '/caf%C3%A9%201.txt?q=a%20b');
});
