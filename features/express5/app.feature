@express5
Feature: kitjs/express5: the package's shape, Express 5's defaults, and what Express 5 removed
  An Express 5 app from kitjs/express5 is what `require('express')` gives with express@5 installed: the
  same members, the same defaults, none of the members Express 5 removed. The suite runs these against
  Express 5.2.1 itself too (scripts/real-express5.mjs).

  Rule: X5-001 kitjs/express5 is shaped like the express@5 package

    Scenario: express has exactly Express 5's members, and its request prototype reaches its requests
      Given the Express 5 app:
        """js
        express.request.flavourName = function () { return 'five'; };
        app.get('/', (req, res) => {
          try {
            const names = ['json', 'urlencoded', 'raw', 'text', 'static', 'Router', 'Route', 'application', 'request', 'response'];
            res.json({
              missing: names.filter((name) => express[name] === undefined),
              query: typeof express.query,
              router: typeof express.Router(),
              flavour: req.flavourName(),
              app: req.app === app && res.app === app,
            });
          } finally {
            delete express.request.flavourName;
          }
        });
        """
      When I GET "/"
      Then the JSON body is:
        """json
        { "missing": [], "query": "undefined", "router": "function", "flavour": "five", "app": true }
        """

  Rule: X5-002 Express 5's defaults, app.router, and the members Express 5 removed

    Scenario: The defaults are Express 5's: X-Powered-By, weak ETags, the 'simple' query parser
      Given the Express 5 app:
        """js
        app.get('/', (req, res) => res.json({
          poweredBy: app.get('x-powered-by'),
          etag: app.get('etag'),
          queryParser: app.get('query parser'),
          strict: app.get('strict routing') === true,
        }));
        """
      When I GET "/"
      Then the status is 200
      And the header "X-Powered-By" is "Express"
      And the header "ETag" contains "W/"
      And the JSON body is:
        """json
        { "poweredBy": true, "etag": "weak", "queryParser": "simple", "strict": false }
        """

    Scenario: app.router is the app's router, shaped by the settings set before it is first read
      Given the Express 5 app:
        """js
        app.set('case sensitive routing', true);
        app.router.get('/Abc', (req, res) => res.send('router route'));
        app.get('/check', (req, res) => res.json({ type: typeof app.router, same: app.router === app.router }));
        """
      When I GET "/Abc"
      Then the body is "router route"
      When I GET "/abc"
      Then the status is 404
      When I GET "/check"
      Then the JSON body is:
        """json
        { "type": "function", "same": true }
        """

    Scenario: app.del, req.param, res.sendfile and the singular accepts* aliases are gone
      Given the Express 5 app:
        """js
        app.get('/', (req, res) => res.json({
          del: typeof app.del,
          param: typeof req.param,
          sendfile: typeof res.sendfile,
          acceptsCharset: typeof req.acceptsCharset,
          acceptsEncoding: typeof req.acceptsEncoding,
          acceptsLanguage: typeof req.acceptsLanguage,
          plurals: [typeof req.acceptsCharsets, typeof req.acceptsEncodings, typeof req.acceptsLanguages],
        }));
        """
      When I GET "/"
      Then the JSON body is:
        """json
        {
          "del": "undefined",
          "param": "undefined",
          "sendfile": "undefined",
          "acceptsCharset": "undefined",
          "acceptsEncoding": "undefined",
          "acceptsLanguage": "undefined",
          "plurals": ["function", "function", "function"]
        }
        """

    Scenario: app.param takes a name and a function; app.param(fn) is a TypeError at once
      Given the Express 5 app:
        """js
        let thrown;
        try { app.param((name, fn) => fn); } catch (err) { thrown = err; }
        app.param('id', (req, res, next, id) => { req.seen = `id ${id}`; next(); });
        app.get('/users/:id', (req, res) => res.json({ seen: req.seen, error: thrown instanceof TypeError, message: thrown.message }));
        """
      When I GET "/users/7"
      Then the JSON body is:
        """json
        { "seen": "id 7", "error": true, "message": "argument name must be a string" }
        """

  Rule: X5-015 app.listen(cb) hands server errors to the callback

    Scenario: The callback gets nothing when the server listens, and the error when the port is taken
      Given the Express 5 app:
        """js
        const [server, first] = await new Promise((resolve) => {
          const s = app.listen(0, '127.0.0.1', (...args) => resolve([s, args]));
        });
        const other = express();
        const taken = await new Promise((resolve) => {
          other.listen(server.address().port, '127.0.0.1', (err) => resolve(err));
        });
        app.get('/', (req, res) => res.json({ firstArgs: first.length, code: taken && taken.code }));
        return server;
        """
      When I GET "/"
      Then the JSON body is:
        """json
        { "firstArgs": 0, "code": "EADDRINUSE" }
        """

  Rule: X5-017 The final handler: Express 5's pages, and the error on stderr

    Scenario: An unmatched request is finalhandler's HTML page
      Given the Express 5 app:
        """js
        app.get('/here', (req, res) => res.send('here'));
        """
      When I GET "/nowhere"
      Then the status is 404
      And the content type is "text/html; charset=utf-8"
      And the header "Content-Security-Policy" is "default-src 'none'"
      And the body contains "<pre>Cannot GET /nowhere</pre>"

    Scenario: An unhandled error's stack is written to stderr as Express writes it, nothing to stdout
      Given the process output is captured
      And the Express 5 app:
        """js
        app.set('env', 'development');
        app.get('/boom', () => { throw new Error('kaboom'); });
        """
      When I GET "/boom"
      Then the status is 500
      And the body contains "Error: kaboom"
      And standard error contains "Error: kaboom"
      And standard error contains "    at "
      And standard output does not contain "kaboom"

    Scenario: Under the env 'test', the error is written nowhere
      Given the process output is captured
      And the Express 5 app:
        """js
        app.set('env', 'test');
        app.get('/boom', () => { throw new Error('quiet failure'); });
        """
      When I GET "/boom"
      Then the status is 500
      And standard error does not contain "quiet failure"
      And standard output does not contain "quiet failure"

    Scenario: A 4xx error that reaches the end is written to stderr too, as finalhandler writes every error
      Given the process output is captured
      And the Express 5 app:
        """js
        app.set('env', 'development');
        app.get('/missing', (req, res, next) => next(Object.assign(new Error('no such page'), { status: 404 })));
        """
      When I GET "/missing"
      Then the status is 404
      And standard error contains "Error: no such page"
      And standard output does not contain "no such page"

  Rule: EXP-014 An Express app's routing settings are inherited when mounted, and read when its router would be made

    Scenario: A kitjs/express5 sub-app that registers after it is mounted compares as its parent says; one that registered first keeps its own
      Given the Express 5 app:
        """js
        app.enable('case sensitive routing');
        app.set('strict routing', true);
        const late = express();
        const early = express();
        early.get('/Early', (req, res) => res.send('early'));
        app.use('/late', late);
        app.use('/early', early);
        late.get('/Item', (req, res) => res.send('late item'));
        early.get('/Later', (req, res) => res.send('early later'));
        world.read = [late.get('case sensitive routing'), late.get('strict routing'), express().get('strict routing')];
        """
      When I GET "/late/Item"
      Then the body is "late item"
      When I GET "/late/item"
      Then the status is 404
      When I GET "/late/Item/"
      Then the status is 404
      When I GET "/early/early/"
      Then the body is "early"
      When I GET "/early/later"
      Then the body is "early later"
      And this holds:
        """js
        assert.deepEqual(world.read, [true, true, undefined]);
        """
