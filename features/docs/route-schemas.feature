@docs
Feature: Routes with schemas document themselves

  A route's schemas (Zod, Valibot, TypeBox) are the truth about what it accepts and answers, so setupSwagger
  puts them in the OpenAPI document beside the JSDoc annotations, and the drift report counts the route as
  documented.

  Rule: DOCS-023 A route's schemas become its operation

    Scenario: a Zod route shows its body, parameters and responses in swagger.json
      Given the app:
        """js
        const { z } = require('zod');
        app.use(json());
        world.docs = setupSwagger(app, { info: { title: 'Zod', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        app.put('/users/:id', {
          schema: {
            params: z.object({ id: z.string().uuid() }),
            query: z.object({ notify: z.enum(['yes', 'no']), page: z.coerce.number().optional() }),
            headers: z.object({ 'x-tenant': z.string() }),
            body: z.object({ name: z.string().min(1), age: z.number().int().optional() }),
            response: { 200: z.object({ id: z.string(), name: z.string() }), '4xx': z.object({ message: z.string() }), default: z.object({ code: z.string() }) },
          },
        }, (req, res) => res.json({ id: req.params.id, name: req.body.name }));
        """
      Then the documented operation PUT "/users/{id}" includes:
        """
        {
          "parameters": [
            { "name": "id", "in": "path", "required": true, "schema": { "type": "string", "format": "uuid" } },
            { "name": "notify", "in": "query", "required": true, "schema": { "type": "string", "enum": ["yes", "no"] } },
            { "name": "page", "in": "query", "required": false, "schema": { "type": "number" } },
            { "name": "x-tenant", "in": "header", "required": true, "schema": { "type": "string" } }
          ],
          "requestBody": {
            "required": true,
            "content": { "application/json": { "schema": {
              "type": "object",
              "properties": { "name": { "type": "string", "minLength": 1 }, "age": { "type": "integer" } },
              "required": ["name"]
            } } }
          },
          "responses": {
            "200": { "description": "OK", "content": { "application/json": { "schema": { "type": "object", "required": ["id", "name"] } } } },
            "4XX": { "description": "4XX response", "content": { "application/json": { "schema": { "properties": { "message": { "type": "string" } } } } } },
            "default": { "description": "Default response", "content": { "application/json": { "schema": { "properties": { "code": { "type": "string" } } } } } }
          }
        }
        """
      And the served document is valid OpenAPI 3

    Scenario: an all route with a schema is left to annotations, with a warning
      Given the app:
        """js
        const { z } = require('zod');
        world.docs = setupSwagger(app, { info: { title: 'All', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        app.all('/anything', { schema: { query: z.object({ q: z.string() }) } }, (req, res) => res.send('ok'));
        app.get('/plain/:name', { schema: { query: z.object({ q: z.string() }) } }, (req, res) => res.send('ok'));
        """
      Then the documented paths are exactly:
        | GET | /plain/{name} |
      And the documented operation GET "/plain/{name}" includes:
        """
        {
          "parameters": [
            { "name": "q", "in": "query", "required": true, "schema": { "type": "string" } },
            { "name": "name", "in": "path", "required": true, "schema": { "type": "string" } }
          ],
          "responses": { "default": { "description": "Default response" } }
        }
        """
      And this holds:
        """js
        const warning = world.docs.warnings.find((w) => w.route?.path === '/anything');
        assert.ok(warning, JSON.stringify(world.docs.warnings));
        assert.deepEqual(warning.route, { method: 'ALL', path: '/anything' });
        assert.match(warning.message, /OpenAPI has no ALL operation/);
        """

  Rule: DOCS-024 Schemas are converted to OpenAPI 3.0 schemas, or named as unconvertible

    Scenario: a TypeBox route shows its JSON Schema, brought into OpenAPI 3.0's words
      Given the app:
        """js
        const { Type } = require('@sinclair/typebox');
        app.use(json());
        world.docs = setupSwagger(app, { info: { title: 'TypeBox', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        const Pet = Type.Object({
          kind: Type.Literal('cat'),
          name: Type.String({ minLength: 1, $id: 'PetName' }),
          born: Type.Optional(Type.String({ format: 'date' })),
          nickname: Type.Union([Type.String(), Type.Null()]),
        });
        app.post('/pets', { schema: { body: Pet, response: { 201: Type.Object({ id: Type.Integer({ exclusiveMinimum: 0 }) }) } } }, (req, res) => res.status(201).json({ id: 1 }));
        """
      Then the documented operation POST "/pets" includes:
        """
        {
          "requestBody": { "content": { "application/json": { "schema": {
            "type": "object",
            "required": ["kind", "name", "nickname"],
            "properties": {
              "kind": { "type": "string", "enum": ["cat"] },
              "name": { "type": "string", "minLength": 1 },
              "born": { "type": "string", "format": "date" }
            }
          } } } },
          "responses": { "201": { "description": "Created", "content": { "application/json": { "schema": {
            "properties": { "id": { "type": "integer", "minimum": 0, "exclusiveMinimum": true } }
          } } } } }
        }
        """
      And the served document does not mention "$id"
      And the served document is valid OpenAPI 3

    Scenario: Valibot wrapped with toStandardJsonSchema shows its schema
      Given the app:
        """js
        const v = require('valibot');
        const { toStandardJsonSchema } = require('@valibot/to-json-schema');
        app.use(json());
        world.docs = setupSwagger(app, { info: { title: 'Valibot', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        const body = toStandardJsonSchema(v.object({ title: v.pipe(v.string(), v.maxLength(80)), done: v.optional(v.boolean()) }));
        app.post('/todos', { schema: { body } }, (req, res) => res.status(201).json(req.body));
        """
      When I POST "/todos" with the JSON body:
        """
        { "title": "write docs" }
        """
      Then the status is 201
      And the documented operation POST "/todos" includes:
        """
        { "requestBody": { "required": true, "content": { "application/json": { "schema": {
          "type": "object",
          "properties": { "title": { "type": "string", "maxLength": 80 }, "done": { "type": "boolean" } },
          "required": ["title"]
        } } } } }
        """
      And setupSwagger reported no annotation warnings
      And the served document is valid OpenAPI 3

    Scenario: a plain Valibot schema keeps its operation and is named in a warning
      Given the app:
        """js
        const v = require('valibot');
        world.docs = setupSwagger(app, { info: { title: 'Valibot', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        app.post('/todos', { schema: { body: v.object({ title: v.string() }) } }, (req, res) => res.status(201).end());
        """
      Then the documented operation POST "/todos" includes:
        """
        { "requestBody": { "required": true, "content": { "application/json": { "schema": {} } } } }
        """
      And the served document is valid OpenAPI 3
      And this holds:
        """js
        const [warning, ...rest] = world.docs.warnings;
        assert.equal(rest.length, 0, JSON.stringify(world.docs.warnings));
        assert.deepEqual(warning.route, { method: 'POST', path: '/todos' });
        assert.equal(warning.file, '');
        assert.match(warning.message, /POST \/todos: the body schema/);
        assert.match(warning.message, /toStandardJsonSchema\(\) from @valibot\/to-json-schema/);
        """

    Scenario: Zod's definitions and recursive schemas become components the document resolves
      Given the app:
        """js
        const { z } = require('zod');
        world.docs = setupSwagger(app, { info: { title: 'Refs', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        const User = z.object({ id: z.string() }).meta({ id: 'User' });
        const Category = z.object({ name: z.string(), get children() { return z.array(Category); } });
        app.get('/pair', { schema: { response: { 200: z.object({ a: User, b: User }) } } }, (req, res) => res.json({ a: { id: '1' }, b: { id: '2' } }));
        app.get('/tree', { schema: { response: { 200: Category } } }, (req, res) => res.json({ name: 'root', children: [] }));
        """
      Then the documented operation GET "/pair" includes:
        """
        { "responses": { "200": { "content": { "application/json": { "schema": {
          "properties": { "a": { "$ref": "#/components/schemas/GetPairResponse200.User" } }
        } } } } } }
        """
      And the documented schema "GetPairResponse200.User" is:
        """
        { "type": "object", "properties": { "id": { "type": "string" } }, "required": ["id"], "additionalProperties": false }
        """
      And the served document includes:
        """
        { "components": { "schemas": { "GetTreeResponse200": { "properties": { "children": { "items": { "$ref": "#/components/schemas/GetTreeResponse200" } } } } } } }
        """
      And the served document is valid OpenAPI 3

  Rule: DOCS-025 An annotation's words stay; the route's schemas replace its types

    Scenario: the annotation keeps its words, the schema replaces its types and fills what it lacks
      Given the annotated file "routes.js":
        """
        /**
         * PATCH /users/{id}
         * @summary Rename a user
         * @tags users
         * @param {string} id.path - the user's number
         * @param {string} request.body.required - the new name
         * @return {string} 200 - the renamed user
         * @return {object} 404 - no such user
         */

        /**
         * GET /users/{id}
         * @summary Fetch a user
         */
        """
      And the app:
        """js
        const { z } = require('zod');
        app.use(json());
        world.docs = setupSwagger(app, { info: { title: 'Merge', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        const params = z.object({ userId: z.coerce.number().int() });
        app.patch('/users/:userId', { schema: { params, body: z.object({ name: z.string() }), response: { 200: z.object({ name: z.string() }) } } }, (req, res) => res.json(req.body));
        app.get('/users/:userId', { schema: { params, response: { 200: z.object({ id: z.number() }) } } }, (req, res) => res.json({ id: req.params.userId }));
        """
      Then the documented paths are exactly:
        | PATCH | /users/{id} |
        | GET   | /users/{id} |
      And the documented operation PATCH "/users/{id}" includes:
        """
        {
          "summary": "Rename a user",
          "tags": ["users"],
          "parameters": [{ "name": "id", "in": "path", "required": true, "description": "the user's number", "schema": { "type": "integer" } }],
          "requestBody": { "required": true, "description": "the new name", "content": { "application/json": { "schema": { "type": "object", "properties": { "name": { "type": "string" } } } } } },
          "responses": {
            "200": { "description": "the renamed user", "content": { "application/json": { "schema": { "type": "object", "properties": { "name": { "type": "string" } } } } } },
            "404": { "description": "no such user", "content": { "application/json": { "schema": { "type": "object" } } } }
          }
        }
        """
      And the documented operation GET "/users/{id}" includes:
        """
        {
          "summary": "Fetch a user",
          "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "integer" } }],
          "responses": { "200": { "description": "OK", "content": { "application/json": { "schema": { "properties": { "id": { "type": "number" } } } } } } }
        }
        """
      And this holds:
        """js
        const res = await world.send('GET', '/api-docs/swagger.json');
        const doc = res.json();
        assert.equal(doc.paths['/users/{id}'].get.responses.default, undefined, 'the placeholder default response gave way');
        assert.equal(doc.paths['/users/{id}'].patch.parameters.length, 1);
        """
      And the served document is valid OpenAPI 3

  Rule: DOCS-026 The schemas join the document at start-up, so late routes are included

    Scenario: routes registered after setupSwagger are in the document once the server listens
      Given the app:
        """js
        const { z } = require('zod');
        world.docs = setupSwagger(app, { info: { title: 'Late', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        world.pathsBeforeListen = Object.keys(world.docs.document.paths);
        app.get('/late', { schema: { query: z.object({ q: z.string() }) } }, (req, res) => res.send('ok'));
        """
      Then the documented paths are exactly:
        | GET | /late |
      And this holds:
        """js
        assert.deepEqual(world.pathsBeforeListen, []);
        assert.ok(world.docs.document.paths['/late'].get, 'the returned document is the served one, completed');
        const first = await (await world.send('GET', '/api-docs/swagger.json')).text;
        const second = await (await world.send('GET', '/api-docs/swagger.json')).text;
        assert.equal(first, second);
        """

  Rule: DOCS-027 A route with a schema is documented

    Scenario: a schema'd route is not reported undocumented; an unrouted annotation still is
      Given the annotated file "routes.js":
        """
        /**
         * GET /gone
         * @return 200
         */
        """
      And the app:
        """js
        const { z } = require('zod');
        world.docs = setupSwagger(app, { info: { title: 'Drift', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        app.get('/items', { schema: { query: z.object({ page: z.string().optional() }) } }, (req, res) => res.json([]));
        app.get('/bare', (req, res) => res.send('no docs'));
        """
      Then this holds:
        """js
        assert.deepEqual(world.docs.drift(), {
          unmatchedOperations: [{ method: 'GET', path: '/gone' }],
          undocumentedRoutes: [{ method: 'GET', path: '/bare' }],
        });
        """
