@errors
Feature: Errors
  Thrown errors and rejected promises become next(err). setErrorHandler and error middleware decide the
  answer; without them kitjs answers safely: 404 text/plain for no match, never a stack for a 5xx.

  Rule: ERR-001 A synchronous throw is next(err)

    Scenario: A thrown error reaches the error handler
      Given the app:
        """js
        app.get('/boom', () => { throw Object.assign(new Error('bad input'), { status: 422 }); });
        app.setErrorHandler((err, req, res) => {
          res.status(err.status || 500).set('Content-Type', 'application/json').send(JSON.stringify({ error: err.message }));
        });
        """
      When I GET "/boom"
      Then the status is 422
      And the media type is "application/json"
      And the JSON body is:
        """json
        { "error": "bad input" }
        """

  Rule: ERR-002 A rejected promise is next(err)

    Scenario: An async handler's rejection reaches the error handler
      Given the app:
        """js
        app.get('/later', async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          throw Object.assign(new Error('not yet'), { status: 409 });
        });
        app.setErrorHandler((err, req, res) => res.status(err.status).json({ error: err.message }));
        """
      When I GET "/later"
      Then the status is 409
      And the JSON body is:
        """json
        { "error": "not yet" }
        """

    Scenario Outline: A failure without a usable error is a 500 that shows nothing
      Given the app:
        """js
        app.get('/fail', <handler>);
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I GET "/fail"
      Then the status is 500
      And the body is "Internal Server Error"
      And the server still answers GET "/ok" with 200

      Examples:
        | handler                                          |
        | () => Promise.reject(undefined)                  |
        | () => Promise.reject(null)                       |
        | async () => { throw 'a secret string'; }         |
        | () => { throw 42; }                              |

    @kit-error-codes
    Scenario Outline: A promise rejected with no value or a falsy one is an Error named as Express 5 names it
      Given the app:
        """js
        app.get('/fail', () => Promise.reject(<reason>));
        app.setErrorHandler((err, req, res) =>
          res.status(500).json({ text: String(err), code: err.code, cause: String(err.cause) }),
        );
        """
      When I GET "/fail"
      Then the status is 500
      And the JSON body is:
        """json
        { "text": "Error: Rejected promise", "code": "KIT_ERR_HANDLER_REJECTED", "cause": "<cause>" }
        """

      Examples:
        | reason    | cause     |
        | undefined | undefined |
        | 0         | 0         |
        | ''        |           |

  Rule: ERR-003 setErrorHandler receives every unhandled error

    Scenario: An error handler installed before the routes still receives their errors
      Given the app:
        """js
        app.setErrorHandler(async (err, req, res) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          res.status(err.status ?? 500).json({ handled: err.message, path: req.path });
        });
        app.get('/fail', (req, res, next) => next(new Error('passed on')));
        """
      When I GET "/fail"
      Then the status is 500
      And the JSON body is:
        """json
        { "handled": "passed on", "path": "/fail" }
        """

  Rule: ERR-004 Error middleware

    Scenario: Error middleware runs in order and ordinary handlers are skipped
      Given the app:
        """js
        world.trail = [];
        app.get('/fail', () => { throw new Error('first'); });
        app.use((req, res, next) => { world.trail.push('ordinary'); next(); });
        app.use((err, req, res, next) => { world.trail.push(`log ${err.message}`); next(err); });
        app.use((err, req, res, next) => res.status(500).json({ caught: err.message }));
        """
      When I GET "/fail"
      Then the JSON body is:
        """json
        { "caught": "first" }
        """
      And this holds:
        """js
        assert.deepEqual(world.trail, ['log first']);
        """

    Scenario: next() from error middleware declares the error handled
      Given the app:
        """js
        app.get('/recover', (req, res, next) => next(new Error('transient')));
        app.use((err, req, res, next) => { req.locals.recovered = err.message; next(); });
        app.use((req, res) => res.send(`recovered from ${req.locals.recovered}`));
        """
      When I GET "/recover"
      Then the status is 200
      And the body is "recovered from transient"

    Scenario: An error leaves the routes: other matching routes and routers do not see it
      Given the app:
        """js
        app.get('/x/:id', () => { throw new Error('from A'); });
        app.get('/x/:id', (err, req, res, next) => res.send('route B caught it'));
        const later = new Router();
        later.use((err, req, res, next) => res.send('a router caught it'));
        app.use(later);
        app.use((err, req, res, next) => res.status(500).send(`app caught ${err.message}`));
        """
      When I GET "/x/1"
      Then the status is 500
      And the body is "app caught from A"

    Scenario: A route can carry its own error middleware
      Given the app:
        """js
        app.get('/local',
          () => { throw new Error('local'); },
          (err, req, res, next) => res.status(418).send(`route caught ${err.message}`));
        """
      When I GET "/local"
      Then the status is 418
      And the body is "route caught local"

  Rule: ERR-005 Nothing matched: 404 text/plain, unless a catch-all answers

    Scenario: An unmatched request is a 404 in plain text
      Given the app:
        """js
        app.get('/exists', (req, res) => res.send('yes'));
        """
      When I GET "/missing"
      Then the status is 404
      And the content type is "text/plain; charset=utf-8"
      And the body is "Not Found"

    Scenario: A catch-all after the routes overrides the 404
      Given the app:
        """js
        app.get('/exists', (req, res) => res.send('yes'));
        app.use((req, res) => res.status(404).json({ error: `nothing at ${req.path}` }));
        """
      When I GET "/missing"
      Then the status is 404
      And the JSON body is:
        """json
        { "error": "nothing at /missing" }
        """
      When I GET "/exists"
      Then the body is "yes"

  Rule: ERR-006 The default error answer

    Scenario: A 5xx shows only the status text, never the message or the stack
      Given the app:
        """js
        app.get('/crash', () => { throw new Error('database password is hunter2 at /srv/app/db.js:12'); });
        """
      When I GET "/crash"
      Then the status is 500
      And the content type is "text/plain; charset=utf-8"
      And the header "X-Content-Type-Options" is "nosniff"
      And the body is "Internal Server Error"

    Scenario Outline: The status comes from the error when it is 4xx or 5xx
      Given the app:
        """js
        app.get('/e', () => { throw Object.assign(new Error('the message'), <fields>); });
        """
      When I GET "/e"
      Then the status is <status>
      And the body is "<body>"

      Examples:
        | fields                           | status | body                  |
        | { status: 404 }                  | 404    | the message           |
        | { statusCode: 422 }              | 422    | the message           |
        | { status: 403, expose: false }   | 403    | Forbidden             |
        | { status: 503 }                  | 503    | Service Unavailable   |
        | { status: 302 }                  | 500    | Internal Server Error |
        | { status: 'teapot' }             | 500    | Internal Server Error |

    Scenario: The error's own headers are sent; the handler's content headers are not
      Given the app:
        """js
        app.use((req, res, next) => { res.set('X-Trace', 'abc'); next(); });
        app.get('/e', (req, res) => {
          res.set({ 'Content-Type': 'image/png', 'Content-Encoding': 'gzip', ETag: '"v1"', 'Transfer-Encoding': 'chunked' });
          throw Object.assign(new Error('slow down'), { status: 429, headers: { 'Retry-After': '30', 'Content-Encoding': 'br' } });
        });
        """
      When I GET "/e"
      Then the status is 429
      And the header "Retry-After" is "30"
      And the header "X-Trace" is "abc"
      And the media type is "text/plain"
      And the header "Content-Encoding" is absent
      And the header "ETag" is absent
      And the header "Transfer-Encoding" is absent
      And the body is "slow down"

    Scenario: A 5xx shows nothing of the error's headers but a well-formed Retry-After
      Given the app:
        """js
        // An upstream client's error (undici's throwOnError) carries the upstream's headers and status.
        const upstream = (status, retryAfter) => Object.assign(new Error('upstream said no'), {
          status,
          headers: { 'set-cookie': 'session=upstream', 'x-internal-host': 'db-7.internal', server: 'nginx/1.2', 'retry-after': retryAfter },
        });
        app.get('/bad-gateway', () => { throw upstream(502, '5'); });
        app.get('/unavailable', () => { throw upstream(503, 'in a while <script>'); });
        app.get('/not-found', () => { throw upstream(404, '5'); });
        """
      When I GET "/bad-gateway"
      Then the status is 502
      And the header "Set-Cookie" is absent
      And the header "X-Internal-Host" is absent
      And the header "Server" is absent
      And the header "Retry-After" is "5"
      And the body is "Bad Gateway"
      When I GET "/unavailable"
      Then the status is 503
      And the header "Retry-After" is absent
      And the header "Set-Cookie" is absent
      When I GET "/not-found"
      Then the status is 404
      And the header "X-Internal-Host" is "db-7.internal"
      And the body is "upstream said no"

    Scenario: The 404 does not carry the content headers middleware set for a body it never sent
      Given the app:
        """js
        app.use((req, res, next) => { res.set({ 'Content-Encoding': 'gzip', 'Content-Disposition': 'attachment' }); next(); });
        """
      When I GET "/nothing"
      Then the status is 404
      And the header "Content-Encoding" is absent
      And the header "Content-Disposition" is absent
      And the body is "Not Found"

  Rule: ERR-007 An error inside the error handler

    Scenario: A throwing error handler gives the default answer and the server lives on
      Given the app:
        """js
        app.get('/fail', () => { throw new Error('original'); });
        app.get('/ok', (req, res) => res.send('ok'));
        app.setErrorHandler(() => { throw new Error('handler broke'); });
        """
      When I GET "/fail"
      Then the status is 500
      And the body is "Internal Server Error"
      And the server still answers GET "/ok" with 200

    Scenario: A rejecting async error handler gives the default answer too
      Given the app:
        """js
        app.get('/fail', () => { throw new Error('original'); });
        app.setErrorHandler(async () => { throw Object.assign(new Error('handler rejected'), { status: 400 }); });
        """
      When I GET "/fail"
      Then the status is 400
      And the body is "handler rejected"

  Rule: ERR-008 next() called twice

    Scenario: The second call of next() is ignored
      Given the app:
        """js
        world.runs = 0;
        app.use((req, res, next) => { next(); next(); });
        app.use(async (req, res, next) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          req.locals.user = 'ada';
          next();
        });
        app.get('/', (req, res) => { world.runs += 1; res.send(`once for ${req.locals.user}`); });
        """
      When I GET "/"
      Then the body is "once for ada"
      And this holds:
        """js
        assert.equal(world.runs, 1);
        """

  Rule: ERR-009 An error after the response started

    Scenario: An error after the headers were sent cuts the connection, and the server lives on
      Given the app:
        """js
        app.get('/partial', (req, res, next) => {
          res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '100' });
          res.write('the beginning');
          next(new Error('failed halfway'));
        });
        app.get('/ok', (req, res) => res.send('ok'));
        """
      Then this holds:
        """js
        const net = require('node:net');
        const socket = net.connect(world.server.address().port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => { received += chunk; });
        socket.write('GET /partial HTTP/1.1\r\nHost: localhost\r\n\r\n');
        await new Promise((resolve) => socket.once('close', resolve));
        assert.match(received, /^HTTP\/1\.1 200 /);
        assert.ok(received.endsWith('the beginning'), 'the partial body is not followed by anything');
        assert.ok(!received.includes('Internal Server Error'));
        """
      And the server still answers GET "/ok" with 200

    Scenario Outline: With an error handler, <failure> after a partial chunked write cuts the connection at once
      Given the app:
        """js
        world.calls = [];
        app.get('/partial', (req, res, next) => {
          res.setHeader('Content-Type', 'text/plain');
          res.write('the beginning');
          const err = new Error('failed halfway');
          <failure code>
        });
        app.use((err, req, res, next) => {
          world.calls.push(`middleware saw ${err.message}, headersSent ${res.headersSent}`);
          res.write('APPENDED BY MIDDLEWARE');
          next(err);
        });
        app.setErrorHandler((err, req, res) => {
          world.calls.push('setErrorHandler');
          res.status(500).send('ANSWERED BY HANDLER');
        });
        app.get('/ok', (req, res) => res.send('ok'));
        """
      Then this holds:
        """js
        const net = require('node:net');
        const socket = net.connect(world.server.address().port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => { received += chunk; });
        // Keep-alive: before the fix the server left this connection open with a half-sent response.
        socket.write('GET /partial HTTP/1.1\r\nHost: localhost\r\n\r\n');
        const closed = await new Promise((resolve) => {
          const timer = setTimeout(() => resolve(false), 5000);
          socket.once('close', () => { clearTimeout(timer); resolve(true); });
        });
        socket.destroy();
        assert.ok(closed, `the connection was left open; received ${JSON.stringify(received)}`);
        assert.equal(received.match(/HTTP\/1\.1 /g).length, 1, 'exactly one status line');
        assert.match(received, /^HTTP\/1\.1 200 [\s\S]*transfer-encoding: chunked\r\n\r\nd\r\nthe beginning\r\n$/i);
        assert.ok(!received.includes('\r\n0\r\n\r\n'), 'no terminating chunk');
        assert.ok(!received.includes('APPENDED') && !received.includes('ANSWERED') && !received.includes('failed halfway'));
        assert.deepEqual(world.calls, ['middleware saw failed halfway, headersSent true']);
        """
      And the server still answers GET "/ok" with 200

      Examples:
        | failure          | failure code                                              |
        | next(err)        | next(err);                                                |
        | a throw          | throw err;                                                |
        | a rejection      | return Promise.reject(err);                               |
        | a late rejection | return new Promise((_, reject) => setTimeout(() => reject(err), 5)); |

    Scenario: An error after the headers were sent is logged
      Given the log lines are captured
      And the app:
        """js
        app.get('/partial', (req, res, next) => {
          res.write('the beginning');
          next(new Error('failed after writing'));
        });
        app.setErrorHandler((err, req, res) => res.status(500).send('x'));
        """
      Then this holds:
        """js
        const http = require('node:http');
        const outcome = await new Promise((resolve) => {
          http.get({ host: '127.0.0.1', port: world.server.address().port, path: '/partial', agent: false }, (res) => {
            res.on('data', () => {});
            res.on('end', () => resolve('complete'));
            res.on('error', () => resolve('cut'));
          }).on('error', () => resolve('cut'));
        });
        assert.equal(outcome, 'cut');
        """
      And a log line includes:
        """json
        { "level": 50, "url": "/partial", "err": { "message": "failed after writing" }, "msg": "request failed after its response had started; the connection was cut" }
        """

    Scenario: An error after the headers were sent is logged once, even when error middleware swallows it
      Given the log lines are captured
      And the app:
        """js
        app.get('/swallowed', (req, res, next) => { res.write('the beginning'); next(new Error('failed after writing')); });
        app.use((err, req, res, next) => next());
        app.setErrorHandler((err, req, res) => res.status(500).send('x'));
        """
      Then this holds:
        """js
        const http = require('node:http');
        const outcome = await new Promise((resolve) => {
          http.get({ host: '127.0.0.1', port: world.server.address().port, path: '/swallowed', agent: false }, (res) => {
            res.on('data', () => {});
            res.on('end', () => resolve('complete'));
            res.on('error', () => resolve('cut'));
          }).on('error', () => resolve('cut'));
        });
        assert.equal(outcome, 'cut');
        """
      And the server still answers GET "/other" with 404
      And the log lines hold:
        """js
        const cut = lines.filter((line) => line.msg === 'request failed after its response had started; the connection was cut');
        assert.equal(cut.length, 1, JSON.stringify(lines));
        assert.equal(cut[0].err.message, 'failed after writing');
        """

    Scenario: A response started and passed on with next() that nothing finishes is cut, not ended
      Given the log lines are captured
      And the app:
        """js
        app.get('/started', (req, res, next) => { res.write('the beginning'); next(); });
        """
      Then this holds:
        """js
        const http = require('node:http');
        const outcome = await new Promise((resolve) => {
          http.get({ host: '127.0.0.1', port: world.server.address().port, path: '/started', agent: false }, (res) => {
            res.on('data', () => {});
            res.on('end', () => resolve('complete'));
            res.on('error', () => resolve('cut'));
          }).on('error', () => resolve('cut'));
        });
        assert.equal(outcome, 'cut');
        """
      And the server still answers GET "/nothing" with 404
      And a log line includes:
        """json
        { "level": 40, "url": "/started", "msg": "a handler started a response and passed it on with next(); nothing finished it, the connection was cut" }
        """

    Scenario: An error after the response was complete is only logged
      Given the app:
        """js
        app.get('/done', async (req, res) => {
          res.send('complete');
          throw new Error('too late');
        });
        """
      When I GET "/done"
      Then the status is 200
      And the body is "complete"
      And the server still answers GET "/done" with 200

  @kit-error-codes
  Rule: ERR-010 next() with a string

    Scenario: next() with an arbitrary string is a 500 error
      Given the app:
        """js
        app.get('/', (req, res, next) => next('something went wrong'));
        app.setErrorHandler((err, req, res) => res.status(err.status).json({ code: err.code }));
        """
      When I GET "/"
      Then the status is 500
      And the JSON body is:
        """json
        { "code": "KIT_ERR_NEXT_STRING" }
        """

  Rule: ERR-011 Reading a thrown value can never crash the server

    Scenario Outline: <value> <how>, without an error handler, is a generic 500 and the server lives on
      Given the app:
        """js
        const make = {
          'an error whose getters throw': () => {
            const e = new Error('x');
            for (const k of ['status', 'statusCode', 'expose', 'headers']) Object.defineProperty(e, k, { get() { throw new Error('boom'); } });
            return e;
          },
          'an error whose message getter throws': () => Object.defineProperty(new Error('x'), 'message', { get() { throw new Error('boom'); }, enumerable: true }),
          'a Proxy whose traps throw': () => new Proxy(new Error('x'), {
            get() { throw new Error('trap'); }, getPrototypeOf() { throw new Error('trap'); },
            ownKeys() { throw new Error('trap'); }, has() { throw new Error('trap'); },
            getOwnPropertyDescriptor() { throw new Error('trap'); },
          }),
          'a revoked Proxy': () => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; },
          'a frozen error asking for 500': () => Object.freeze(Object.assign(new Error('frozen secret'), { status: 500 })),
          'a symbol': () => Symbol('s'),
          'a function whose toString throws': () => Object.assign(() => {}, { toString() { throw new Error('boom'); } }),
          'an object whose toString throws': () => ({ toString() { throw new Error('boom'); }, [Symbol.toPrimitive]() { throw new Error('boom'); } }),
        }['<value>'];
        const fail = {
          'thrown': () => { throw make(); },
          'rejected': async () => { throw make(); },
          'passed to next': (req, res, next) => next(make()),
        }['<how>'];
        app.get('/x', fail);
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I GET "/x"
      Then the status is 500
      And the body is "Internal Server Error"
      And the server still answers GET "/ok" with 200

      Examples:
        | value                                | how            |
        | an error whose getters throw         | thrown         |
        | an error whose getters throw         | rejected       |
        | an error whose getters throw         | passed to next |
        | an error whose message getter throws | thrown         |
        | a Proxy whose traps throw            | thrown         |
        | a Proxy whose traps throw            | rejected       |
        | a Proxy whose traps throw            | passed to next |
        | a revoked Proxy                      | thrown         |
        | a revoked Proxy                      | passed to next |
        | a frozen error asking for 500        | thrown         |
        | a symbol                             | rejected       |
        | a function whose toString throws     | thrown         |
        | a function whose toString throws     | rejected       |
        | a function whose toString throws     | passed to next |
        | an object whose toString throws      | rejected       |

    Scenario: A handler that returns a hostile Proxy is answered 500
      Given the app:
        """js
        app.get('/x', () => new Proxy({}, { get() { throw new Error('trap'); } }));
        """
      When I GET "/x"
      Then the status is 500
      And the server still answers GET "/x" with 500

    Scenario: A null-prototype error object is read like any other
      Given the app:
        """js
        app.get('/x', () => { throw Object.assign(Object.create(null), { status: 409, message: 'taken' }); });
        """
      When I GET "/x"
      Then the status is 409
      And the body is "taken"

    Scenario: An error handler that throws while reading a hostile error falls back to the default 500
      Given the log lines are captured
      And the app:
        """js
        app.get('/x', () => {
          const e = new Error('x');
          Object.defineProperty(e, 'status', { get() { throw new Error('boom'); } });
          throw e;
        });
        app.setErrorHandler((err, req, res) => res.status(err.status).json({ error: err.message }));
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I GET "/x"
      Then the status is 500
      And the body is "Internal Server Error"
      And a log line includes:
        """json
        { "level": 50, "err": { "message": "boom" }, "original": { "message": "x" }, "msg": "the error handler itself failed" }
        """
      And the server still answers GET "/ok" with 200


  @kit-http-error
  Rule: ERR-012 HttpError asks for a status, in the shape of http-errors

    Scenario Outline: HttpError(<status>) thrown <how> is answered by the default error answer
      Given the app:
        """js
        const make = () => new HttpError(<status>, '<message>', { code: 'APP_CODE', headers: { 'Retry-After': '7' } });
        app.get('/x', {
          'in a handler': () => { throw make(); },
          'as a rejection': async () => { throw make(); },
          'to next': (req, res, next) => next(make()),
        }['<how>']);
        """
      When I GET "/x"
      Then the status is <answered>
      And the body is "<body>"
      And the header "Retry-After" is "7"

      Examples:
        | status | how            | message              | answered | body                  |
        | 404    | in a handler   | No such user         | 404      | No such user          |
        | 429    | as a rejection | Slow down            | 429      | Slow down             |
        | 500    | to next        | database at 10.0.0.7 | 500      | Internal Server Error |
        | 302    | in a handler   | not an error status  | 500      | Internal Server Error |

    @kit-error-codes
    Scenario: setErrorHandler sees its fields, named as http-errors names them
      Given the app:
        """js
        app.get('/x', () => { throw new HttpError(409, 'Email taken', { code: 'EMAIL_TAKEN' }); });
        app.get('/kit', (req, res) => res.send(String(new KitError('KIT_ERR_SERVER_CLOSING') instanceof HttpError)));
        app.setErrorHandler((err, req, res) => res.status(err.status).json({
          name: err.name, code: err.code, expose: err.expose, statusCode: err.statusCode,
          isHttpError: HttpError.isHttpError(err), isError: err instanceof Error,
        }));
        """
      When I GET "/x"
      Then the status is 409
      And the JSON body is:
        """json
        { "name": "ConflictError", "code": "EMAIL_TAKEN", "expose": true, "statusCode": 409, "isHttpError": true, "isError": true }
        """
      When I GET "/kit"
      Then the body is "true"
