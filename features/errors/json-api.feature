@errors @kit-error-answers
Feature: One error story for a JSON API
  A JSON API answers JSON everywhere: kit({ errors: 'problem+json' }) makes every answer kitjs and its
  batteries write themselves (the 404 of an unknown route, a bad body, a failed validation, a static file's
  refusal, the auth guard's 401, a database's 409, a timeout, a 500) an RFC 9457 problem document with
  kitjs's code, and setNotFoundHandler lets unknown routes go through the app's own code. kit() alone keeps
  its text answers.

  @kit-lifecycle @kit-error-codes @kit-http-error
  Rule: ERR-013 errors: 'problem+json' makes every answer kitjs writes itself an RFC 9457 problem

    Background:
      Given the app:
        """js
        const { z } = require('zod');
        const { join } = require('node:path');
        const api = kit({ errors: 'problem+json' });
        api.use(json({ limit: 64 }));
        api.post('/users', { schema: { body: z.object({ email: z.email() }) } }, (req, res) => res.status(201).json(req.body));
        api.use('/files', serveStatic(join(fixtures, 'static'), { fallthrough: false }));
        api.get('/taken', () => { throw new HttpError(409, 'Email taken', { code: 'EMAIL_TAKEN', headers: { 'Retry-After': '30' } }); });
        api.get('/hidden', () => { throw new HttpError(403, 'account 42 is locked by rule 7', { code: 'LOCKED', expose: false }); });
        api.get('/crash', () => { throw new HttpError(500, 'database at 10.0.0.7 refused', { code: 'ECONNREFUSED', expose: true }); });
        api.get('/bug', () => { throw new TypeError("Cannot read properties of undefined (reading 'id') at /srv/app.js:12"); });
        return api.listen(0, '127.0.0.1');
        """

    Scenario: An unknown route is a problem 404 with kitjs's code
      When I GET "/nowhere"
      Then the status is 404
      And the content type is "application/problem+json"
      And the header "X-Content-Type-Options" is "nosniff"
      And the JSON body is:
        """json
        { "type": "about:blank", "title": "Not Found", "status": 404, "code": "KIT_ERR_NOT_FOUND" }
        """

    Scenario: A malformed JSON body is a problem 400 with its code
      When I POST "/users" with content type "application/json" and exactly these bytes:
        """
        { "email":
        """
      Then the status is 400
      And the content type is "application/problem+json"
      And the JSON body is:
        """json
        { "type": "about:blank", "title": "Bad Request", "status": 400, "detail": "Malformed JSON body", "code": "KIT_ERR_BODY_INVALID_JSON" }
        """

    Scenario: A body over the limit is a problem 413
      When I POST "/users" with the JSON body:
        """
        { "email": "a-very-long-address-to-go-over-the-limit@example.com", "padding": "xxxxxxxx" }
        """
      Then the status is 413
      And the content type is "application/problem+json"
      And the JSON body includes:
        """json
        { "type": "about:blank", "title": "Payload Too Large", "status": 413, "code": "KIT_ERR_BODY_TOO_LARGE" }
        """

    Scenario: A charset the parser does not read is a problem 415
      When I POST "/users" with content type "application/json; charset=latin9" and the body:
        """
        {}
        """
      Then the status is 415
      And the content type is "application/problem+json"
      And the JSON body is:
        """json
        { "type": "about:blank", "title": "Unsupported Media Type", "status": 415, "detail": "Unsupported charset", "code": "KIT_ERR_BODY_UNSUPPORTED_CHARSET" }
        """

    Scenario: A failed validation is a problem 400 that keeps its part and issues
      When I POST "/users" with the JSON body:
        """
        { "email": "not-an-address" }
        """
      Then the status is 400
      And the content type is "application/problem+json"
      And the JSON body is:
        """json
        {
          "type": "about:blank", "title": "Bad Request", "status": 400,
          "detail": "Invalid request body", "code": "KIT_ERR_VALIDATION",
          "part": "body", "issues": [{ "path": ["email"], "message": "Invalid email address" }]
        }
        """
      And the body does not contain "not-an-address"

    Scenario: A method serveStatic refuses is a problem 405 with its Allow header
      When I POST "/files/index.html"
      Then the status is 405
      And the content type is "application/problem+json"
      And the header "Allow" is "GET, HEAD"
      And the JSON body is:
        """json
        { "type": "about:blank", "title": "Method Not Allowed", "status": 405, "code": "KIT_ERR_STATIC_METHOD" }
        """

    Scenario: An application's HttpError keeps its message, code and headers
      When I GET "/taken"
      Then the status is 409
      And the header "Retry-After" is "30"
      And the JSON body is:
        """json
        { "type": "about:blank", "title": "Conflict", "status": 409, "detail": "Email taken", "code": "EMAIL_TAKEN" }
        """

    Scenario Outline: <what> shows only the status
      When I GET "<path>"
      Then the status is <status>
      And the content type is "application/problem+json"
      And the JSON body is:
        """json
        { "type": "about:blank", "title": "<title>", "status": <status> }
        """
      And the body does not contain "<secret>"

      Examples:
        | what                                   | path    | status | title                 | secret       |
        | a 4xx with expose: false               | /hidden | 403    | Forbidden             | LOCKED       |
        | a 5xx, even with expose: true and code | /crash  | 500    | Internal Server Error | ECONNREFUSED |
        | a plain error                          | /bug    | 500    | Internal Server Error | /srv/app.js  |

  @kit-lifecycle
  Rule: ERR-013 the option: text by default, problems everywhere once asked, a TypeError for anything else

    Scenario: Without the option, kit() keeps its text answers
      Given the app:
        """js
        app.use(json());
        app.post('/echo', (req, res) => res.json(req.body));
        """
      When I GET "/nowhere"
      Then the status is 404
      And the content type is "text/plain; charset=utf-8"
      And the body is "Not Found"
      When I POST "/echo" with content type "application/json" and exactly these bytes:
        """
        { "broken":
        """
      Then the status is 400
      And the content type is "text/plain; charset=utf-8"
      And the body is "Malformed JSON body"

    Scenario: What a failing error handler leaves is a problem too
      Given the app:
        """js
        const api = kit({ errors: 'problem+json' });
        api.get('/fail', () => { throw new Error('original'); });
        api.setErrorHandler(() => { throw new Error('the handler broke at /srv/handler.js'); });
        return api.listen(0, '127.0.0.1');
        """
      When I GET "/fail"
      Then the status is 500
      And the content type is "application/problem+json"
      And the JSON body is:
        """json
        { "type": "about:blank", "title": "Internal Server Error", "status": 500 }
        """

    Scenario Outline: errors: <value> is a TypeError when the app is made
      Given the app:
        """js
        const assert = require('node:assert');
        // not typed: each row passes an errors option the types refuse, which throws a TypeError
        assert.throws(() => kit({ errors: <value> }), { name: 'TypeError', message: /errors.*"text" or "problem\+json"/ });
        """

      Examples:
        | value  |
        | 'json' |
        | 'xml'  |
        | true   |

    @express @kit-error-codes
    Scenario: A kitjs/express app that asks for problems answers them instead of Express's pages
      Given the Express app:
        """js
        const api = express({ errors: 'problem+json' });
        api.get('/here', (req, res) => res.send('here'));
        return api.listen(0, '127.0.0.1');
        """
      When I GET "/nowhere"
      Then the status is 404
      And the content type is "application/problem+json"
      And the JSON body is:
        """json
        { "type": "about:blank", "title": "Not Found", "status": 404, "code": "KIT_ERR_NOT_FOUND" }
        """

  @kit-lifecycle @kit-error-codes @sqlite
  Rule: ERR-013 every battery's refusal is a problem carrying kitjs's code, a 5xx of kitjs's own included

    Scenario: One app with every battery answers each refusal as a problem with its code
      Given a token "stale" signed with HS256 and the secret "walk-secret-0123456789abcdef01234" that expired 60 seconds ago, carrying:
        """
        { "id": 7, "email": "ada@example.com" }
        """
      And the app:
        """js
        const { z } = require('zod');
        const { join } = require('node:path');
        const { DataTypes } = require('sequelize');
        const db = new SQLiteManager();
        const User = db.sequelize.define('User', { email: { type: DataTypes.STRING, allowNull: false, unique: true } });
        await db.sequelize.sync({ force: true });
        await User.create({ email: 'ada@example.com' });
        const api = kit({ errors: 'problem+json' });
        api.use(json());
        api.use(urlencoded({ parameterLimit: 2 }));
        api.use('/files', serveStatic(join(fixtures, 'static'), { dotfiles: 'deny', fallthrough: false }));
        const guard = authMiddleware({ secret: 'walk-secret-0123456789abcdef01234' });
        api.get('/me', guard, (req, res) => res.json({ id: req.user.id }));
        api.post('/users', { schema: { body: z.object({ email: z.email() }) } }, async (req, res) => {
          // not typed: the model is defined in the scenario, so its typings know no `id` attribute
          res.status(201).json({ id: (await User.create(req.body)).id });
        });
        api.post('/form', (req, res) => res.json(req.body));
        api.get('/report', { handlerTimeout: 50 }, () => {});
        return api.listen(0, '127.0.0.1');
        """
      # body parsers
      When I POST "/users" with content type "application/json" and exactly these bytes:
        """
        { "email":
        """
      Then the status is 400
      And the content type is "application/problem+json"
      And the JSON body includes:
        """json
        { "status": 400, "code": "KIT_ERR_BODY_INVALID_JSON" }
        """
      When I POST "/users" with content type "application/json; charset=latin9" and the body:
        """
        {}
        """
      Then the status is 415
      And the content type is "application/problem+json"
      And the JSON body includes:
        """json
        { "status": 415, "code": "KIT_ERR_BODY_UNSUPPORTED_CHARSET" }
        """
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        a=1&b=2&c=3
        """
      Then the status is 413
      And the content type is "application/problem+json"
      And the JSON body includes:
        """json
        { "status": 413, "code": "KIT_ERR_BODY_TOO_MANY_PARAMETERS" }
        """
      # the route schema, then the database's unique key
      When I POST "/users" with the JSON body:
        """
        { "email": "not-an-address" }
        """
      Then the status is 400
      And the content type is "application/problem+json"
      And the JSON body includes:
        """json
        { "status": 400, "code": "KIT_ERR_VALIDATION", "part": "body" }
        """
      When I POST "/users" with the JSON body:
        """
        { "email": "ada@example.com" }
        """
      Then the status is 409
      And the content type is "application/problem+json"
      And the JSON body includes:
        """json
        { "status": 409, "code": "KIT_ERR_DB_UNIQUE" }
        """
      And the body does not contain "SQLITE"
      # static files
      When I GET "/files/.secret"
      Then the status is 403
      And the content type is "application/problem+json"
      And the JSON body includes:
        """json
        { "status": 403, "code": "KIT_ERR_STATIC_FORBIDDEN" }
        """
      When I GET "/files/missing.txt"
      Then the status is 404
      And the content type is "application/problem+json"
      And the JSON body includes:
        """json
        { "status": 404, "code": "KIT_ERR_STATIC_NOT_FOUND" }
        """
      When I DELETE "/files/data.json"
      Then the status is 405
      And the content type is "application/problem+json"
      And the header "Allow" is "GET, HEAD"
      And the JSON body includes:
        """json
        { "status": 405, "code": "KIT_ERR_STATIC_METHOD" }
        """
      When I GET "/files/data.json" with headers:
        | If-Match | "not-the-etag" |
      Then the status is 412
      And the content type is "application/problem+json"
      And the JSON body includes:
        """json
        { "status": 412, "code": "KIT_ERR_STATIC_PRECONDITION" }
        """
      When I GET "/files/data.json" with headers:
        | Range | bytes=100-200 |
      Then the status is 416
      And the content type is "application/problem+json"
      And the header "Content-Range" is "bytes */12"
      And the JSON body includes:
        """json
        { "status": 416, "code": "KIT_ERR_STATIC_RANGE" }
        """
      # the auth guard keeps its challenge
      When I GET "/me"
      Then the status is 401
      And the content type is "application/problem+json"
      And the header "WWW-Authenticate" is "Bearer"
      And the JSON body is:
        """json
        { "type": "about:blank", "title": "Unauthorized", "status": 401, "detail": "Missing bearer token", "code": "KIT_ERR_AUTH_MISSING_TOKEN" }
        """
      When I GET "/me" with the Authorization header "Bearer {{stale}}"
      Then the status is 401
      And the content type is "application/problem+json"
      And the header "WWW-Authenticate" is "Bearer error=\"invalid_token\", error_description=\"The token has expired\""
      And the JSON body includes:
        """json
        { "status": 401, "detail": "Token expired", "code": "KIT_ERR_AUTH_EXPIRED" }
        """
      # kitjs's own 5xx shows its code and nothing else; the 404 of a request nothing answered has one too
      When I GET "/report"
      Then the status is 503
      And the content type is "application/problem+json"
      And the JSON body is:
        """json
        { "type": "about:blank", "title": "Service Unavailable", "status": 503, "code": "KIT_ERR_HANDLER_TIMEOUT" }
        """
      When I GET "/nowhere"
      Then the status is 404
      And the content type is "application/problem+json"
      And the JSON body is:
        """json
        { "type": "about:blank", "title": "Not Found", "status": 404, "code": "KIT_ERR_NOT_FOUND" }
        """

    Scenario: The refusal while closing is a problem 503 with its code
      Given the app:
        """js
        const api = kit({ errors: 'problem+json' });
        world.arrived = new Promise((resolve) => { world.markArrived = resolve; });
        api.get('/slow', async (req, res) => {
          world.markArrived();
          await new Promise((resolve) => setTimeout(resolve, 200));
          res.json({ done: true });
        });
        world.draining = api;
        return api.listen(0, '127.0.0.1');
        """
      Then this holds:
        """js
        const net = require('node:net');
        const socket = net.connect(world.server.address().port, '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        let received = '';
        socket.on('data', (chunk) => { received += chunk.toString('latin1'); });
        socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
        await world.arrived;
        const closing = world.draining.close({ timeout: 2000 });
        socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
        await new Promise((resolve) => socket.once('close', resolve));
        await closing;
        const refusal = received.split(/(?=HTTP\/1\.1 )/)[1];
        assert.match(refusal, /^HTTP\/1\.1 503 /);
        assert.match(refusal, /content-type: application\/problem\+json\r\n/i);
        const body = refusal.slice(refusal.indexOf('\r\n\r\n') + 4);
        assert.deepEqual(JSON.parse(body), {
          type: 'about:blank',
          title: 'Service Unavailable',
          status: 503,
          code: 'KIT_ERR_SERVER_CLOSING',
        });
        """

  Rule: ERR-014 setNotFoundHandler answers what nothing in the stack answered

    Scenario: The not-found handler answers unknown routes, wherever it was installed
      Given the app:
        """js
        app.setNotFoundHandler((req, res) => res.status(404).json({ error: `No route for ${req.method} ${req.path}` }));
        app.get('/here', (req, res) => res.send('here'));
        """
      When I DELETE "/nowhere"
      Then the status is 404
      And the JSON body is:
        """json
        { "error": "No route for DELETE /nowhere" }
        """
      When I GET "/here"
      Then the body is "here"

    @kit-http-error
    Scenario: Throwing an HttpError(404) hands unknown routes to the error handler
      Given the app:
        """js
        app.setNotFoundHandler((req) => { throw new HttpError(404, `No route for ${req.method} ${req.path}`, { code: 'NO_ROUTE' }); });
        app.setErrorHandler((err, req, res) => res.status(err.status).json({ error: err.message, code: err.code, isHttpError: err instanceof HttpError }));
        """
      When I GET "/nowhere"
      Then the status is 404
      And the JSON body is:
        """json
        { "error": "No route for GET /nowhere", "code": "NO_ROUTE", "isHttpError": true }
        """

    @kit-http-error @kit-lifecycle
    Scenario: Without an error handler, what it rejects with gets the default answer
      Given the app:
        """js
        const api = kit({ errors: 'problem+json' });
        api.setNotFoundHandler(async (req) => { throw new HttpError(404, `No route for ${req.method} ${req.path}`); });
        return api.listen(0, '127.0.0.1');
        """
      When I GET "/nowhere"
      Then the status is 404
      And the content type is "application/problem+json"
      And the JSON body is:
        """json
        { "type": "about:blank", "title": "Not Found", "status": 404, "detail": "No route for GET /nowhere" }
        """

    Scenario: A mounted app's unmatched requests go on to its parent, whose handler answers
      Given the app:
        """js
        const admin = kit();
        admin.setNotFoundHandler((req, res) => res.status(404).send('admin does not answer'));
        admin.get('/users', (req, res) => res.send('admin users'));
        app.use('/admin', admin);
        app.get('/admin/health', (req, res) => res.send('parent health'));
        app.setNotFoundHandler((req, res) => res.status(404).send(`parent: nothing at ${req.originalUrl}`));
        """
      When I GET "/admin/users"
      Then the body is "admin users"
      When I GET "/admin/health"
      Then the body is "parent health"
      When I GET "/admin/nowhere"
      Then the status is 404
      And the body is "parent: nothing at /admin/nowhere"

    Scenario: A not-found handler that is not a function is a TypeError at once
      Given the app:
        """js
        const assert = require('node:assert');
        // not typed: a file name where a function belongs, which the types refuse too
        assert.throws(() => app.setNotFoundHandler('404.html'), { name: 'TypeError', message: /setNotFoundHandler\(fn\)/ });
        """
      When I GET "/nowhere"
      Then the body is "Not Found"
