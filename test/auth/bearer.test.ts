/** Unit tests of the Authorization header parser behind authMiddleware. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { parseBearer } from '../../src/batteries/auth/bearer.js';

it('finds the token whatever the case of the scheme and the spaces around it', () => {
  for (const header of [
    'Bearer t.o.k',
    'bearer t.o.k',
    'BEARER t.o.k',
    'BeArEr  t.o.k',
    ' Bearer\tt.o.k \t',
  ]) {
    assert.deepEqual(parseBearer(header), { kind: 'token', token: 't.o.k' }, JSON.stringify(header));
  }
});

it('reports no header, or a blank one, as missing', () => {
  for (const header of [undefined, null, 42, ['Bearer x'], '', '   ']) {
    assert.deepEqual(parseBearer(header), { kind: 'missing' }, JSON.stringify(header));
  }
});

it('reports another scheme by name', () => {
  assert.deepEqual(parseBearer('Basic dXNlcjpwdw=='), { kind: 'other-scheme', scheme: 'Basic' });
  assert.deepEqual(parseBearer('Token abc'), { kind: 'other-scheme', scheme: 'Token' });
  assert.deepEqual(parseBearer('Bearerabc'), { kind: 'other-scheme', scheme: 'Bearerabc' });
  assert.deepEqual(parseBearer('abc.def.ghi'), { kind: 'other-scheme', scheme: 'abc.def.ghi' });
});

it('calls Bearer without a token, or with two words, malformed', () => {
  for (const header of ['Bearer', 'bearer   ', 'Bearer a b', 'Bearer a\tb']) {
    assert.deepEqual(parseBearer(header), { kind: 'malformed' }, JSON.stringify(header));
  }
});
