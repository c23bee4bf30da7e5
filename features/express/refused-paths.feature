@express
Feature: A path kitjs/express refuses before routing still goes through the app's front and error path
  A path with no canonical form (a malformed escape, a NUL byte) is refused with 400 before anything routes
  it, but the app's front middleware (helmet, security(), cors, loggers) still runs, and its error
  middleware and error handler still shape the answer, as for any other error in an Express app.

  Rule: ROUTE-018 Escapes of unreserved characters are the characters; a malformed escape is refused

    Scenario: a front middleware's headers are on the 400, and X-Powered-By is gone when it removes it
      Given the Express app:
        """js
        // What helmet does: set headers and remove Express's banner, for every request.
        app.use((req, res, next) => {
          res.removeHeader('X-Powered-By');
          res.setHeader('X-Frame-Options', 'DENY');
          next();
        });
        app.use(express.static(tmpDir));
        app.use('/api', express.Router().get('/users/:id', (req, res) => res.send('a router saw it')));
        app.get('*', (req, res) => res.send('a route saw it'));
        """
      When I GET the raw path "/api/users/%E0%A4%A"
      Then the status is 400
      And the header "X-Frame-Options" is "DENY"
      And the header "X-Powered-By" is absent
      And the body does not contain "saw it"
      When I GET "/api/users/7"
      Then the status is 200
      And the header "X-Powered-By" is absent

    Scenario: security() on an Express app: its headers on the 400, no X-Powered-By
      Given the Express app:
        """js
        app.use(security());
        app.get('/api/users/:id', (req, res) => res.send('a route saw it'));
        """
      When I GET the raw path "/api/users/%E0%A4%A"
      Then the status is 400
      And the header "X-Content-Type-Options" is "nosniff"
      And the header "X-Powered-By" is absent

    @kit-error-codes @kit-http-error
    Scenario: the app's error middleware shapes the 400, with the refusal's code
      Given the Express app:
        """js
        world.seen = [];
        app.use((req, res, next) => { world.seen.push(req.path); next(); });
        app.get('*', (req, res) => res.send('a route saw it'));
        app.use((err, req, res, next) => {
          world.seen.push({ code: err.code, status: err.status, http: err instanceof HttpError });
          res.status(err.status).json({ refused: err.code });
        });
        """
      When I GET the raw path "/api/users/%E0%A4%A"
      Then the status is 400
      And the JSON body is:
        """json
        { "refused": "KIT_ERR_ROUTE_BAD_ENCODING" }
        """
      And this holds:
        """js
        assert.deepEqual(world.seen, ['/api/users/%E0%A4%A', { code: 'KIT_ERR_ROUTE_BAD_ENCODING', status: 400, http: true }]);
        """

    @kit-error-codes
    Scenario: app(req, res, next) in another server runs the front, then gives the refusal to next
      Given the Express app:
        """js
        app.use((req, res, next) => { res.setHeader('X-Front', 'ran'); next(); });
        app.get('*', (req, res) => res.send('a route saw it'));
        const http = require('node:http');
        const server = http.createServer((req, res) => {
          app(req, res, (err) => {
            res.statusCode = err ? err.status : 404;
            res.end(`outer: ${err && err.code}`);
          });
        });
        await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
        return server;
        """
      When I GET the raw path "/api/users/%E0%A4%A"
      Then the status is 400
      And the header "X-Front" is "ran"
      And the body is "outer: KIT_ERR_ROUTE_BAD_ENCODING"

  Rule: ROUTE-019 A NUL byte in the path is refused before routing

    @kit-error-codes
    Scenario: a NUL in the path gets the front's headers and reaches the error middleware, never a file
      Given the Express app:
        """js
        const { writeFileSync } = require('node:fs');
        writeFileSync(require('node:path').join(tmpDir, 'a.txt'), 'the file a.txt');
        app.use((req, res, next) => { res.removeHeader('X-Powered-By'); res.setHeader('X-Front', 'ran'); next(); });
        app.use(express.static(tmpDir));
        app.use((err, req, res, next) => res.status(err.status).send(`error middleware: ${err.code}`));
        """
      When I GET the raw path "/a.txt%00"
      Then the status is 400
      And the header "X-Front" is "ran"
      And the header "X-Powered-By" is absent
      And the body is "error middleware: KIT_ERR_ROUTE_NUL_BYTE"
      And the server still answers GET "/a.txt" with 200
