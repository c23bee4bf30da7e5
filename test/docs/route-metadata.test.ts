// Unit tests of a route's OpenAPI words given in code (DOCS-030, DOCS-031), the bearer guard (DOCS-032),
// statuses without a body (DOCS-033) and parameters with a default (DOCS-034).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { z } from 'zod';
import { authMiddleware } from '../../src/batteries/auth/middleware.ts';
import { buildDocument } from '../../src/batteries/docs/build-document.ts';
import { computeDrift } from '../../src/batteries/docs/drift.ts';
import { bearerGuardedRoutes, isBearerGuard } from '../../src/batteries/docs/guarded-routes.ts';
import { hasNoBody } from '../../src/batteries/docs/responses.ts';
import { addRouteSchemas } from '../../src/batteries/docs/route-operations.ts';
import type { OpenApiDocument, RouteRef } from '../../src/batteries/docs/types.ts';
import { kit } from '../../src/core/app.ts';
import { Router } from '../../src/core/router/router.ts';
import type { KitRequest, KitResponse, RouteInfo } from '../../src/core/types.ts';

const handler = (_req: KitRequest, res: KitResponse) => res.end();

function annotated(text: string): OpenApiDocument {
  return buildDocument([{ file: 'a.js', text }], { info: { title: 't', version: '1' } }).document;
}

function collect(doc: OpenApiDocument, routes: RouteInfo[], guarded: ReadonlySet<string> = new Set()) {
  const warnings: Array<{ route: RouteRef; message: string }> = [];
  addRouteSchemas(doc, routes, '/api-docs', (route, message) => warnings.push({ route, message }), guarded);
  return warnings;
}

test('the code wins over the annotation per field; tags add up and are listed once', () => {
  const doc = annotated(
    [
      '/**',
      ' * GET /users/{id}',
      ' * @summary From the comment',
      ' * @description Old words',
      ' * @tags users - People',
      ' * @operationId oldId',
      ' * @deprecated',
      ' * @security BasicAuth',
      ' */',
    ].join('\n'),
  );
  const warnings = collect(doc, [
    {
      method: 'GET',
      path: '/users/:userId',
      schema: {
        summary: 'From the code',
        tags: ['admin', 'users'],
        operationId: 'getUser',
        deprecated: false,
        security: [{ bearerAuth: [] }],
      },
    },
  ]);
  assert.deepEqual(warnings, []);
  const op = doc.paths['/users/{id}']!.get!;
  assert.equal(op.summary, 'From the code');
  assert.equal(op.description, 'Old words');
  assert.deepEqual(op.tags, ['users', 'admin']);
  assert.equal(op.operationId, 'getUser');
  assert.equal(op.deprecated, false);
  assert.deepEqual(op.security, [{ bearerAuth: [] }]);
  assert.deepEqual(doc.tags, [{ name: 'users', description: 'People' }, { name: 'admin' }]);
  assert.deepEqual(Object.keys(doc.components.securitySchemes ?? {}).sort(), ['BasicAuth', 'bearerAuth']);
});

test('a taken operationId and an unknown scheme are warnings naming the route; [] stays []', () => {
  const doc = annotated('/**\n * GET /a\n * @operationId taken\n */');
  const warnings = collect(doc, [
    {
      method: 'GET',
      path: '/b',
      schema: { operationId: 'taken', security: [{ Nope: [] }, { BasicAuth: [] }] },
    },
    { method: 'GET', path: '/c', schema: { security: [{ Nope: [] }] } },
    { method: 'GET', path: '/d', schema: { security: [] } },
    { method: 'GET', path: '/e', schema: { operationId: 'e' } },
  ]);
  const unknown = `unknown security scheme "Nope": use BearerAuth, bearerAuth, BasicAuth or one given in setupSwagger's security option`;
  assert.deepEqual(
    warnings.map((w) => [w.route.path, w.message]),
    [
      ['/b', 'GET /b: operationId "taken" is already used by another operation; it was left out here'],
      ['/b', `GET /b: ${unknown}`],
      ['/c', `GET /c: ${unknown}`],
    ],
  );
  assert.equal(doc.paths['/b']!.get!.operationId, undefined);
  assert.deepEqual(doc.paths['/b']!.get!.security, [{ BasicAuth: [] }]);
  assert.equal(doc.paths['/c']!.get!.security, undefined);
  assert.deepEqual(doc.paths['/d']!.get!.security, []);
  assert.equal(doc.paths['/e']!.get!.operationId, 'e');
});

test('hide leaves out the route and the annotation of it, and the drift report leaves it alone', () => {
  const doc = annotated('/**\n * GET /internal/{id}\n * @summary secret\n */');
  const routes: RouteInfo[] = [
    { method: 'GET', path: '/internal/:id', schema: { hide: true } },
    { method: 'GET', path: '/open' },
  ];
  const fromPattern = addRouteSchemas(doc, routes, '/api-docs', () => assert.fail('no warning'));
  assert.deepEqual(Object.keys(doc.paths), ['/open']);
  assert.deepEqual(computeDrift(doc, routes, '/api-docs', fromPattern), {
    unmatchedOperations: [],
    undocumentedRoutes: [{ method: 'GET', path: '/open' }],
  });
});

test('a guarded route requires the bearer scheme: the document’s own if it has one, else bearerAuth', () => {
  const plain = annotated('');
  collect(plain, [{ method: 'GET', path: '/me' }], new Set(['GET /me']));
  assert.deepEqual(plain.paths['/me']!.get!.security, [{ bearerAuth: [] }]);
  assert.deepEqual(plain.components.securitySchemes, {
    bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  });

  const withScheme = annotated('/**\n * GET /login\n * @security BearerAuth\n */');
  collect(
    withScheme,
    [
      { method: 'GET', path: '/me' },
      { method: 'GET', path: '/open', schema: { security: [] } },
      { method: 'GET', path: '/login' },
    ],
    new Set(['GET /me', 'GET /open', 'GET /login']),
  );
  assert.deepEqual(withScheme.paths['/me']!.get!.security, [{ BearerAuth: [] }]);
  assert.deepEqual(withScheme.paths['/open']!.get!.security, []);
  assert.deepEqual(Object.keys(withScheme.components.securitySchemes ?? {}), ['BearerAuth']);
});

test('the guard is found among a route’s handlers and in use() before it, under a covering prefix', () => {
  const own = authMiddleware({ secret: 'a-secret-of-at-least-32-characters!!' });
  assert.equal(isBearerGuard(authMiddleware), true);
  assert.equal(isBearerGuard(own), true);
  assert.equal(isBearerGuard(handler), false);

  const app = kit();
  app.get('/before', handler);
  app.get('/me', authMiddleware, handler);
  app.use('/admin', own);
  app.get('/admin', handler);
  app.get('/admin/users', handler);
  app.get('/administrators', handler);
  const api = new Router();
  api.get('/open', handler);
  api.use(authMiddleware);
  api.post('/orders/:id', handler);
  app.use('/api', api);
  app.use('/teams/:team', authMiddleware);
  app.get('/teams/:team/members', handler);
  app.get('/teams', handler);
  assert.deepEqual(
    [...bearerGuardedRoutes(app)].sort(),
    ['GET /admin', 'GET /admin/users', 'GET /me', 'GET /teams/:team/members', 'POST /api/orders/:id'].sort(),
  );
  assert.deepEqual([...bearerGuardedRoutes({})], []);
});

test('statuses without a body have no content, from a schema or an annotation', () => {
  assert.deepEqual(['100', '1XX', '204', '205', '304', '200', '2XX', 'default'].map(hasNoBody), [
    true,
    true,
    true,
    true,
    true,
    false,
    false,
    false,
  ]);
  const doc = annotated('/**\n * DELETE /a\n * @return {object} 204 - gone\n */');
  const warnings = collect(doc, [
    { method: 'DELETE', path: '/a', schema: { response: { 204: z.undefined() } } },
    { method: 'PUT', path: '/b', schema: { response: { 200: z.string(), 304: Type.Null() } } },
  ]);
  assert.deepEqual(warnings, []);
  assert.deepEqual(doc.paths['/a']!.delete!.responses, { 204: { description: 'gone' } });
  assert.deepEqual(doc.paths['/b']!.put!.responses, {
    200: { description: 'OK', content: { 'application/json': { schema: { type: 'string' } } } },
    304: { description: 'Not Modified' },
  });
  const built = buildDocument([{ file: 'a.js', text: '/**\n * DELETE /a\n * @return {object} 204\n */' }], {
    info: { title: 't', version: '1' },
  });
  assert.match(built.warnings[0]?.message ?? '', /204 response has no body/);
});

test('a query or header parameter with a default is not required', () => {
  const doc = annotated('');
  collect(doc, [
    {
      method: 'GET',
      path: '/t',
      schema: {
        query: Type.Object({
          page: Type.Integer({ default: 1 }),
          q: Type.String(),
          size: Type.Optional(Type.Integer()),
        }),
        headers: Type.Object({ 'x-tenant': Type.String({ default: 'main' }) }),
      },
    },
    {
      method: 'GET',
      path: '/z',
      schema: { query: z.object({ page: z.coerce.number().default(1), q: z.string() }) },
    },
  ]);
  const required = (path: string) =>
    Object.fromEntries(
      (doc.paths[path]!.get!.parameters as Array<{ name: string; required: boolean }>).map((p) => [
        p.name,
        p.required,
      ]),
    );
  assert.deepEqual(required('/t'), { page: false, q: true, size: false, 'x-tenant': false });
  assert.deepEqual(required('/z'), { page: false, q: true });
});

test('route options: the words live in schema, are type-checked at registration, and routes() lists them', () => {
  const app = kit();
  const schema = { summary: 'List', tags: ['users'], security: [{ bearerAuth: [] }], hide: false };
  app.get('/users', { schema }, handler);
  assert.deepEqual(app.routes(), [{ method: 'GET', path: '/users', schema }]);
  const refused = (options: unknown, message: RegExp) =>
    assert.throws(() => app.get('/x', options as { schema: {} }, handler), { name: 'TypeError', message });
  refused({ summary: 'x' }, /get\('\/x'\): unknown route option "summary".*schema: \{ summary \}/);
  refused({ schema: { tags: 'users' } }, /get\('\/x'\): schema\.tags must be an array of non-empty strings/);
  refused({ schema: { summary: 3 } }, /schema\.summary must be a string/);
  refused({ schema: { operationId: '' } }, /schema\.operationId must be a non-empty string/);
  refused({ schema: { hide: 'yes' } }, /schema\.hide must be true or false/);
  refused(
    { schema: { security: [{ bearerAuth: 'x' }] } },
    /schema\.security must be an array of requirements/,
  );
  refused({ schema: { security: { bearerAuth: [] } } }, /schema\.security must be an array of requirements/);
});
