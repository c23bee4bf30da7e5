@docs
Feature: Annotation mistakes are warnings, never crashes

  A malformed annotation is repaired or skipped. setupSwagger returns every problem in `warnings`,
  each with the file (relative to baseDir) and the line of the tag, logs each one at warn level, and
  still serves a valid document.

  Rule: DOCS-015 Annotation problems are warnings, never crashes

    Scenario: each malformed line gives one warning naming its file and line
      Given the annotated file "routes/bad.js":
        """
        /**
         * POST /bad/{id}
         * @param {string id.path - an unclosed type
         * @param {string} justaname - no location
         * @param {string} other.path - not in the path
         * @return {string} - no status
         * @example sideways - not a kind
         * {}
         * @example response - 500 - no @return for this status
         * {}
         * @security NoSuchScheme
         */

        /**
         * GET users
         * @return 200
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Bad', version: '1.0.0' }, baseDir: tmpDir, filesPattern: 'routes/*.js' });
        """
      Then setupSwagger reported 8 annotation warnings
      And setupSwagger warned "unpaired curlies" at line 3 of "routes/bad.js"
      And setupSwagger warned "malformed @param \"justaname\"" at line 4 of "routes/bad.js"
      And setupSwagger warned "does not appear in /bad/{id}" at line 5 of "routes/bad.js"
      And setupSwagger warned "needs a status code" at line 6 of "routes/bad.js"
      And setupSwagger warned "@example must start with" at line 7 of "routes/bad.js"
      And setupSwagger warned "no @return declares that status" at line 9 of "routes/bad.js"
      And setupSwagger warned "unknown security scheme \"NoSuchScheme\"" at line 11 of "routes/bad.js"
      And setupSwagger warned "needs a path starting with \"/\"" at line 15 of "routes/bad.js"
      And the documented operation POST "/bad/{id}" has no "security"
      And the served document is valid OpenAPI 3

    Scenario: an example body that is not JSON is kept as text, with a warning
      Given the annotated file "login.js":
        """
        /**
         * POST /login
         * @param {object} request.body - credentials
         * @return 200
         * @example request - broken
         * { "email": }
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Login', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then setupSwagger warned "not valid JSON" at line 5 of "login.js"
      And the documented operation POST "/login" includes:
        """
        { "requestBody": { "content": { "application/json": { "examples": { "example1": { "summary": "broken", "value": "{ \"email\": }" } } } } } }
        """

    Scenario: duplicates keep the first definition
      Given the annotated file "dups.js":
        """
        /**
         * GET /thing
         * @summary first
         * @operationId getThing
         * @param {string} request.body.a - ignored on GET anyway
         */

        /**
         * GET /thing
         * @summary second
         */

        /**
         * GET /other
         * @operationId getThing
         */

        /**
         * @typedef {object} Thing
         * @property {string} a
         * @property {number} a
         */

        /**
         * @typedef {object} Thing
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Dups', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation GET "/thing" includes:
        """
        { "summary": "first", "operationId": "getThing" }
        """
      And the documented operation GET "/other" has no "operationId"
      And the documented schema "Thing" is:
        """
        { "type": "object", "properties": { "a": { "type": "string" } } }
        """
      And setupSwagger warned "documented twice" at line 8 of "dups.js"
      And setupSwagger warned "already used" at line 15 of "dups.js"
      And setupSwagger warned "declared twice" at line 21 of "dups.js"
      And setupSwagger warned "already defined" at line 25 of "dups.js"

    Scenario: warnings are logged at warn level with file and line
      Given the annotated file "typo.js":
        """
        /**
         * GET /typo
         * @return {Strnig} 200 - a typo in the type
         */
        """
      And the app:
        """
        world.setEnv('LOG_FILE', tmpDir + '/log.jsonl');
        world.setEnv('LOG_LEVEL', 'info');
        logger.level = 'info';
        world.docs = setupSwagger(app, { info: { title: 'Typo', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        world.logFile = tmpDir + '/log.jsonl';
        """
      Then this holds:
        """
        const { readFileSync } = require('node:fs');
        const lines = readFileSync(world.logFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
        const entry = lines.find((l) => /unknown type "Strnig"/.test(l.msg));
        assert.ok(entry, JSON.stringify(lines));
        assert.equal(entry.level, 40);
        assert.equal(entry.file, 'typo.js');
        assert.equal(entry.line, 3);
        """
