// XROUTE-013: what router.handle gives a request object no kitjs app prepared.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { InternalRequest } from '../../src/core/request.ts';
import { prepareBareRequest } from '../../src/core/router/bare-request.ts';

const bare = (fields: Record<string, unknown>) => fields as unknown as InternalRequest;

test('a url gives the canonical path and query; fields the object has are kept', () => {
  const req = bare({ url: '/users/%61b?x=1', method: 'GET', baseUrl: '/api', params: { id: '7' } });
  assert.equal(prepareBareRequest(req), undefined);
  assert.equal(req.kitPath, '/users/ab');
  assert.equal(req.kitSearch, '?x=1');
  assert.equal(req.originalUrl, '/users/%61b?x=1');
  assert.equal(req.baseUrl, '/api');
  assert.deepEqual(req.params, { id: '7' });
  const plain = bare({ url: '/', method: 'GET' });
  prepareBareRequest(plain);
  assert.equal(plain.baseUrl, '');
  assert.deepEqual(plain.params, {});
});

test('no url, or an empty one, is nothing to route; a malformed escape is the 400 error', () => {
  assert.equal(prepareBareRequest(bare({ method: 'GET' })), 'nothing');
  assert.equal(prepareBareRequest(bare({ url: '', method: 'GET' })), 'nothing');
  const fault = prepareBareRequest(bare({ url: '/a/%zz', method: 'GET' }));
  assert.ok(fault instanceof Error);
  assert.equal((fault as Error & { status?: number }).status, 400);
});
