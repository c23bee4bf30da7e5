@express5
Feature: kitjs/express5 routing: path-to-regexp 8's paths, req.params, path errors and rejected promises
  Express 5 reads string paths with path-to-regexp 8: named splats, optional parts in braces, quoted names,
  and no regular-expression characters in strings. kitjs/express5 reads them the same way, and says more
  than Express 5 when a path does not compile.

  Rule: X5-003 Express 5 path syntax: path-to-regexp 8

    Scenario Outline: <pattern> on <path> gives <params>
      Given the Express 5 app:
        """js
        app.get(<pattern>, (req, res) => res.json({ ...req.params }));
        """
      When I GET "<path>"
      Then the status is 200
      And the JSON body is:
        """json
        <params>
        """

      Examples:
        | pattern             | path             | params                            |
        | '/users/:id'        | /users/42        | { "id": "42" }                    |
        | '/files/*splat'     | /files/a/b/c     | { "splat": ["a", "b", "c"] }      |
        | '/{*splat}'         | /                | {}                                |
        | '/{*splat}'         | /x/y             | { "splat": ["x", "y"] }           |
        | '/:file{.:ext}'     | /report          | { "file": "report" }              |
        | '/:file{.:ext}'     | /report.pdf      | { "file": "report", "ext": "pdf" } |
        | '/users{/:id}'      | /users           | {}                                |
        | '/users{/:id}'      | /users/7         | { "id": "7" }                     |
        | '/:"this-one"'      | /v               | { "this-one": "v" }               |
        | '/:from-:to'        | /a-b             | { "from": "a", "to": "b" }        |
        | '/price\\\\(usd\\\\)' | /price(usd)      | {}                                |
        | /^\\/re\\/(\\d+)$/  | /re/12           | { "0": "12" }                     |
        | ['/one', '/two/:n'] | /two/2           | { "n": "2" }                      |

    Scenario: A splat does not match the root; a dot and a dash are literal
      Given the Express 5 app:
        """js
        app.get('/files/*splat', (req, res) => res.send('files'));
        app.get('/v1.0/a-b', (req, res) => res.send('literal'));
        """
      When I GET "/files"
      Then the status is 404
      When I GET "/v1x0/a-b"
      Then the status is 404
      When I GET "/v1.0/a-b"
      Then the body is "literal"

  Rule: X5-004 req.params: a null prototype, splats as arrays, an unmatched optional parameter absent

    Scenario: req.params has no prototype; splat segments are decoded one by one; an unmatched optional is absent
      Given the Express 5 app:
        """js
        app.get('/files/*path', (req, res) => res.json({
          path: req.params.path,
          nullPrototype: Object.getPrototypeOf(req.params) === null,
        }));
        app.get('/doc/:name{.:ext}', (req, res) => res.json({
          keys: Object.keys(req.params),
          hasExt: 'ext' in req.params,
        }));
        app.get('/c/:constructor', (req, res) => res.json({ value: req.params.constructor }));
        """
      When I GET "/files/a/b%20c"
      Then the JSON body is:
        """json
        { "path": ["a", "b c"], "nullPrototype": true }
        """
      When I GET "/doc/readme"
      Then the JSON body is:
        """json
        { "keys": ["name"], "hasExt": false }
        """
      When I GET "/c/x"
      Then the JSON body is:
        """json
        { "value": "x" }
        """

  Rule: X5-005 A path that does not compile is a TypeError at registration, naming the route, the line and the Express 5 spelling

    Scenario Outline: The string path <pattern> is a TypeError naming it, thrown when it is registered
      Given the Express 5 app:
        """js
        let thrown;
        try { app.get(<pattern>, (req, res) => res.send('never')); } catch (err) { thrown = err; }
        app.get('/', (req, res) => res.json({
          typeError: thrown instanceof TypeError,
          namesPath: String(thrown && thrown.message).includes(<pattern>),
        }));
        """
      When I GET "/"
      Then the JSON body is:
        """json
        { "typeError": true, "namesPath": true }
        """

      Examples:
        | pattern       |
        | '/a(b)'       |
        | '/a[b]'       |
        | '/ab?c'       |
        | '/a+'         |
        | '/a!'         |
        | '/files/*'    |
        | '/users/:'    |
        | '/{a'         |
        | '/user/:id?'  |

    Scenario: app.use and router.route refuse such a path too
      Given the Express 5 app:
        """js
        const errors = [];
        try { app.use('/api(v1)', (req, res) => res.send('never')); } catch (err) { errors.push(err instanceof TypeError); }
        try { express.Router().route('/x+'); } catch (err) { errors.push(err instanceof TypeError); }
        app.get('/', (req, res) => res.json(errors));
        """
      When I GET "/"
      Then the JSON body is:
        """json
        [true, true]
        """

    @kit-better
    Scenario: kitjs names the file and line that registered the path, and the Express 5 spelling to use
      Given the Express 5 app:
        """js
        const { join } = require('node:path');
        const { writeFileSync } = require('node:fs');
        const file = join(tmpDir, 'routes.cjs');
        writeFileSync(file, [
          'module.exports = (app) => {',
          "  app.get('/files/*', (req, res) => res.send('files'));",
          '};',
          'module.exports.optional = (app) => {',
          "  app.get('/user/:id?', (req, res) => res.send('user'));",
          '};',
          '',
        ].join('\n'));
        const messages = [];
        try { require(file)(app); } catch (err) { messages.push(err.message); }
        try { require(file).optional(app); } catch (err) { messages.push(err.message); }
        app.get('/', (req, res) => res.json(messages));
        """
      When I GET "/"
      Then this holds:
        """js
        const [splat, optional] = JSON.parse(response.text);
        assert.match(splat, /'\/files\/\*'|"\/files\/\*"/);
        assert.match(splat, /routes\.cjs:2\b/);
        assert.ok(splat.includes('/files/*splat'), splat);
        assert.match(optional, /routes\.cjs:5\b/);
        assert.ok(optional.includes('/user{/:id}'), optional);
        """

  Rule: X5-006 A rejected promise from a handler, a middleware or a param callback goes to next(err)

    Scenario: Rejections from a handler, a middleware, a param callback and an error middleware reach the error middleware
      Given the Express 5 app:
        """js
        app.param('id', async (req, res, next, id) => {
          if (id === 'bad') throw new Error('bad id');
          next();
        });
        app.use('/mw', async () => { throw new Error('from middleware'); });
        app.get('/handler', async () => { throw new Error('from handler'); });
        app.get('/items/:id', (req, res) => res.send(`item ${req.params.id}`));
        app.get('/empty', () => Promise.reject());
        app.get('/chain', async () => { throw new Error('first'); });
        app.use(async (err, req, res, next) => {
          if (err.message === 'first') throw new Error('second');
          next(err);
        });
        app.use((err, req, res, next) => res.status(500).send(`caught: ${err.message}`));
        """
      When I GET "/handler"
      Then the status is 500
      And the body is "caught: from handler"
      When I GET "/mw"
      Then the body is "caught: from middleware"
      When I GET "/items/bad"
      Then the body is "caught: bad id"
      When I GET "/items/good"
      Then the body is "item good"
      When I GET "/empty"
      Then the body is "caught: Rejected promise"
      When I GET "/chain"
      Then the body is "caught: second"

    Scenario: Without an error middleware, a rejection is the final handler's 500
      Given the Express 5 app:
        """js
        app.set('env', 'production');
        app.get('/', async () => { throw new Error('hidden'); });
        """
      When I GET "/"
      Then the status is 500
      And the body contains "<pre>Internal Server Error</pre>"
      And the body does not contain "hidden"

  Rule: X5-016 OPTIONS answers Allow with spaces

    Scenario: OPTIONS without a handler lists the methods, HEAD with GET, joined by a comma and a space
      Given the Express 5 app:
        """js
        app.route('/thing').put((req, res) => res.end()).get((req, res) => res.end());
        """
      When I OPTIONS "/thing"
      Then the status is 200
      And the header "Allow" is "GET, HEAD, PUT"
      And the body is "GET, HEAD, PUT"

  Rule: XROUTE-018 use() prefixes read as Express reads them, and paths without their leading slash

    Scenario: A prefix with braces is path-to-regexp 8's; a path without its leading slash registers and answers nothing
      Given the Express 5 app:
        """js
        app.use('/api{/v1}', (req, res) => res.send(`api at ${req.baseUrl}`));
        app.get('foo', (req, res) => res.send('foo'));
        app.use('bar', (req, res) => res.send('bar'));
        """
      When I GET "/api/v1/x"
      Then the body is "api at /api/v1"
      When I GET "/api/x"
      Then the body is "api at /api"
      When I GET "/foo"
      Then the status is 404
      When I GET "/bar"
      Then the status is 404

  Rule: XROUTE-020 One request's route regexes that can backtrack share one budget

    Scenario: 200 quadratic Express 5 routes cost a 2,039-character path what one does
      Given the Express 5 app:
        """js
        for (let i = 0; i < 200; i++) {
          app.get(`/files/:from-:to-v${i}`, (req, res) => res.send(`v${i} ${req.params.to}`));
        }
        """
      Then this holds:
        """js
        const port = world.server.address().port;
        const get = async (path) => {
          const response = await fetch(`http://127.0.0.1:${port}${path}`);
          return `${response.status} ${response.status === 200 ? await response.text() : ''}`;
        };
        // The first route's try costs 2039^2 of the 2^22 steps: none of the 199 after it fits in what is left.
        assert.equal(await get(`/files/${'a'.repeat(2025)}-b-v199`), '404 ');
        // An ordinary path leaves room for all 200 (200 × 114^2 steps).
        assert.equal(await get(`/files/${'a'.repeat(100)}-b-v199`), '200 v199 b');
        """
