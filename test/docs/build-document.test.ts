// Unit tests of the annotation reader: every tag form, the peer package's mistakes, warnings, and OpenAPI validity.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { buildDocument } from '../../src/batteries/docs/build-document.ts';
import type { OpenApiDocument, SchemaObject } from '../../src/batteries/docs/types.ts';

const info = { title: 'Test API', version: '1.0.0' };

/** Wraps annotation lines in a comment block. */
function block(...lines: string[]): string {
  return `/**\n${lines.map((l) => ` * ${l}`).join('\n')}\n */\n`;
}

function build(...texts: string[]) {
  return buildDocument(
    texts.map((text, i) => ({ file: `file${i}.js`, text })),
    { info },
  );
}

// biome-ignore lint/suspicious/noExplicitAny: tests walk the document freely
function op(doc: OpenApiDocument, method: string, path: string): any {
  const item = doc.paths[path];
  assert.ok(item, `no path ${path} in ${Object.keys(doc.paths).join(', ')}`);
  assert.ok(item[method], `no ${method} on ${path}`);
  return item[method];
}

async function assertValid(doc: OpenApiDocument): Promise<void> {
  await SwaggerParser.validate(structuredClone(doc) as never);
}

test('the fixture file builds a valid OpenAPI 3 document without warnings', async () => {
  const text = readFileSync(new URL('../../features/fixtures/docs/users.js', import.meta.url), 'utf8');
  const { document, warnings } = buildDocument([{ file: 'users.js', text }], { info });
  assert.deepEqual(warnings, []);
  assert.equal(document.openapi, '3.0.0');
  assert.deepEqual(Object.keys(document.paths).sort(), [
    '/health',
    '/register',
    '/users',
    '/users/{id}',
    '/users/{id}/avatar',
  ]);
  await assertValid(document);
});

test('first line: method and path; text after the path is not part of it', () => {
  const { document, warnings } = build(
    block('GET /users/{id} - fetch one user', '@return {string} 200 - ok'),
  );
  assert.deepEqual(Object.keys(document.paths), ['/users/{id}']);
  assert.ok(op(document, 'get', '/users/{id}'));
  assert.deepEqual(warnings, []);
});

test('an ordinary comment that starts with a method word is not an operation', () => {
  const { document, warnings } = build(block('Get the user from the cache', '@param {string} id - the id'));
  assert.deepEqual(document.paths, {});
  assert.deepEqual(warnings, []);
});

test('an upper-case method without a path is a warning with file and line', () => {
  const { warnings } = build(`\n\n${block('GET users', '@return {string} 200')}`);
  assert.equal(warnings.length, 1);
  assert.equal(warnings[0]!.file, 'file0.js');
  assert.equal(warnings[0]!.line, 4);
  assert.match(warnings[0]!.message, /needs a path/);
});

test('summary, multi-line description with " - ", tags, deprecated and operationId', () => {
  const { document } = build(
    block(
      'POST /songs',
      '@summary Add a song',
      '@description Adds a song - duplicates are rejected.',
      'Second line.',
      '@tags Songs - everything about songs',
      '@tags Admin',
      '@deprecated',
      '@operationId addSong',
      '@return {object} 201 - created',
    ),
  );
  const o = op(document, 'post', '/songs');
  assert.equal(o.summary, 'Add a song');
  assert.equal(o.description, 'Adds a song - duplicates are rejected.\nSecond line.');
  assert.deepEqual(o.tags, ['Songs', 'Admin']);
  assert.equal(o.deprecated, true);
  assert.equal(o.operationId, 'addSong');
  assert.deepEqual(document.tags, [
    { name: 'Songs', description: 'everything about songs' },
    { name: 'Admin' },
  ]);
});

test('a duplicate operationId is dropped with a warning', () => {
  const { document, warnings } = build(
    block('GET /a', '@operationId same', '@return 200'),
    block('GET /b', '@operationId same', '@return 200'),
  );
  assert.equal(op(document, 'get', '/a').operationId, 'same');
  assert.equal(op(document, 'get', '/b').operationId, undefined);
  assert.match(warnings[0]!.message, /already used/);
  assert.equal(warnings[0]!.file, 'file1.js');
});

test('body fields build ONE object schema with every field and a required list', async () => {
  const { document, warnings } = build(
    block(
      'POST /register',
      '@param {string} request.body.required.email - E-mail - email',
      '@param {string} request.body.required.password - Password',
      '@param {integer} request.body.age - Age in years',
      '@return {object} 201 - created',
    ),
  );
  assert.deepEqual(warnings, []);
  const body = op(document, 'post', '/register').requestBody;
  assert.equal(body.required, true);
  assert.deepEqual(body.content['application/json'].schema, {
    type: 'object',
    properties: {
      email: { type: 'string', format: 'email', description: 'E-mail' },
      password: { type: 'string', description: 'Password' },
      age: { type: 'integer', description: 'Age in years' },
    },
    required: ['email', 'password'],
  });
  await assertValid(document);
});

test('a whole body with a type, a description and a media type', () => {
  const { document } = build(
    block('@typedef {object} Song', '@property {string} title'),
    block(
      'PUT /songs/{id}',
      '@param {Song} request.body.required - the song - application/xml',
      '@return 204',
    ),
  );
  const body = op(document, 'put', '/songs/{id}').requestBody;
  assert.deepEqual(body, {
    description: 'the song',
    required: true,
    content: { 'application/xml': { schema: { $ref: '#/components/schemas/Song' } } },
  });
});

test('form fields go to an urlencoded object schema', () => {
  const { document } = build(
    block(
      'POST /login',
      '@param {string} user.form.required - name',
      '@param {string} pass.form.required',
      '@return 200',
    ),
  );
  const schema = op(document, 'post', '/login').requestBody.content['application/x-www-form-urlencoded']
    .schema;
  assert.deepEqual(schema.required, ['user', 'pass']);
  assert.deepEqual(Object.keys(schema.properties), ['user', 'pass']);
});

test('path parameters are always required; query, header and cookie ones only when marked', async () => {
  const { document } = build(
    block(
      'GET /items/{id}',
      '@param {string} id.path - the id',
      '@param {integer} page.query.required - page - int32',
      '@param {string} X-Trace.header - trace id',
      '@param {string} sid.cookie.deprecated - session',
      '@return 200',
    ),
  );
  const params: SchemaObject[] = op(document, 'get', '/items/{id}').parameters;
  assert.deepEqual(
    params.map((p) => [p.name, p.in, p.required]),
    [
      ['id', 'path', true],
      ['page', 'query', true],
      ['X-Trace', 'header', false],
      ['sid', 'cookie', false],
    ],
  );
  assert.deepEqual(params[1]!.schema, { type: 'integer', format: 'int32' });
  assert.equal(params[3]!.deprecated, true);
  await assertValid(document);
});

test('an undocumented {name} in the path is added as a required string parameter', async () => {
  const { document } = build(block('GET /a/{x}/b/{y}', '@param {number} y.path - why', '@return 200'));
  const params: SchemaObject[] = op(document, 'get', '/a/{x}/b/{y}').parameters;
  assert.deepEqual(
    params.map((p) => p.name),
    ['y', 'x'],
  );
  await assertValid(document);
});

test('enum values take the schema type; array enums go to the items', () => {
  const { document } = build(
    block(
      'GET /e',
      '@param {number} n.query - a number - enum:1,2,3',
      '@param {array<string>} s.query - enum:x,y - strings',
      '@return 200',
    ),
  );
  const [n, s] = op(document, 'get', '/e').parameters;
  assert.deepEqual(n.schema, { type: 'number', enum: [1, 2, 3] });
  assert.deepEqual(s.schema, { type: 'array', items: { type: 'string', enum: ['x', 'y'] } });
  assert.equal(s.description, 'strings');
});

test('@return: status, description, media type, no text, no type, invalid status', () => {
  const { document, warnings } = build(
    block(
      'GET /r',
      '@return {array<string>} 200 - the list - text/csv',
      '@return {object} 400',
      '@return 204',
      '@return {string} 999 - bogus',
    ),
  );
  const r = op(document, 'get', '/r').responses;
  assert.deepEqual(r['200'], {
    description: 'the list',
    content: { 'text/csv': { schema: { type: 'array', items: { type: 'string' } } } },
  });
  assert.equal(r['400'].description, 'Bad Request');
  assert.deepEqual(r['204'], { description: 'No Content' });
  assert.equal(r['999'], undefined);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!.message, /status code/);
});

test('an operation without @return still has a valid responses object', async () => {
  const { document } = build(block('GET /nothing', '@summary nothing documented'));
  assert.deepEqual(op(document, 'get', '/nothing').responses, {
    default: { description: 'Default response' },
  });
  await assertValid(document);
});

test('@security BearerAuth adds the scheme; an unknown scheme is a warning', async () => {
  const { document, warnings } = build(
    block('GET /me', '@security BearerAuth', '@return 200'),
    block('GET /you', '@security NoSuchAuth', '@return 200'),
  );
  assert.deepEqual(op(document, 'get', '/me').security, [{ BearerAuth: [] }]);
  assert.equal(op(document, 'get', '/you').security, undefined);
  assert.deepEqual(document.components.securitySchemes, {
    BearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  });
  assert.match(warnings[0]!.message, /unknown security scheme "NoSuchAuth"/);
  await assertValid(document);
});

test('request and response examples are parsed as JSON', async () => {
  const { document, warnings } = build(
    block(
      'POST /login',
      '@param {object} request.body.required - credentials',
      '@return {object} 200 - token',
      '@example request - good credentials',
      '{ "email": "a@b.c", "password": "x - y" }',
      '@example response - 200 - a token',
      '{',
      '  "token": "abc"',
      '}',
    ),
  );
  assert.deepEqual(warnings, []);
  const o = op(document, 'post', '/login');
  assert.deepEqual(o.requestBody.content['application/json'].examples, {
    example1: { summary: 'good credentials', value: { email: 'a@b.c', password: 'x - y' } },
  });
  assert.deepEqual(o.responses['200'].content['application/json'].examples, {
    example1: { summary: 'a token', value: { token: 'abc' } },
  });
  await assertValid(document);
});

test('a malformed example body is kept as text with a warning naming the line', () => {
  const { document, warnings } = build(
    block(
      'POST /x',
      '@param {object} request.body - b',
      '@return 200',
      '@example request - broken',
      '{ "a": }',
    ),
  );
  assert.equal(
    op(document, 'post', '/x').requestBody.content['application/json'].examples.example1.value,
    '{ "a": }',
  );
  assert.equal(warnings.length, 1);
  assert.equal(warnings[0]!.line, 5);
  assert.match(warnings[0]!.message, /not valid JSON/);
});

test('typedefs become components.schemas with required lists, formats, enums and references', async () => {
  const { document, warnings } = build(
    block(
      'A song',
      '@typedef {object} Song',
      '@property {string} title.required - The title',
      '@property {integer} year - The year - int64',
      '@property {string} kind - enum:live,studio - Recording kind',
      '@property {Artist} artist - Who sang it',
      '@property {Artist[]} guests',
    ),
    block('@typedef {object} Artist', '@property {string} name.required'),
  );
  assert.deepEqual(warnings, []);
  const song = document.components.schemas.Song!;
  assert.equal(song.description, 'A song');
  assert.deepEqual(song.required, ['title']);
  const props = song.properties as Record<string, SchemaObject>;
  assert.deepEqual(props.year, { type: 'integer', format: 'int64', description: 'The year' });
  assert.deepEqual(props.kind, { type: 'string', enum: ['live', 'studio'], description: 'Recording kind' });
  assert.deepEqual(props.artist, { $ref: '#/components/schemas/Artist', description: 'Who sang it' });
  assert.deepEqual(props.guests, { type: 'array', items: { $ref: '#/components/schemas/Artist' } });
  await assertValid(document);
});

test('an unknown type gives a warning with file and line, and no dangling $ref', async () => {
  const { document, warnings } = build(
    block('GET /x', '@return {Missing} 200 - ok'),
    block('@typedef {object} T', '@property {Ghost} g'),
  );
  assert.deepEqual(op(document, 'get', '/x').responses['200'].content['application/json'].schema, {});
  assert.deepEqual(
    warnings.map((w) => [w.file, w.line]),
    // Typedefs are read before operations, so the typedef's warning comes first.
    [
      ['file1.js', 3],
      ['file0.js', 3],
    ],
  );
  assert.doesNotMatch(JSON.stringify(document), /Missing|Ghost/);
  await assertValid(document);
});

test('malformed tags are warnings, never exceptions', async () => {
  const { document, warnings } = build(
    block(
      'POST /bad/{id}',
      '@param {string id.path - unclosed type',
      '@param {string} justaname - no location',
      '@param {string} other.path - not in the path',
      '@param {string} request.body.x - field',
      '@param {string} request.body.x - field again',
      '@return {string} - no status',
      '@example sideways - what',
      '{}',
      '@example response - 500 - no such response',
      '{}',
    ),
  );
  assert.ok(op(document, 'post', '/bad/{id}'));
  // One warning per bad line: the unclosed type, no location, unknown path name, duplicate field, no
  // status, unknown example kind, example for an undeclared status.
  assert.deepEqual(
    warnings.map((w) => w.line).sort((a, b) => a - b),
    [3, 4, 5, 7, 8, 9, 11],
  );
  for (const w of warnings) assert.equal(w.file, 'file0.js');
  await assertValid(document);
});

test('@openapi and @swagger YAML blocks are merged into the same document', async () => {
  const { document, warnings } = build(
    block('GET /jsdoc', '@return {Pet} 200 - from a YAML component'),
    block(
      '@openapi',
      '/yaml/{id}:',
      '  get:',
      '    parameters:',
      '      - { name: id, in: path, required: true, schema: { type: string } }',
      '    responses:',
      "      '200':",
      '        description: from YAML',
      'components:',
      '  schemas:',
      '    Pet:',
      '      type: object',
    ),
    block('@swagger', 'tags:', '  - name: Pets', '    description: all pets'),
  );
  assert.deepEqual(warnings, []);
  assert.equal(op(document, 'get', '/yaml/{id}').responses['200'].description, 'from YAML');
  assert.deepEqual(op(document, 'get', '/jsdoc').responses['200'].content['application/json'].schema, {
    $ref: '#/components/schemas/Pet',
  });
  assert.deepEqual(document.tags, [{ name: 'Pets', description: 'all pets' }]);
  await assertValid(document);
});

test('bad YAML and dangling YAML references are warnings', async () => {
  const { document, warnings } = build(
    block('@openapi', '/a:', '  get: [unclosed'),
    block(
      '@openapi',
      '/b:',
      '  get:',
      '    responses:',
      "      '200':",
      '        description: b',
      '        content:',
      '          application/json:',
      '            schema:',
      "              $ref: '#/components/schemas/Nope'",
    ),
  );
  assert.equal(warnings.length, 2, JSON.stringify(warnings));
  assert.match(warnings[0]!.message, /not valid YAML/);
  assert.match(warnings[1]!.message, /points at nothing/);
  assert.doesNotMatch(JSON.stringify(document), /Nope/);
  await assertValid(document);
});

test('a duplicate operation keeps the first and warns', () => {
  const { document, warnings } = build(block('GET /d', '@summary first'), block('GET /d', '@summary second'));
  assert.equal(op(document, 'get', '/d').summary, 'first');
  assert.match(warnings[0]!.message, /documented twice/);
});

test('security alternatives with |, schemes from options always listed, schemes from YAML usable', async () => {
  const { document, warnings } = buildDocument(
    [
      {
        file: 'a.js',
        text:
          block('GET /either', '@security BearerAuth | Cookie', '@return 200') +
          block(
            '@openapi',
            'components:',
            '  securitySchemes:',
            '    Cookie:',
            '      type: apiKey',
            '      in: cookie',
            '      name: sid',
          ),
      },
    ],
    { info, security: { Unused: { type: 'http', scheme: 'basic' } } },
  );
  assert.deepEqual(warnings, []);
  assert.deepEqual(op(document, 'get', '/either').security, [{ BearerAuth: [] }, { Cookie: [] }]);
  assert.deepEqual(Object.keys(document.components.securitySchemes ?? {}).sort(), [
    'BearerAuth',
    'Cookie',
    'Unused',
  ]);
  assert.equal(document.components.securitySchemes?.BasicAuth, undefined);
  await assertValid(document);
});

test('names such as __proto__ and constructor are ordinary names, never prototype access', async () => {
  const { document } = build(
    block('@typedef {object} __proto__', '@property {string} constructor'),
    block('@typedef {object} Holder', '@property {constructor} c', '@property {toString} t'),
    block(
      'POST /x',
      '@param {string} request.body.__proto__ - a field',
      '@param {string} request.body.constructor - another',
      '@security constructor',
      '@return {hasOwnProperty} 200',
    ),
    block('@openapi', 'components:', '  constructor:', '    polluted: true'),
  );
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal((Object as unknown as Record<string, unknown>).polluted, undefined);
  assert.ok(Object.hasOwn(document.components.schemas, '__proto__'));
  const props = op(document, 'post', '/x').requestBody.content['application/json'].schema.properties;
  assert.deepEqual(Object.keys(props), ['__proto__', 'constructor']);
  assert.equal(op(document, 'post', '/x').security, undefined);
  JSON.parse(JSON.stringify(document));
});
