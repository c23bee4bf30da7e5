// Unit tests of the drift report: documented operations versus live routes, {id} against :id.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeDrift, toRoutePath } from '../../src/batteries/docs/drift.ts';
import type { OpenApiDocument } from '../../src/batteries/docs/types.ts';

function doc(paths: Record<string, string[]>): OpenApiDocument {
  const out: OpenApiDocument = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {},
    components: { schemas: {} },
  };
  for (const [path, methods] of Object.entries(paths)) {
    out.paths[path] = Object.fromEntries(methods.map((m) => [m, { responses: {} }]));
  }
  return out;
}

test('{id} in the docs matches :id in the app, whatever the names', () => {
  const report = computeDrift(
    doc({ '/users/{id}': ['get', 'delete'], '/users': ['get'] }),
    [
      { method: 'GET', path: '/users/:userId' },
      { method: 'delete', path: '/users/:id' },
      { method: 'GET', path: '/users/' },
    ],
    '/api-docs',
  );
  assert.deepEqual(report, { unmatchedOperations: [], undocumentedRoutes: [] });
});

test('both directions are reported, in the form an app registers', () => {
  const report = computeDrift(
    doc({ '/orders/{id}': ['get'], '/ping': ['get'] }),
    [
      { method: 'GET', path: '/ping' },
      { method: 'POST', path: '/orders' },
      { method: 'GET', path: '/api-docs' },
      { method: 'GET', path: '/api-docs/swagger.json' },
    ],
    '/api-docs',
  );
  assert.deepEqual(report.unmatchedOperations, [{ method: 'GET', path: '/orders/:id' }]);
  assert.deepEqual(report.undocumentedRoutes, [{ method: 'POST', path: '/orders' }]);
});

test('optional segments, ALL routes and HEAD beside GET', () => {
  const report = computeDrift(
    doc({ '/files': ['get'], '/files/{name}': ['get'], '/any': ['put'] }),
    [
      { method: 'GET', path: '/files/:name?' },
      { method: 'HEAD', path: '/files/:name?' },
      { method: 'ALL', path: '/any' },
    ],
    '/api-docs',
  );
  assert.deepEqual(report, { unmatchedOperations: [], undocumentedRoutes: [] });
});

test('toRoutePath translates every template parameter', () => {
  assert.equal(toRoutePath('/a/{x}/b/{y}'), '/a/:x/b/:y');
});
