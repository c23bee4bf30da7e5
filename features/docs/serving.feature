@docs
Feature: setupSwagger serves the document and swagger-ui

  setupSwagger(app, options?) checks its options, reads the annotated files once, and registers
  GET /api-docs (swagger-ui) and GET /api-docs/swagger.json on the app.

  Rule: DOCS-001 Options are checked when setupSwagger is called

    @kit-error-codes
    Scenario: bad options throw a TypeError naming the option
      Given the app:
        """
        const attempts = [
          null,
          { info: 'API' },
          { info: { title: '' } },
          { info: { title: 'API', version: 1 } },
          { info: { title: 'API', version: '1.0.0' }, filesPattern: 42 },
          { info: { title: 'API', version: '1.0.0' }, servers: [{ description: 'no url' }] },
          { info: { title: 'API', version: '1.0.0' }, path: 'api-docs' },
        ];
        world.errors = attempts.map((options) => {
          try {
            // not typed: each attempt passes options setupSwagger refuses
            setupSwagger(app, options);
            return 'no error';
          } catch (err) {
            return `${err.name} ${err.code}: ${err.message}`;
          }
        });
        """
      Then this holds:
        """
        const expected = [/options must be an object/, /options\.info must be an object/, /info\.title/, /info\.version/,
          /filesPattern/, /servers/, /options\.path/];
        assert.equal(world.errors.length, expected.length);
        world.errors.forEach((text, i) => {
          assert.match(text, /^TypeError KIT_ERR_DOCS_BAD_OPTIONS: setupSwagger: /);
          assert.match(text, expected[i]);
        });
        """

  Rule: DOCS-002 Annotated files come from filesPattern, never from node_modules

    Scenario: the default pattern reads the files below the base directory and skips node_modules
      Given the annotated file "routes/users.js":
        """
        /**
         * GET /users
         * @return {array<object>} 200 - every user
         */
        """
      And the annotated file "node_modules/some-package/index.js":
        """
        /**
         * GET /from-a-dependency
         * @return 200
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Default pattern', version: '1.0.0' }, baseDir: tmpDir });
        """
      Then the documented paths are exactly:
        | GET | /users |

    Scenario: a pattern may name TypeScript files and several patterns may be given
      Given the annotated file "routes/users.js":
        """
        /**
         * GET /users
         * @return 200
         */
        """
      And the annotated file "routes/orders.ts":
        """
        /**
         * GET /orders
         * @return 200
         */
        app.get('/orders', (req: KitRequest, res: KitResponse) => res.json([]));
        """
      And the app:
        """
        world.docs = setupSwagger(app, {
          info: { title: 'Patterns', version: '1.0.0' },
          baseDir: tmpDir,
          filesPattern: ['routes/**/*.ts', 'routes/users.js'],
        });
        """
      Then the documented paths are exactly:
        | GET | /orders |
        | GET | /users  |

  Rule: DOCS-017 GET /api-docs/swagger.json serves the document

    Scenario: the first request already gets the complete, valid document
      Given the annotated file "users.js":
        """
        /**
         * GET /users/{id}
         * @summary Fetch a user
         * @param {string} id.path - the id
         * @return {object} 200 - the user
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, {
          info: { title: 'Users API', version: '2.1.0', description: 'Everything about users' },
          servers: [{ url: 'http://localhost:3000', description: 'local' }],
          baseDir: tmpDir,
          filesPattern: '*.js',
        });
        app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
        """
      When I GET "/api-docs/swagger.json"
      Then the status is 200
      And the content type is "application/json; charset=utf-8"
      And the header "Cache-Control" is "no-cache"
      And the JSON body includes:
        """
        {
          "openapi": "3.0.0",
          "info": { "title": "Users API", "version": "2.1.0", "description": "Everything about users" },
          "servers": [{ "url": "http://localhost:3000", "description": "local" }],
          "paths": { "/users/{id}": { "get": { "summary": "Fetch a user" } } },
          "components": { "schemas": {} }
        }
        """
      And this holds:
        """
        assert.deepEqual(response.json(), JSON.parse(JSON.stringify(world.docs.document)));
        """
      And the served document is valid OpenAPI 3

    Scenario: the reference fixture is documented in full and valid
      Given the app:
        """
        world.docs = setupSwagger(app, {
          info: { title: 'Users service', version: '1.0.0' },
          baseDir: fixtures,
          filesPattern: 'docs/users.js',
        });
        """
      Then setupSwagger reported no annotation warnings
      And the documented paths are exactly:
        | POST   | /register          |
        | GET    | /users             |
        | GET    | /users/{id}        |
        | DELETE | /users/{id}        |
        | PUT    | /users/{id}/avatar |
        | GET    | /health            |
      And the served document is valid OpenAPI 3

  Rule: DOCS-018 GET /api-docs serves swagger-ui without inline code

    Scenario: the page, the initializer file and the assets
      Given the app:
        """
        setupSwagger(app, { info: { title: 'Users API', version: '1.0.0' }, baseDir: fixtures, filesPattern: 'docs/users.js' });
        """
      When I GET "/api-docs"
      Then the status is 200
      And the content type is "text/html; charset=utf-8"
      And the body contains "<script src=\"/api-docs/swagger-initializer.js\""
      And the body contains "<link rel=\"stylesheet\" type=\"text/css\" href=\"/api-docs/swagger-ui.css\">"
      And the body does not contain "<style"
      And the body does not contain "style="
      And this holds:
        """
        // Every <script> element loads a file: none carries inline code.
        const scripts = response.text.match(/<script[^>]*>[^<]*<\/script>/g);
        assert.equal(scripts.length, 2);
        for (const tag of scripts) assert.match(tag, /^<script src="[^"]+"[^>]*><\/script>$/);
        """
      When I GET "/api-docs/"
      Then the status is 200
      And the body contains "swagger-initializer.js"
      When I GET "/api-docs/swagger-initializer.js"
      Then the status is 200
      And the content type is "text/javascript; charset=utf-8"
      And the body contains "url: \"/api-docs/swagger.json\""
      When I GET "/api-docs/swagger-ui.css"
      Then the status is 200
      And the content type is "text/css; charset=utf-8"
      And the header "Cache-Control" is "public, max-age=86400"
      And the body contains ".swagger-ui"
      And the body does not contain "data:"
      And this holds:
        """
        // The stylesheet's images were data: URLs; now they are files beside it.
        const names = [...response.text.matchAll(/url\("img\/([\w.]+)"\)/g)].map((m) => m[1]);
        const svg = names.find((name) => name.endsWith('.svg'));
        assert.ok(svg, 'no SVG image file in the stylesheet');
        const image = await world.send('GET', `/api-docs/img/${svg}`);
        assert.equal(image.status, 200);
        assert.equal(image.headers['content-type'], 'image/svg+xml; charset=utf-8');
        assert.match(image.text, /^<svg/);
        """
      When I GET "/api-docs/favicon-32x32.png"
      Then the content type is "image/png"
      When I HEAD "/api-docs/swagger-ui-bundle.js"
      Then the status is 200
      And the content type is "text/javascript; charset=utf-8"
      And the body is empty

    Scenario: assets carry an ETag that revalidates to 304
      Given the app:
        """
        setupSwagger(app, { info: { title: 'Users API', version: '1.0.0' }, baseDir: fixtures, filesPattern: 'docs/users.js' });
        """
      When I GET "/api-docs/swagger-ui-standalone-preset.js"
      Then the status is 200
      And this holds:
        """
        const etag = response.headers.etag;
        assert.ok(etag, 'no ETag');
        const again = await world.send('GET', '/api-docs/swagger-ui-standalone-preset.js', { headers: { 'if-none-match': etag } });
        assert.equal(again.status, 304);
        assert.equal(again.body.length, 0);
        """

    Scenario: nothing else under /api-docs is served
      Given the app:
        """
        setupSwagger(app, { info: { title: 'Users API', version: '1.0.0' }, baseDir: fixtures, filesPattern: 'docs/users.js' });
        """
      When I GET "/api-docs/package.json"
      Then the status is 404
      When I GET the raw path "/api-docs/../package.json"
      Then the status is 404
      When I GET "/api-docs/swagger-ui.js.map"
      Then the status is 404
      When I GET "/api-docs/img/not-in-the-stylesheet.svg"
      Then the status is 404

    Scenario: the UI can be mounted elsewhere
      Given the app:
        """
        setupSwagger(app, { info: { title: 'Users API', version: '1.0.0' }, baseDir: fixtures, filesPattern: 'docs/users.js', path: '/docs' });
        """
      When I GET "/docs/swagger-initializer.js"
      Then the body contains "url: \"/docs/swagger.json\""
      When I GET "/docs/swagger.json"
      Then the status is 200
      When I GET "/api-docs/swagger.json"
      Then the status is 404

  Rule: DOCS-021 The default pattern reads the code that runs, and a pattern that finds nothing is reported

    Scenario: .js, .mjs, .cjs, .ts, .mts and .cts files are read; declarations and build output are not
      Given the annotated file "server.mjs":
        """
        /**
         * GET /from-mjs
         * @return 200
         */
        """
      And the annotated file "src/orders.ts":
        """
        /**
         * GET /from-ts
         * @return 200
         */
        """
      And the annotated file "src/legacy.cjs":
        """
        /**
         * GET /from-cjs
         * @return 200
         */
        """
      And the annotated file "src/more.mts":
        """
        /**
         * GET /from-mts
         * @return 200
         */
        """
      And the annotated file "src/old.cts":
        """
        /**
         * GET /from-cts
         * @return 200
         */
        """
      And the annotated file "dist/orders.js":
        """
        /**
         * GET /from-dist
         * @return 200
         */
        """
      And the annotated file "types/orders.d.ts":
        """
        /**
         * GET /from-declarations
         * @return 200
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Default pattern', version: '1.0.0' }, baseDir: tmpDir });
        """
      Then the documented paths are exactly:
        | GET | /from-cjs |
        | GET | /from-cts |
        | GET | /from-mjs |
        | GET | /from-mts |
        | GET | /from-ts  |

    @kit-lifecycle
    Scenario: a pattern that finds no file is a warning at setup, through the app's logger, naming it and the directory
      Given the annotated file "routes/users.js":
        """
        /**
         * GET /users
         * @return 200
         */
        """
      And the app:
        """js
        const lines = [];
        const own = {
          level: 'info',
          info() {},
          warn: (fields, msg) => lines.push({ ...fields, msg }),
          error() {},
          child() {
            return own;
          },
        };
        const shop = kit({ logger: own });
        shop.get('/users', (req, res) => res.json([]));
        world.docs = setupSwagger(shop, { info: { title: 'Shop', version: '1.0.0' }, baseDir: tmpDir, filesPattern: ['./routes/*.js', './lib/*.js'] });
        world.empty = setupSwagger(kit({ logger: own }), { info: { title: 'Empty', version: '1.0.0' }, baseDir: `${tmpDir}/routes`, filesPattern: '*.ts' });
        world.lines = lines;
        world.dir = tmpDir;
        return shop.listen(0, '127.0.0.1');
        """
      Then the documented paths are exactly:
        | GET | /users |
      And this holds:
        """js
        assert.deepEqual(world.lines, [
          {
            filesPattern: './lib/*.js',
            baseDir: world.dir,
            msg: `API docs: filesPattern "./lib/*.js" found no file in ${world.dir}: annotations there are not read; check filesPattern and baseDir`,
          },
          {
            filesPattern: '*.ts',
            baseDir: `${world.dir}/routes`,
            msg: `API docs: filesPattern "*.ts" found no file in ${world.dir}/routes: annotations there are not read; check filesPattern and baseDir`,
          },
        ]);
        """

    Scenario: the default pattern finding nothing is reported in kitjs's log too
      Given the log lines are captured
      And the annotated file "notes.txt":
        """
        /**
         * GET /users
         * @return 200
         */
        """
      And the app:
        """
        app.get('/users', (req, res) => res.json([]));
        world.docs = setupSwagger(app, { info: { title: 'Nothing found', version: '1.0.0' }, baseDir: tmpDir });
        """
      Then a log line includes:
        """json
        { "level": 40, "filesPattern": "./**/*.{js,mjs,cjs,ts,mts,cts}" }
        """


  Rule: DOCS-022 swagger-ui-dist is an optional peer; without it the JSON is still served

    Scenario: Without swagger-ui-dist, the JSON is served and /api-docs says how to add the UI
      Given the app:
        """js
        // Hide swagger-ui-dist from module resolution while setupSwagger looks for it, as in an app that did not install it.
        const Module = require('node:module');
        // not typed: Node's internal resolver, kept to put it back
        const resolve = Module._resolveFilename;
        // not typed: Node's internal resolver, wrapped to hide swagger-ui-dist
        Module._resolveFilename = function (request, ...rest) {
          if (request === 'swagger-ui-dist' || request.startsWith('swagger-ui-dist/')) {
            throw Object.assign(new Error(`Cannot find module '${request}'`), { code: 'MODULE_NOT_FOUND' });
          }
          return resolve.call(this, request, ...rest);
        };
        try {
          world.docs = setupSwagger(app, { info: { title: 'Shop', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        } finally {
          // not typed: Node's internal resolver, put back as it was
          Module._resolveFilename = resolve;
        }
        app.get('/orders/:id', (req, res) => res.send('fine'));
        """
      When I GET "/api-docs/swagger.json"
      Then the status is 200
      And the header "content-type" is "application/json; charset=utf-8"
      And the served document is valid OpenAPI 3
      And the documented paths are exactly:
        | GET | /orders/{id} |
      When I GET "/api-docs"
      Then the status is 200
      And the header "content-type" is "text/html; charset=utf-8"
      And the body contains "npm install swagger-ui-dist"
      And the body contains "/api-docs/swagger.json"
      And the body does not contain "<script"
      When I GET "/api-docs/swagger-ui-bundle.js"
      Then the status is 404
