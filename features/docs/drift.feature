@docs
Feature: The documentation cannot drift from the routes unnoticed

  kitjs knows its live routes (app.routes()), so setupSwagger compares them with the documented
  operations: drift() returns the differences, and they are logged once when the server starts.

  Rule: DOCS-020 Drift between the docs and the live routes is reported

    Scenario: drift() lists documented-but-unrouted operations and undocumented routes
      Given the annotated file "routes.js":
        """
        /**
         * GET /users/{id}
         * @return {object} 200 - the user
         */

        /**
         * DELETE /users/{id}
         * @return 204
         */

        /**
         * GET /files/{name}
         * @return 200
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Drift', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        app.get('/users/:userId', (req, res) => res.json({ id: req.params.userId }));
        app.get('/files/:name?', (req, res) => res.send(req.params.name ?? 'index'));
        app.post('/users', (req, res) => res.status(201).json({}));
        """
      Then this holds:
        """
        assert.deepEqual(world.docs.drift(), {
          unmatchedOperations: [{ method: 'DELETE', path: '/users/:id' }],
          undocumentedRoutes: [{ method: 'POST', path: '/users' }],
        });
        """

    Scenario: the drift is logged at warn level when the server starts listening
      Given the annotated file "routes.js":
        """
        /**
         * GET /documented-only
         * @return 200
         */
        """
      And the app:
        """
        world.setEnv('LOG_FILE', tmpDir + '/log.jsonl');
        logger.level = 'info';
        world.logFile = tmpDir + '/log.jsonl';
        setupSwagger(app, { info: { title: 'Drift', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        app.get('/routed-only', (req, res) => res.send('hi'));
        """
      Then this holds:
        """
        const { readFileSync } = require('node:fs');
        const lines = readFileSync(world.logFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
        const unrouted = lines.find((l) => /documented but not routed: GET \/documented-only/.test(l.msg));
        const undocumented = lines.find((l) => /routes without documentation: GET \/routed-only/.test(l.msg));
        assert.ok(unrouted && undocumented, JSON.stringify(lines));
        assert.equal(unrouted.level, 40);
        assert.deepEqual(undocumented.routes, [{ method: 'GET', path: '/routed-only' }]);
        """
