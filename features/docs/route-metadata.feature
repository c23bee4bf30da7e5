@docs
Feature: A route's OpenAPI words live in its code

  What a route is called, how it is grouped and how it is secured can be written in its schema, with the
  names Fastify gives them, so it reaches the document however the app was built. A route behind
  authMiddleware needs no word at all to be documented with the bearer scheme.

  Rule: DOCS-030 A route's schema carries its OpenAPI words, under Fastify's names

    @kit-routes
    Scenario: summary, description, tags, operationId, deprecated, security and hide reach the document
      Given the app:
        """js
        const { z } = require('zod');
        app.use(json());
        world.docs = setupSwagger(app, { info: { title: 'Shop', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        app.get('/orders', {
          schema: {
            summary: 'List orders',
            description: 'Newest first.',
            tags: ['orders'],
            operationId: 'listOrders',
            security: [{ bearerAuth: [] }],
          },
        }, (req, res) => res.json([]));
        app.post('/orders/legacy', { schema: { deprecated: true, tags: ['orders', 'legacy'], body: z.object({ item: z.string() }) } }, (req, res) => res.status(201).end());
        app.get('/internal/metrics', { schema: { hide: true } }, (req, res) => res.send('ok'));
        """
      When I GET "/internal/metrics"
      Then the status is 200
      And the documented paths are exactly:
        | GET  | /orders        |
        | POST | /orders/legacy |
      And the documented operation GET "/orders" includes:
        """
        {
          "summary": "List orders",
          "description": "Newest first.",
          "tags": ["orders"],
          "operationId": "listOrders",
          "deprecated": false,
          "security": [{ "bearerAuth": [] }]
        }
        """
      And the documented operation POST "/orders/legacy" includes:
        """
        { "deprecated": true, "tags": ["orders", "legacy"], "requestBody": { "required": true } }
        """
      And the served document includes:
        """
        {
          "tags": [{ "name": "orders" }, { "name": "legacy" }],
          "components": { "securitySchemes": { "bearerAuth": { "type": "http", "scheme": "bearer", "bearerFormat": "JWT" } } }
        }
        """
      And the served document is valid OpenAPI 3
      And setupSwagger reported no annotation warnings
      And this holds:
        """js
        // The hidden route is meant to be out of the document: it is not drift either.
        assert.deepEqual(world.docs.drift(), { unmatchedOperations: [], undocumentedRoutes: [] });
        assert.deepEqual(world.app.routes().find((r) => r.path === '/internal/metrics').schema, { hide: true });
        """

    Scenario Outline: <misuse> is a TypeError naming the route
      Given the app:
        """js
        try {
          // not typed: each row passes route options the types refuse, which throws a TypeError
          <code>;
          world.thrown = 'nothing';
        } catch (err) {
          world.thrown = `${err.constructor.name}: ${err.message}`;
        }
        """
      Then this holds:
        """js
        assert.match(world.thrown, /^TypeError: /);
        assert.ok(world.thrown.includes(`<names>`), world.thrown);
        """

      Examples:
        | misuse                        | code                                                                                       | names                                                        |
        | a word outside schema         | app.get('/x', { summary: 'List' }, (req, res) => res.end())                                | get('/x'): unknown route option "summary"                    |
        | tags outside schema           | app.get('/x', { tags: ['a'] }, (req, res) => res.end())                                    | write { schema: { tags } }                                   |
        | tags that are no array        | app.get('/x', { schema: { tags: 'orders' } }, (req, res) => res.end())                     | get('/x'): schema.tags must be an array of non-empty strings |
        | a summary that is no string   | app.get('/x', { schema: { summary: 42 } }, (req, res) => res.end())                        | get('/x'): schema.summary must be a string                   |
        | an empty operationId          | app.get('/x', { schema: { operationId: '' } }, (req, res) => res.end())                    | schema.operationId must be a non-empty string                |
        | deprecated that is no boolean | app.get('/x', { schema: { deprecated: 'yes' } }, (req, res) => res.end())                  | schema.deprecated must be true or false                      |
        | hide that is no boolean       | app.get('/x', { schema: { hide: 1 } }, (req, res) => res.end())                            | schema.hide must be true or false                            |
        | scopes that are no array      | app.get('/x', { schema: { security: [{ bearerAuth: 'read' }] } }, (req, res) => res.end()) | schema.security must be an array of requirements             |
        | security that is no array     | app.get('/x', { schema: { security: { bearerAuth: [] } } }, (req, res) => res.end())       | schema.security must be an array of requirements             |

  Rule: DOCS-031 What the code says wins over an annotation; tags are added together

    Scenario: the schema's summary, operationId and security replace the comment's; the tags of both stay
      Given the annotated file "orders.js":
        """
        /**
         * GET /orders/{id}
         * @summary An old summary
         * @description Kept: the code gives no description.
         * @tags orders - Everything about orders
         * @operationId oldName
         * @security BasicAuth
         * @return {object} 200 - the order
         */
        /**
         * GET /invoices
         * @operationId getInvoices
         */
        """
      And the app:
        """js
        world.docs = setupSwagger(app, { info: { title: 'Shop', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        app.get('/orders/:orderId', { schema: { summary: 'One order', tags: ['billing', 'orders'], operationId: 'getOrder', security: [{ bearerAuth: [] }] } }, (req, res) => res.json({}));
        app.get('/invoices', (req, res) => res.json([]));
        app.get('/invoices/all', { schema: { operationId: 'getInvoices', security: [{ ApiKey: [] }] } }, (req, res) => res.json([]));
        """
      Then the documented operation GET "/orders/{id}" includes:
        """
        {
          "summary": "One order",
          "description": "Kept: the code gives no description.",
          "tags": ["orders", "billing"],
          "operationId": "getOrder",
          "security": [{ "bearerAuth": [] }],
          "responses": { "200": { "description": "the order" } }
        }
        """
      And the served document includes:
        """
        { "tags": [{ "name": "orders", "description": "Everything about orders" }, { "name": "billing" }] }
        """
      And the documented operation GET "/invoices/all" has no "operationId"
      And the documented operation GET "/invoices/all" has no "security"
      And the served document is valid OpenAPI 3
      And this holds:
        """js
        const messages = world.docs.warnings.filter((w) => w.route?.path === '/invoices/all').map((w) => w.message);
        assert.deepEqual(messages, [
          'GET /invoices/all: operationId "getInvoices" is already used by another operation; it was left out here',
          `GET /invoices/all: unknown security scheme "ApiKey": use BearerAuth, bearerAuth, BasicAuth or one given in setupSwagger's security option`,
        ]);
        """

  Rule: DOCS-032 A route behind authMiddleware is documented with the bearer scheme

    Scenario: guards among a route's handlers, or put by use() before it, give the route bearerAuth
      Given the app:
        """js
        world.docs = setupSwagger(app, { info: { title: 'Shop', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        const partners = authMiddleware({ secret: 'partners-secret-0123456789-abcdef' });
        app.get('/health', (req, res) => res.send('ok'));
        app.get('/me', authMiddleware, (req, res) => res.json(req.user));
        app.get('/partner', partners, (req, res) => res.json(req.user));
        app.get('/open', { schema: { security: [] } }, authMiddleware, (req, res) => res.send('documented as open'));
        const admin = new Router();
        admin.get('/users', (req, res) => res.json([]));
        app.use('/admin', authMiddleware, admin);
        app.get('/administrators', (req, res) => res.send('not under /admin'));
        """
      When I GET "/me"
      Then the status is 401
      And the documented operation GET "/me" includes:
        """
        { "security": [{ "bearerAuth": [] }] }
        """
      And the documented operation GET "/partner" includes:
        """
        { "security": [{ "bearerAuth": [] }] }
        """
      And the documented operation GET "/admin/users" includes:
        """
        { "security": [{ "bearerAuth": [] }] }
        """
      And the documented operation GET "/open" includes:
        """
        { "security": [] }
        """
      And the documented operation GET "/health" has no "security"
      And the documented operation GET "/administrators" has no "security"
      And the served document includes:
        """
        { "components": { "securitySchemes": { "bearerAuth": { "type": "http", "scheme": "bearer", "bearerFormat": "JWT" } } } }
        """
      And the served document is valid OpenAPI 3

    Scenario: an annotation's @security stays, and the document's own bearer scheme is reused
      Given the annotated file "me.js":
        """
        /**
         * GET /me
         * @security BearerAuth
         * @return {object} 200 - the caller
         */
        /**
         * GET /keys
         * @security BasicAuth
         */
        """
      And the app:
        """js
        world.docs = setupSwagger(app, { info: { title: 'Shop', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        app.get('/me', authMiddleware, (req, res) => res.json(req.user));
        app.get('/keys', authMiddleware, (req, res) => res.json([]));
        app.get('/settings', authMiddleware, (req, res) => res.json({}));
        """
      Then the documented operation GET "/keys" includes:
        """
        { "security": [{ "BasicAuth": [] }] }
        """
      And the documented operation GET "/settings" includes:
        """
        { "security": [{ "BearerAuth": [] }] }
        """
      And the served document does not mention "bearerAuth"
      And the served document is valid OpenAPI 3

  Rule: DOCS-033 A status without a body is documented without content

    Scenario: 204 and 304 responses have a description and no content, from a schema or an annotation
      Given the annotated file "files.js":
        """
        /**
         * DELETE /notes/{id}
         * @return 204 - Deleted
         */
        """
      And the app:
        """js
        const { z } = require('zod');
        const { Type } = require('@sinclair/typebox');
        world.docs = setupSwagger(app, { info: { title: 'Files', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        app.delete('/files/:id', { schema: { response: { 204: z.undefined() } } }, (req, res) => res.status(204).end());
        app.delete('/notes/:id', { schema: { response: { 204: Type.Null(), '4xx': Type.Object({ message: Type.String() }) } } }, (req, res) => res.status(204).end());
        app.get('/report', { schema: { response: { 200: z.object({ total: z.number() }), 304: z.undefined() } } }, (req, res) => res.json({ total: 1 }));
        app.get('/plain', (req, res) => res.sendStatus(204));
        """
      When I DELETE "/files/7"
      Then the status is 204
      And the documented operation DELETE "/files/{id}" includes:
        """
        { "responses": { "204": { "description": "No Content" } } }
        """
      And the documented operation DELETE "/notes/{id}" includes:
        """
        { "responses": { "204": { "description": "Deleted" }, "4XX": { "content": { "application/json": {} } } } }
        """
      And the documented operation GET "/report" includes:
        """
        { "responses": { "200": { "content": { "application/json": {} } }, "304": { "description": "Not Modified" } } }
        """
      And the documented operation GET "/plain" includes:
        """
        { "responses": { "default": { "description": "Default response" } } }
        """
      And the served document is valid OpenAPI 3
      And setupSwagger reported no annotation warnings
      And this holds:
        """js
        const paths = JSON.parse(JSON.stringify(world.docs.document.paths));
        assert.equal(paths['/files/{id}'].delete.responses['204'].content, undefined);
        assert.equal(paths['/notes/{id}'].delete.responses['204'].content, undefined);
        assert.equal(paths['/report'].get.responses['304'].content, undefined);
        """

  Rule: DOCS-034 A query or header parameter with a default is not required

    Scenario: TypeBox and Zod defaults, and optional properties, are not required parameters
      Given the app:
        """js
        const { z } = require('zod');
        const { Type } = require('@sinclair/typebox');
        world.docs = setupSwagger(app, { info: { title: 'Search', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        app.get('/search', {
          schema: {
            query: Type.Object({ q: Type.String(), page: Type.Integer({ default: 1 }), size: Type.Optional(Type.Integer()) }),
            headers: Type.Object({ 'x-tenant': Type.String({ default: 'main' }) }),
          },
        }, (req, res) => res.json(req.query));
        app.get('/zsearch', { schema: { query: z.object({ q: z.string(), page: z.coerce.number().default(1) }) } }, (req, res) => res.json(req.query));
        """
      When I GET "/search?q=shoes"
      Then the status is 200
      And the JSON body is:
        """
        { "q": "shoes", "page": 1 }
        """
      And the documented operation GET "/search" includes:
        """
        {
          "parameters": [
            { "name": "q", "in": "query", "required": true },
            { "name": "page", "in": "query", "required": false, "schema": { "type": "integer", "default": 1 } },
            { "name": "size", "in": "query", "required": false },
            { "name": "x-tenant", "in": "header", "required": false }
          ]
        }
        """
      And the documented operation GET "/zsearch" includes:
        """
        {
          "parameters": [
            { "name": "q", "in": "query", "required": true },
            { "name": "page", "in": "query", "required": false }
          ]
        }
        """
      And the served document is valid OpenAPI 3

  Rule: DOCS-035 An app shipped as compiled JavaScript is documented

    Scenario: an app built with esbuild, which drops comments, keeps the words its route options give
      Given the annotated file "src/routes.ts":
        """
        import type { KitApp, Middleware } from 'kitjs';

        /**
         * GET /orders
         * @summary A comment esbuild drops
         */
        export function routes(app: KitApp, guard: Middleware): void {
          app.get(
            '/orders',
            { schema: { summary: 'List orders', tags: ['orders'], security: [{ bearerAuth: [] }] } },
            guard,
            (req, res) => res.json([]),
          );
          app.get('/me', guard, (req, res) => res.json(req.user));
        }
        """
      And the annotated file "package.json":
        """
        { "name": "shop", "version": "1.2.0" }
        """
      And the app:
        """js
        const { readFileSync, writeFileSync } = require('node:fs');
        // The build: src/routes.ts to dist/routes.js, as `esbuild src/*.ts --outdir=dist --format=cjs` writes it.
        require('esbuild').buildSync({ entryPoints: [`${tmpDir}/src/routes.ts`], outdir: `${tmpDir}/dist`, format: 'cjs', platform: 'node', logLevel: 'silent' });
        world.compiled = readFileSync(`${tmpDir}/dist/routes.js`, 'utf8');
        writeFileSync(`${tmpDir}/dist/server.js`, "require('./routes.js');\n");
        require(`${tmpDir}/dist/routes.js`).routes(app, authMiddleware);
        // Started as `node dist/server.js` from the app's folder: the entry module is dist/server.js.
        const [entry, started] = [process.argv[1], process.cwd()];
        process.argv[1] = `${tmpDir}/dist/server.js`;
        process.chdir(tmpDir);
        try {
          world.docs = setupSwagger(app);
        } finally {
          process.argv[1] = entry;
          process.chdir(started);
        }
        """
      Then this holds:
        """js
        // What esbuild wrote has no comment left, and the docs read dist/, where the app runs from.
        assert.ok(!world.compiled.includes('/**'), world.compiled);
        assert.deepEqual(world.docs.files.map((file) => file.split('/').slice(-2).join('/')), ['dist/routes.js', 'dist/server.js']);
        """
      And the documented operation GET "/orders" includes:
        """
        { "summary": "List orders", "tags": ["orders"], "security": [{ "bearerAuth": [] }] }
        """
      And the documented operation GET "/me" includes:
        """
        { "security": [{ "bearerAuth": [] }] }
        """
      And the served document does not mention "A comment esbuild drops"
      And the served document includes:
        """
        { "info": { "title": "shop", "version": "1.2.0" } }
        """
      And the served document is valid OpenAPI 3

    Scenario: an app built with tsc, which keeps comments, is documented from the annotations of its dist/
      Given the annotated file "src/routes.ts":
        """
        import type { KitApp } from 'kitjs';

        export function routes(app: KitApp): void {
          /**
           * GET /orders
           * @summary From the compiled comment
           * @tags orders
           * @return {array<object>} 200 - the orders
           */
          app.get('/orders', (req, res) => res.json([]));
        }
        """
      And the app:
        """js
        const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
        const ts = require('typescript');
        // The build: what `tsc` (removeComments off, its default) writes for src/routes.ts.
        const { outputText } = ts.transpileModule(readFileSync(`${tmpDir}/src/routes.ts`, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
        mkdirSync(`${tmpDir}/dist`);
        writeFileSync(`${tmpDir}/dist/routes.js`, outputText);
        writeFileSync(`${tmpDir}/dist/server.js`, "require('./routes.js');\n");
        require(`${tmpDir}/dist/routes.js`).routes(app);
        const entry = process.argv[1];
        process.argv[1] = `${tmpDir}/dist/server.js`;
        try {
          world.docs = setupSwagger(app, { info: { title: 'Shop', version: '1.0.0' }, baseDir: tmpDir });
        } finally {
          process.argv[1] = entry;
        }
        """
      Then the documented operation GET "/orders" includes:
        """
        { "summary": "From the compiled comment", "tags": ["orders"], "responses": { "200": { "description": "the orders" } } }
        """
      And setupSwagger reported no annotation warnings
      And this holds:
        """js
        // The sources beside dist/ are not read: they would document GET /orders a second time.
        assert.ok(world.docs.files.every((file) => file.includes('/dist/')), JSON.stringify(world.docs.files));
        """
