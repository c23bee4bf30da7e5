@docs
Feature: setupSwagger(app) with nothing else documents the whole app

  No options, no annotation, no schema: every route is in the OpenAPI document, named after the app's
  package.json. Annotations and schemas still make an operation richer.

  Rule: DOCS-028 Every route is in the document, with or without a schema or an annotation

    Scenario: routes with neither a schema nor an annotation are listed with their path parameters
      Given the annotated file "routes.js":
        """
        /**
         * GET /users/{id}
         * @summary One user
         * @return {object} 200 - the user
         */
        """
      And the app:
        """js
        const { z } = require('zod');
        app.use(json());
        world.docs = setupSwagger(app, { info: { title: 'Shop', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        app.get('/users/:userId', (req, res) => res.json({ id: req.params.userId }));
        app.get('/health', (req, res) => res.send('ok'));
        app.delete('/files/*', (req, res) => res.sendStatus(204));
        app.get('/pages/:slug?', (req, res) => res.send('page'));
        app.post('/orders', { schema: { body: z.object({ item: z.string() }) } }, (req, res) => res.status(201).json({ item: req.body.item }));
        app.all('/anything', (req, res) => res.send('any'));
        """
      When I GET "/health"
      Then the documented paths are exactly:
        | GET    | /users/{id}   |
        | GET    | /health       |
        | DELETE | /files/{0}    |
        | GET    | /pages/{slug} |
        | POST   | /orders       |
      And the documented operation GET "/health" includes:
        """
        { "deprecated": false, "responses": { "default": { "description": "Default response" } } }
        """
      And the documented operation GET "/health" has no "operationId"
      And the documented operation DELETE "/files/{0}" includes:
        """
        {
          "parameters": [
            { "name": "0", "in": "path", "required": true, "schema": { "type": "string" }, "description": "The rest of the path; it may hold \"/\"." }
          ],
          "responses": { "default": { "description": "Default response" } }
        }
        """
      And the documented operation GET "/pages/{slug}" includes:
        """
        {
          "parameters": [
            { "name": "slug", "in": "path", "required": true, "schema": { "type": "string" }, "description": "Optional: the route also answers without this segment." }
          ]
        }
        """
      And the documented operation GET "/users/{id}" includes:
        """
        { "summary": "One user", "responses": { "200": { "description": "the user" } } }
        """
      And the documented operation POST "/orders" includes:
        """
        { "requestBody": { "required": true, "content": { "application/json": { "schema": { "type": "object", "required": ["item"] } } } } }
        """
      And the served document is valid OpenAPI 3
      And this holds:
        """js
        // The drift report still reads annotations and schemas: a route documented by its path alone counts as undocumented.
        assert.deepEqual(world.docs.drift().undocumentedRoutes, [
          { method: 'GET', path: '/health' },
          { method: 'DELETE', path: '/files/*' },
          { method: 'GET', path: '/pages/:slug?' },
          { method: 'ALL', path: '/anything' },
        ]);
        """

  Rule: DOCS-029 info defaults to the app's package.json

    Scenario: setupSwagger(app) takes title, version and description from the nearest package.json
      Given the log lines are captured
      And the annotated file "server.js":
        """
        // An app with no annotation: read, and documented from its routes alone, without a drift warning.
        """
      And the annotated file "package.json":
        """
        { "name": "shop-api", "version": "2.3.0", "description": "Orders and invoices." }
        """
      And the app:
        """js
        app.get('/orders/:id', (req, res) => res.json({ id: req.params.id }));
        // Started from the app's folder, as `npm start` starts it; put back at once (the files are read during the call).
        const started = process.cwd();
        process.chdir(tmpDir);
        try {
          world.docs = setupSwagger(app);
        } finally {
          process.chdir(started);
        }
        """
      Then the served document includes:
        """
        { "info": { "title": "shop-api", "version": "2.3.0", "description": "Orders and invoices." } }
        """
      And the documented paths are exactly:
        | GET | /orders/{id} |
      And the served document is valid OpenAPI 3
      And no log line contains "API docs"

    Scenario: parts given win, a package.json without them gives API and 0.0.0, and a given title takes no description
      Given the annotated file "service/package.json":
        """
        { "private": true, "description": "Not the API's words." }
        """
      And the app:
        """js
        world.docs = setupSwagger(app, { info: { title: 'Billing' }, baseDir: `${tmpDir}/service`, filesPattern: '*.js' });
        world.fallback = setupSwagger(kit(), { baseDir: `${tmpDir}/service`, filesPattern: '*.js' });
        """
      Then the served document includes:
        """
        { "info": { "title": "Billing", "version": "0.0.0" } }
        """
      And the served document does not mention "Not the API's words."
      And this holds:
        """js
        assert.deepEqual(world.fallback.document.info, { title: 'API', version: '0.0.0', description: "Not the API's words." });
        """
