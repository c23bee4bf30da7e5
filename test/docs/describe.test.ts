// Unit tests of the description splitter and the type-expression reader.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describe } from '../../src/batteries/docs/describe.ts';
import { typeToSchema } from '../../src/batteries/docs/type-expression.ts';

test('a dash inside a sentence stays text', () => {
  assert.deepEqual(describe('- Pick one - or the other'), { description: 'Pick one - or the other' });
});

test('format, enum and default segments are peeled off wherever they sit', () => {
  const d = describe('- enum:a,b - The kind - default:a');
  assert.equal(d.description, 'The kind');
  assert.deepEqual(d.enumValues, ['a', 'b']);
  assert.equal(d.defaultValue, 'a');
  assert.equal(describe('- The year - int64').format, 'int64');
  assert.equal(describe('- The year - not-a-format').description, 'The year - not-a-format');
  // The first plain segment is prose even when it spells a format.
  assert.deepEqual(describe('- password'), { description: 'password' });
  assert.deepEqual(describe('- enum:a,b - date'), { description: 'date', enumValues: ['a', 'b'] });
});

test('a media type is a segment only where media types are expected', () => {
  assert.equal(describe('- ok - application/json', { mediaTypes: true }).mediaType, 'application/json');
  assert.equal(describe('- ok - application/json').description, 'ok - application/json');
  assert.equal(describe('- read and/or write', { mediaTypes: true }).mediaType, undefined);
});

const ctx = (names: string[] = []) => {
  const warnings: string[] = [];
  return { warnings, ctx: { schemaNames: new Set(names), warn: (m: string) => warnings.push(m) } };
};

test('primitives, arrays in both spellings and references', () => {
  const { ctx: c, warnings } = ctx(['Song']);
  assert.deepEqual(typeToSchema('string', c), { type: 'string' });
  assert.deepEqual(typeToSchema('Number', c), { type: 'number' });
  assert.deepEqual(typeToSchema('array<Song>', c), {
    type: 'array',
    items: { $ref: '#/components/schemas/Song' },
  });
  assert.deepEqual(typeToSchema('Song[]', c), {
    type: 'array',
    items: { $ref: '#/components/schemas/Song' },
  });
  assert.deepEqual(typeToSchema('Array.<integer>', c), { type: 'array', items: { type: 'integer' } });
  assert.deepEqual(typeToSchema('array<array<string>>', c), {
    type: 'array',
    items: { type: 'array', items: { type: 'string' } },
  });
  assert.deepEqual(warnings, []);
});

test('unions, oneOf and nullable', () => {
  const { ctx: c } = ctx(['A', 'B']);
  assert.deepEqual(typeToSchema('string|number', c), { anyOf: [{ type: 'string' }, { type: 'number' }] });
  assert.deepEqual(typeToSchema('oneOf|A|B', c), {
    oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }],
  });
  assert.deepEqual(typeToSchema('string|null', c), { type: 'string', nullable: true });
  assert.deepEqual(typeToSchema('A|null', c), {
    allOf: [{ $ref: '#/components/schemas/A' }],
    nullable: true,
  });
  assert.deepEqual(typeToSchema('Dictionary<number>', c), {
    type: 'object',
    additionalProperties: { type: 'number' },
  });
});

test('an unknown name is a warning and never a $ref', () => {
  const { ctx: c, warnings } = ctx();
  assert.deepEqual(typeToSchema('Nope', c), {});
  assert.deepEqual(typeToSchema('array<Nope>', c), { type: 'array', items: {} });
  assert.equal(warnings.length, 2);
  assert.match(warnings[0]!, /unknown type "Nope"/);
});
