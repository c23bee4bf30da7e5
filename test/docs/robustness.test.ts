// Property test: whatever the annotations say, building never throws and the document stays valid OpenAPI.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import fc from 'fast-check';
import { buildDocument } from '../../src/batteries/docs/build-document.ts';

// Pieces users write, correct and broken, mixed at random.
const firstLines = [
  'GET /a',
  'POST /a/{id}',
  'put /b/:x',
  'DELETE /',
  'GET',
  'GET a',
  'Get the thing',
  'PATCH /c/{x}/{y}',
  'GET /d/{',
];
const tagLines = [
  '@summary s - t',
  '@description d',
  '@tags T - desc',
  '@tags A, B',
  '@deprecated',
  '@operationId op',
  '@security BearerAuth',
  '@security Nope & BasicAuth | BearerAuth',
  '@param {string} id.path - the id',
  '@param {integer} x.path.required - int64',
  '@param {string} q.query.required - enum:a,b',
  '@param {number} n.query - default:oops',
  '@param {string} h.header.allowEmptyValue',
  '@param {Thing} request.body.required - body - application/xml',
  '@param {string} request.body.required.f - field',
  '@param {array<Thing>} request.body.g',
  '@param {string} f.form.required',
  '@param {string id.path',
  '@param nothing',
  '@param {Ghost|null} c.cookie',
  '@return {Thing} 200 - ok',
  '@return {array<string>} 201 - text/csv',
  '@return 204',
  '@return {object} abc - bad',
  '@return {Thing[]} default',
  '@example request - r',
  '@example response - 200 - r',
  '@example response - 404',
  '{ "a": 1 }',
  '{ broken',
  '@typedef {object} Thing',
  '@typedef {string} Thing',
  '@property {string} name.required - n - json:{"minLength":1}',
  '@property {Thing} self',
  '@property {integer} [n=3]',
  '@openapi',
  '/y:',
  '  get:',
  "    responses: { '200': { description: ok } }",
  'components:',
  '  schemas: { Y: { $ref: "#/components/schemas/Missing" } }',
  '  - [',
  'plain text - with dash',
];

const blockArb = fc
  .tuple(fc.constantFrom(...firstLines), fc.array(fc.constantFrom(...tagLines), { maxLength: 10 }))
  .map(([first, lines]) => `/**\n * ${first}\n${lines.map((l) => ` * ${l}`).join('\n')}\n */\n`);

test('random annotations never throw and always give a valid document', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(blockArb, { minLength: 1, maxLength: 5 }), async (blocks) => {
      const { document, warnings } = buildDocument([{ file: 'f.js', text: blocks.join('\n') }], {
        info: { title: 't', version: '1' },
      });
      for (const w of warnings) assert.ok(w.line >= 1 && w.file === 'f.js', JSON.stringify(w));
      await SwaggerParser.validate(structuredClone(document) as never);
    }),
    { numRuns: 300 },
  );
});

test('an @openapi operation with nothing under it is skipped with a warning (found by the property above)', async () => {
  const text = '/**\n * GET /a\n * @openapi\n * /y:\n *   get:\n */\n';
  const { document, warnings } = buildDocument([{ file: 'f.js', text }], {
    info: { title: 't', version: '1' },
  });
  assert.ok(
    warnings.some((w) => w.message.includes('GET /y is not a mapping')),
    JSON.stringify(warnings),
  );
  await SwaggerParser.validate(structuredClone(document) as never);
});

test('a key that is not a path-item field is skipped with a warning (found by the property above)', async () => {
  const text = '/**\n * GET /a\n * @openapi\n * /y:\n *   schemas: { Y: { type: string } }\n */\n';
  const { document, warnings } = buildDocument([{ file: 'f.js', text }], {
    info: { title: 't', version: '1' },
  });
  assert.ok(
    warnings.some((w) => w.message.includes('not an OpenAPI path-item field')),
    JSON.stringify(warnings),
  );
  await SwaggerParser.validate(structuredClone(document) as never);
});
