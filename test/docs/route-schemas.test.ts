// Unit tests of the route-schema part of the document: conversion to OpenAPI 3.0 and the merge with annotations.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import * as v from 'valibot';
import { z } from 'zod';
import { computeDrift } from '../../src/batteries/docs/drift.ts';
import { jsonOnly, toOpenApiSchema } from '../../src/batteries/docs/openapi-schema.ts';
import { addRouteSchemas } from '../../src/batteries/docs/route-operations.ts';
import type { OpenApiDocument, RouteRef } from '../../src/batteries/docs/types.ts';

function emptyDoc(): OpenApiDocument {
  return { openapi: '3.0.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: {} } };
}

function collect(doc: OpenApiDocument, routes: Parameters<typeof addRouteSchemas>[1]) {
  const warnings: Array<{ route: RouteRef; message: string }> = [];
  addRouteSchemas(doc, routes, '/api-docs', (route, message) => warnings.push({ route, message }));
  return warnings;
}

test('a plain JSON Schema is copied without symbols or functions (TypeBox)', () => {
  const schema = Type.Object({ id: Type.Integer() });
  const converted = toOpenApiSchema(schema, 'input', 'X');
  assert.ok('schema' in converted);
  assert.deepEqual(converted.schema, {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer' } },
  });
  assert.equal(Object.getOwnPropertySymbols(converted.schema).length, 0);
  assert.deepEqual(jsonOnly({ a: () => 1, b: [undefined, 2], [Symbol('k')]: 1 }), { b: [null, 2] });
});

test('later drafts are rewritten into OpenAPI 3.0 keywords', () => {
  const converted = toOpenApiSchema(
    {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: ['string', 'null'],
      const: 'x',
      examples: ['x'],
      $comment: 'gone',
    },
    'input',
    'X',
  );
  assert.deepEqual(converted, {
    schema: { type: 'string', nullable: true, enum: ['x'], example: 'x' },
    defs: {},
  });
  const tuple = toOpenApiSchema(
    { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
    'input',
    'T',
  );
  assert.deepEqual(tuple, {
    schema: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
    defs: {},
  });
});

test('Zod converts input for requests and output for responses', () => {
  const schema = z.object({ tags: z.array(z.string()).default([]) });
  const input = toOpenApiSchema(schema, 'input', 'X');
  const output = toOpenApiSchema(schema, 'output', 'X');
  assert.ok('schema' in input && 'schema' in output);
  assert.equal(input.schema.required, undefined);
  assert.deepEqual(output.schema.required, ['tags']);
});

test('a converter that throws, or none, is unconvertible', () => {
  const date = toOpenApiSchema(z.date(), 'input', 'X');
  assert.ok('unconvertible' in date && date.unconvertible.includes('zod could not convert it'));
  const plain = toOpenApiSchema(v.string(), 'input', 'X');
  assert.ok('unconvertible' in plain && plain.unconvertible.includes('valibot'));
});

test('GET takes no body, 2xx is written 2XX, and a route listed twice is documented once', () => {
  const doc = emptyDoc();
  const body = z.object({ a: z.string() });
  const warnings = collect(doc, [
    { method: 'GET', path: '/a', schema: { body, response: { '2xx': body } } },
    { method: 'GET', path: '/a', schema: { query: body } },
  ]);
  assert.deepEqual(warnings, []);
  const op = doc.paths['/a']!.get!;
  assert.equal(op.requestBody, undefined);
  assert.equal(op.parameters, undefined);
  assert.deepEqual(Object.keys(op.responses as object), ['2XX']);
});

test("the docs' own routes are left alone; a route without a schema is documented from its path", () => {
  const doc = emptyDoc();
  collect(doc, [
    { method: 'GET', path: '/api-docs/x', schema: { query: z.object({}) } },
    { method: 'GET', path: '/b' },
  ]);
  assert.deepEqual(doc.paths, {
    '/b': { get: { deprecated: false, responses: { default: { description: 'Default response' } } } },
  });
});

test('a route without a schema: its parameters from the pattern, optional and wildcard ones explained', () => {
  const doc = emptyDoc();
  const fromPattern = addRouteSchemas(
    doc,
    [
      { method: 'GET', path: '/users/:id?' },
      { method: 'DELETE', path: '/files/*' },
      { method: 'GET', path: '/flights/:from-:to' },
      { method: 'ALL', path: '/anything' },
      { method: 'GET', path: String(/^\/legacy\/(\d+)$/i) },
      { method: 'GET', path: '/users/:id?' },
    ],
    '/api-docs',
    () => assert.fail('no warning for a route without a schema'),
  );
  assert.deepEqual(Object.keys(doc.paths).sort(), ['/files/{0}', '/flights/{from}-{to}', '/users/{id}']);
  assert.deepEqual(doc.paths['/users/{id}']!.get!.parameters, [
    {
      name: 'id',
      in: 'path',
      required: true,
      deprecated: false,
      schema: { type: 'string' },
      description: 'Optional: the route also answers without this segment.',
    },
  ]);
  assert.equal(
    (doc.paths['/files/{0}']!.delete!.parameters as Array<{ description: string }>)[0]!.description,
    'The rest of the path; it may hold "/".',
  );
  assert.deepEqual(
    (doc.paths['/flights/{from}-{to}']!.get!.parameters as Array<{ name: string }>).map((p) => p.name),
    ['from', 'to'],
  );
  assert.equal(fromPattern.size, 3);
});

test('an annotated response keeps its words and another media type; the schema replaces the JSON one', () => {
  const doc = emptyDoc();
  doc.paths['/x'] = {
    post: {
      responses: {
        200: {
          description: 'the thing',
          content: {
            'application/json': { schema: { type: 'string' }, examples: { example1: { value: 'x' } } },
            'application/xml': { schema: { type: 'string' } },
          },
        },
      },
    },
  };
  collect(doc, [{ method: 'POST', path: '/x', schema: { response: { 200: z.number() } } }]);
  assert.deepEqual(doc.paths['/x']!.post!.responses, {
    200: {
      description: 'the thing',
      content: {
        'application/json': { schema: { type: 'number' }, examples: { example1: { value: 'x' } } },
        'application/xml': { schema: { type: 'string' } },
      },
    },
  });
});

test('drift counts a schema route as documented, but not an all route', () => {
  const report = computeDrift(
    emptyDoc(),
    [
      { method: 'POST', path: '/s', schema: { body: {} } },
      { method: 'ALL', path: '/any', schema: { body: {} } },
    ],
    '/api-docs',
  );
  assert.deepEqual(report.undocumentedRoutes, [{ method: 'ALL', path: '/any' }]);
});
