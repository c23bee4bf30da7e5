@app
Feature: The application
  `kit()` returns an application. Routes, middleware, plugins and the error handler are registered on
  it; `listen()` serves it with node:http.

  Rule: APP-001 Every call of kit() gives an independent app

    Scenario: Two apps serve different routes side by side
      Given the app:
        """js
        app.get('/who', (req, res) => res.send('first'));
        const second = kit();
        second.get('/who', (req, res) => res.send('second'));
        second.get('/only-second', (req, res) => res.send('yes'));
        world.second = second.listen(0, '127.0.0.1');
        await new Promise((resolve) => world.second.once('listening', resolve));
        """
      When I GET "/who"
      Then the body is "first"
      When I GET "/only-second"
      Then the status is 404
      And this holds:
        """js
        const port = world.second.address().port;
        const answer = await fetch(`http://127.0.0.1:${port}/who`);
        assert.equal(await answer.text(), 'second');
        world.second.close();
        """

  Rule: APP-002 Registering methods chain

    Scenario: Every registrar returns the app
      Given the app:
        """js
        const returned = [
          app.get('/a', (req, res) => res.send('a')),
          app.post('/a', (req, res) => res.send('post')),
          app.put('/a', (req, res) => res.send('put')),
          app.patch('/a', (req, res) => res.send('patch')),
          app.delete('/a', (req, res) => res.send('delete')),
          app.head('/h', (req, res) => res.end()),
          app.options('/a', (req, res) => res.send('options')),
          app.all('/any', (req, res) => res.send('any')),
          app.use((req, res, next) => next()),
          app.setErrorHandler((err, req, res) => res.status(500).json({ error: 'x' })),
          app.register(() => {}),
        ];
        world.allApp = returned.every((value) => value === app);
        app.get('/chain', (req, res) => res.send('one')).get('/chain2', (req, res) => res.send('two'));
        """
      When I GET "/chain2"
      Then the body is "two"
      And this holds:
        """js
        assert.equal(world.allApp, true);
        """

  Rule: APP-003 listen() starts a real server on the port given

    Scenario: Port 0 picks a free port and the callback runs once listening
      Given the app:
        """js
        app.get('/', (req, res) => res.send('up'));
        world.called = false;
        const server = app.listen(0, '127.0.0.1', () => { world.called = true; });
        await new Promise((resolve) => server.once('listening', resolve));
        world.listenPort = server.address().port;
        return server;
        """
      When I GET "/"
      Then the body is "up"
      And this holds:
        """js
        assert.equal(world.called, true);
        assert.ok(Number.isInteger(world.listenPort) && world.listenPort > 0);
        assert.equal(typeof world.server.close, 'function');
        """

    Scenario: listen() takes Node's argument forms
      Given the app:
        """js
        app.get('/', (req, res) => res.send('up'));
        world.calls = [];
        const a = app.listen(() => world.calls.push('no port'));
        const b = app.listen(0, '127.0.0.1', 511, () => world.calls.push('with backlog'));
        await new Promise((resolve) => setTimeout(resolve, 100));
        a.close();
        return b;
        """
      When I GET "/"
      Then the body is "up"
      And this holds:
        """js
        assert.deepEqual([...world.calls].sort(), ['no port', 'with backlog']);
        """

  Rule: APP-004 A synchronous plugin runs at once

    Scenario: A plugin receives the app and its options
      Given the app:
        """js
        function greeter(instance, options) {
          instance.get('/greet', (req, res) => res.send(`${options.greeting}, ${options.name}`));
        }
        world.result = app.register(greeter, { greeting: 'hello', name: 'kit' });
        app.register((instance, options) => { world.defaultOptions = options; });
        """
      When I GET "/greet"
      Then the body is "hello, kit"
      And this holds:
        """js
        assert.equal(typeof world.result.then, 'undefined');
        assert.deepEqual(world.defaultOptions, {});
        """

  Rule: APP-005 An asynchronous plugin is awaited

    Scenario: Routes added after an await are in place once register resolves
      Given the app:
        """js
        const returned = await app.register(async (instance, options) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          instance.get('/late', (req, res) => res.json({ prefix: options.prefix }));
        }, { prefix: 'v1' });
        world.sameApp = returned === app;
        """
      When I GET "/late"
      Then the JSON body is:
        """json
        { "prefix": "v1" }
        """
      And this holds:
        """js
        assert.equal(world.sameApp, true);
        """

    Scenario: A plugin that rejects makes register reject with its error
      Given the app:
        """js
        try {
          await app.register(async () => { throw new Error('plugin failed'); });
          world.outcome = 'resolved';
        } catch (err) {
          world.outcome = err.message;
        }
        app.get('/', (req, res) => res.send('still fine'));
        """
      When I GET "/"
      Then the body is "still fine"
      And this holds:
        """js
        assert.equal(world.outcome, 'plugin failed');
        """

  Rule: APP-006 Misuse at setup time fails at once

    Scenario Outline: <misuse> throws a TypeError when registered
      Given the app:
        """js
        try {
          // not typed: each row registers something of the wrong type, which throws a TypeError
          <code>;
          world.thrown = 'nothing';
        } catch (err) {
          world.thrown = err.constructor.name;
        }
        """
      Then this holds:
        """js
        assert.equal(world.thrown, 'TypeError');
        """

      Examples:
        | misuse                         | code                                                  |
        | a handler that is not a function | app.get('/x', 'not a function')                      |
        | an undefined handler           | app.post('/x', undefined)                             |
        | a route without handlers       | app.post('/x')                                        |
        | a path without a leading slash | app.get('users', (req, res) => res.end())            |
        | an unclosed group              | app.get('/users/:id(\\d+', (req, res) => res.end())   |
        | a use() prefix with an unclosed group | app.use('/users/:id(', (req, res, next) => next()) |
        | an empty segment               | app.get('/a//b', (req, res) => res.end())             |
        | a dot segment                  | app.get('/a/./b', (req, res) => res.end())            |
        | use() with an object           | app.use({})                                           |
        | a plugin that is not a function | app.register('plugin')                               |
        | an error handler that is not a function | app.setErrorHandler(null)                    |

    Scenario: A handler that is a number, or a use() argument that is no middleware, is named with its type
      Given the app:
        """js
        world.messages = [];
        const attempts = [
          // not typed: a number where a handler goes
          () => app.put('/', 3),
          () => app.use('/x', null),
          // not typed: a date where a middleware goes
          () => app.use(new Date(0)),
          () => app.use('/x'),
        ];
        for (const attempt of attempts) {
          try {
            attempt();
          } catch (err) {
            world.messages.push(err.message);
          }
        }
        """
      Then this holds:
        """js
        assert.deepEqual(world.messages, [
          "put('/'): handler 1 is a Number (3); expected a function",
          'use(): argument 1 requires a middleware function but got a Null (null); a Router mounts too',
          'use(): argument 1 requires a middleware function but got a Date (an object); a Router mounts too',
          'use() requires a middleware function or a Router, and got none',
        ]);
        """

  @kit-lifecycle
  Rule: APP-007 close() stops the server gracefully

    Scenario: In-flight requests finish, then the server closes and onClose hooks run
      Given the app:
        """js
        world.events = [];
        world.arrived = new Promise((resolve) => { world.markArrived = resolve; });
        app.get('/slow', async (req, res) => {
          world.markArrived();
          await new Promise((resolve) => setTimeout(resolve, 150));
          res.send('finished');
          world.events.push('sent');
        });
        app.onClose(() => { world.events.push('hook'); });
        """
      Then this holds:
        """js
        const port = world.server.address().port;
        const slow = fetch(`http://127.0.0.1:${port}/slow`).then(async (r) => `${r.status} ${await r.text()}`);
        await world.arrived;
        await world.app.close({ timeout: 2000 });
        world.events.push('closed');
        assert.equal(await slow, '200 finished');
        assert.deepEqual(world.events, ['sent', 'hook', 'closed']);
        assert.equal(world.server.listening, false);
        """

    Scenario: A request arriving on an open connection while closing gets 503
      Given the app:
        """js
        world.arrived = new Promise((resolve) => { world.markArrived = resolve; });
        app.get('/slow', async (req, res) => {
          world.markArrived();
          await new Promise((resolve) => setTimeout(resolve, 200));
          res.send('done');
        });
        app.get('/fast', (req, res) => res.send('fast'));
        """
      Then this holds:
        """js
        const net = require('node:net');
        const port = world.server.address().port;
        const socket = net.connect(port, '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        let received = '';
        socket.on('data', (chunk) => { received += chunk.toString('latin1'); });
        socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
        await world.arrived;
        const closing = world.app.close({ timeout: 2000 });
        // The keep-alive client's next request, on the same connection, while the first is in flight.
        socket.write('GET /fast HTTP/1.1\r\nHost: localhost\r\n\r\n');
        await new Promise((resolve) => socket.once('close', resolve));
        await closing;
        const answers = received.split(/(?=HTTP\/1\.1 )/);
        assert.match(answers[0], /^HTTP\/1\.1 200 /);
        assert.match(answers[1], /^HTTP\/1\.1 503 /);
        assert.match(answers[1], /connection: close/i);
        """

    Scenario: Keep-alive clients whose requests are in flight at close() are told to close, never reset
      Given the app:
        """js
        world.arrivals = 0;
        world.allArrived = new Promise((resolve) => { world.markAll = resolve; });
        world.release = new Promise((resolve) => { world.letGo = resolve; });
        app.get('/work', async (req, res) => {
          world.arrivals += 1;
          if (world.arrivals === 20) world.markAll();
          await world.release;
          res.json({ ok: true });
        });
        """
      Then this holds:
        """js
        const http = require('node:http');
        const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
        const port = world.server.address().port;
        const get = () => new Promise((resolve) => {
          const req = http.get({ host: '127.0.0.1', port, path: '/work', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(`${res.statusCode} ${res.headers.connection}`));
          });
          req.on('error', (err) => resolve(/** @type {NodeJS.ErrnoException} */ (err).code));
        });
        // Twenty keep-alive clients, two requests each: the first twenty are all in flight when close() starts.
        const clients = Array.from({ length: 20 }, async () => [await get(), await get()]);
        await world.allArrived;
        const closing = world.app.close({ timeout: 5000 });
        world.letGo();
        const answers = (await Promise.all(clients)).flat();
        await closing;
        agent.destroy();
        const firsts = answers.filter((_, i) => i % 2 === 0);
        const seconds = answers.filter((_, i) => i % 2 === 1);
        // Every answer written while closing says Connection: close, so no client reuses its connection...
        assert.deepEqual(new Set(firsts), new Set(['200 close']));
        // ...and its next request opens a new one, which the closed listener refuses: never a reset.
        assert.deepEqual(new Set(seconds), new Set(['ECONNREFUSED']));
        """

    @kit-error-codes
    Scenario: The refusal while draining goes through the app's error handler and is not an error line
      Given the app:
        """js
        const pino = require('pino');
        world.lines = [];
        const quiet = kit({ logger: pino({}, { write: (line) => world.lines.push(JSON.parse(line)) }) });
        world.arrived = new Promise((resolve) => { world.markArrived = resolve; });
        world.ran = [];
        quiet.get('/slow', async (req, res) => {
          world.markArrived();
          await new Promise((resolve) => setTimeout(resolve, 200));
          res.json({ done: true });
        });
        quiet.post('/write', (req, res) => { world.ran.push('write'); res.status(201).json({ stored: true }); });
        quiet.setErrorHandler((err, req, res) => {
          res.status(err.status ?? 500).json({ error: err.message, code: err.code });
        });
        world.quiet = quiet;
        return quiet.listen(0, '127.0.0.1');
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
        const closing = world.quiet.close({ timeout: 2000 });
        socket.write('POST /write HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n');
        await new Promise((resolve) => socket.once('close', resolve));
        await closing;
        const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
        assert.match(first, /^HTTP\/1\.1 200 /);
        // The close moved to the last answer on the connection: the first one keeps it open for the second.
        assert.doesNotMatch(first, /connection: close/i);
        assert.match(second, /^HTTP\/1\.1 503 /);
        assert.match(second, /connection: close/i);
        assert.match(second, /content-type: application\/json/i);
        assert.match(second, /\{"error":"Server is shutting down","code":"KIT_ERR_SERVER_CLOSING"\}$/);
        assert.deepEqual(world.ran, [], 'a refused request runs no handler');
        assert.equal(world.lines.filter((line) => line.level >= 50).length, 0, 'no error-level line');
        """

    @kit-error-codes
    Scenario: The default refusal while draining is logged at info, with its code and no stack
      Given the app:
        """js
        const pino = require('pino');
        world.lines = [];
        const quiet = kit({ logger: pino({}, { write: (line) => world.lines.push(JSON.parse(line)) }) });
        world.arrived = new Promise((resolve) => { world.markArrived = resolve; });
        quiet.get('/slow', async (req, res) => {
          world.markArrived();
          await new Promise((resolve) => setTimeout(resolve, 200));
          res.send('done');
        });
        world.quiet = quiet;
        return quiet.listen(0, '127.0.0.1');
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
        const closing = world.quiet.close({ timeout: 2000 });
        socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
        await new Promise((resolve) => socket.once('close', resolve));
        await closing;
        assert.match(received.split(/(?=HTTP\/1\.1 )/)[1], /^HTTP\/1\.1 503 [\s\S]*Service Unavailable$/);
        const refusal = world.lines.find((line) => line.code === 'KIT_ERR_SERVER_CLOSING');
        assert.equal(refusal.level, 30);
        assert.equal(refusal.err, undefined);
        assert.equal(world.lines.filter((line) => line.level >= 50).length, 0);
        """

    Scenario: A connection that has sent nothing when close() starts is closed at once
      Given the app:
        """js
        app.get('/', (req, res) => res.send('hi'));
        """
      Then this holds:
        """js
        const net = require('node:net');
        const port = world.server.address().port;
        const socket = net.connect(port, '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        let received = '';
        socket.on('data', (chunk) => { received += chunk.toString('latin1'); });
        const closed = new Promise((resolve) => socket.once('close', resolve));
        // A minute: were the connection waited for, close() would outlast the scenario's own time limit.
        await world.app.close({ timeout: 60000 });
        await closed;
        assert.equal(received, '');
        assert.equal(world.server.listening, false);
        """

    Scenario: A second close() joins the first instead of running the hooks early
      Given the app:
        """js
        world.events = [];
        world.arrived = new Promise((resolve) => { world.markArrived = resolve; });
        app.get('/slow', async (req, res) => {
          world.markArrived();
          await new Promise((resolve) => setTimeout(resolve, 150));
          res.send('finished');
          world.events.push('sent');
        });
        app.onClose(() => { world.events.push('hook'); });
        """
      Then this holds:
        """js
        const port = world.server.address().port;
        const slow = fetch(`http://127.0.0.1:${port}/slow`).then((r) => r.text());
        // Closed only once the request is in flight: a fixed sleep raced a loaded machine.
        await world.arrived;
        const first = world.app.close({ timeout: 2000 });
        const second = world.app.close({ timeout: 2000 });
        await second;
        world.events.push('second resolved');
        await first;
        assert.equal(await slow, 'finished');
        assert.deepEqual(world.events, ['sent', 'hook', 'second resolved']);
        """

    Scenario: close() right after listen() still frees the port, and the app can listen again
      Given the app:
        """js
        app.get('/', (req, res) => res.send('again'));
        const early = app.listen(0, '127.0.0.1');
        await app.close();
        world.earlyListening = early.listening;
        """
      When I GET "/"
      Then the status is 200
      And the body is "again"
      And this holds:
        """js
        assert.equal(world.earlyListening, false);
        """

  @kit-lifecycle
  Rule: APP-014 Readiness first, then the drain

    Scenario: During the delay the app is closing but still serves, each answer with Connection: close
      Given the app:
        """js
        app.get('/readyz', (req, res) => {
          if (req.app.closing) res.status(503).json({ status: 'closing' });
          else res.json({ status: 'ready' });
        });
        app.get('/work', (req, res) => res.json({ ok: true }));
        """
      Then this holds:
        """js
        const port = world.server.address().port;
        const get = async (path) => {
          const r = await fetch(`http://127.0.0.1:${port}${path}`);
          return `${r.status} ${r.headers.get('connection')} ${await r.text()}`;
        };
        assert.equal(world.app.closing, false);
        assert.equal(await get('/readyz'), '200 keep-alive {"status":"ready"}');
        const closing = world.app.close({ delay: 1500, timeout: 2000 });
        assert.equal(world.app.closing, true);
        // The listener still accepts: new connections are served, and readiness says to stop sending.
        assert.equal(world.server.listening, true);
        assert.equal(await get('/readyz'), '503 close {"status":"closing"}');
        assert.equal(await get('/work'), '200 close {"ok":true}');
        await closing;
        assert.equal(world.server.listening, false);
        assert.equal(world.app.closing, false);
        """

    Scenario: close() options that are not milliseconds are refused at the call
      Given the app:
        """js
        app.get('/', (req, res) => res.send('hi'));
        """
      Then this holds:
        """js
        assert.throws(() => world.app.close({ delay: -1 }), { name: 'TypeError', message: /close\(\{ delay \}\)/ });
        // not typed: a timeout that is not milliseconds, refused at the call
        assert.throws(() => world.app.close({ timeout: 'soon' }), { name: 'TypeError', message: /close\(\{ timeout \}\)/ });
        assert.equal(world.app.closing, false);
        assert.equal(world.server.listening, true);
        """

  @kit-lifecycle
  Rule: APP-008 Server timeouts have safe defaults and are configurable

    Scenario: kitjs's defaults apply unless kit() sets them
      Given the app:
        """js
        const configured = kit({ requestTimeout: 1500, headersTimeout: 1000, keepAliveTimeout: 700 });
        configured.get('/', (req, res) => res.send('ok'));
        const server = configured.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        world.timeouts = [server.requestTimeout, server.headersTimeout, server.keepAliveTimeout];
        world.settings = configured.settings;
        const plain = app.listen(0, '127.0.0.1');
        await new Promise((resolve) => plain.once('listening', resolve));
        world.defaults = [plain.requestTimeout, plain.headersTimeout, plain.keepAliveTimeout];
        plain.close();
        return server;
        """
      Then this holds:
        """js
        assert.deepEqual(world.timeouts, [1500, 1000, 700]);
        const { requestTimeout, headersTimeout, keepAliveTimeout } = world.settings;
        assert.deepEqual({ requestTimeout, headersTimeout, keepAliveTimeout }, { requestTimeout: 1500, headersTimeout: 1000, keepAliveTimeout: 700 });
        assert.deepEqual(world.defaults, [60000, 15000, 5000]);
        """

    Scenario: a requestTimeout given alone that is shorter than the headers' default bounds the headers too
      Given the app:
        """js
        const quick = kit({ requestTimeout: 4000 });
        const server = quick.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        world.timeouts = [server.requestTimeout, server.headersTimeout];
        return server;
        """
      Then this holds:
        """js
        assert.deepEqual(world.timeouts, [4000, 4000]);
        """

    Scenario: A client that never finishes its headers gets 408
      Given the app:
        """js
        const strict = kit({ requestTimeout: 600, headersTimeout: 500 });
        strict.get('/', (req, res) => res.send('ok'));
        const server = strict.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        return server;
        """
      Then this holds:
        """js
        const net = require('node:net');
        const socket = net.connect(world.server.address().port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => { received += chunk; });
        socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
        const closed = new Promise((resolve) => socket.once('close', resolve));
        const timeout = new Promise((resolve) => setTimeout(resolve, 5000));
        await Promise.race([closed, timeout]);
        socket.destroy();
        assert.match(received, /^HTTP\/1\.1 408 /);
        """
      And the server still answers GET "/" with 200

  @kit-routes
  Rule: APP-009 The app knows its routes

    Scenario: routes() lists methods and full paths, mounted routers included
      Given the app:
        """js
        app.get('/users', (req, res) => res.end());
        app.post('/users', (req, res) => res.end());
        const admin = new Router();
        admin.delete('/users/:id', (req, res) => res.end());
        admin.get('/', (req, res) => res.end());
        app.use('/admin', admin);
        app.all('/health', (req, res) => res.end());
        world.routes = app.routes();
        """
      Then this holds:
        """js
        assert.deepEqual(world.routes, [
          { method: 'GET', path: '/users' },
          { method: 'POST', path: '/users' },
          { method: 'DELETE', path: '/admin/users/:id' },
          { method: 'GET', path: '/admin' },
          { method: 'ALL', path: '/health' },
        ]);
        """

  Rule: APP-010 A factory passed where its middleware belongs fails at setup

    Scenario Outline: <call> throws a TypeError that names the fix
      Given the app:
        """js
        const assert = require('node:assert/strict');
        // not typed: each row is a misuse that throws a TypeError
        assert.throws(() => <call>, (err) => err instanceof TypeError && err.message.includes('<fix>'));
        app.get('/ok', (req, res) => res.send('still fine'));
        """
      When I GET "/ok"
      Then the body is "still fine"

      Examples:
        | call                                          | fix                              |
        | app.use(json)                                 | use json() instead               |
        | app.use(urlencoded)                           | use urlencoded() instead         |
        | app.use(cors)                                 | use cors() instead               |
        | app.use(security)                             | use security() instead           |
        | app.use('/files', serveStatic)                | use serveStatic(root) instead    |
        | app.use(Router)                               | use new Router() instead         |
        | app.use(kit)                                  | use kit() instead                |
        | app.post('/x', json, (req, res) => res.end()) | use json() instead               |
        | app.get('/x', [cors], (req, res) => res.end()) | use cors() instead              |
        | new Router().use(security)                    | use security() instead           |
        | app.route('/x').get(setupSwagger)             | use setupSwagger(app, options) instead |

  Rule: APP-011 authMiddleware, requestLogger and customParser work called or not

    Scenario: called like factories, they return the same middleware
      Given the app:
        """js
        const assert = require('node:assert/strict');
        assert.equal(authMiddleware(), authMiddleware);
        // not typed: an empty options object is accepted, though the types take none
        assert.equal(requestLogger({}), requestLogger);
        assert.equal(customParser(), customParser);
        app.use(requestLogger(), customParser());
        app.post('/custom', (req, res) => res.json(req.body));
        app.get('/me', authMiddleware(), (req, res) => res.json({ user: req.user }));
        """
      When I GET "/me"
      Then the status is 401
      And the JSON body is:
        """json
        { "error": "Missing bearer token" }
        """
      When I POST "/custom" with content type "application/custom" and the body:
        """
        anything
        """
      Then the JSON body is:
        """json
        {}
        """

    Scenario: options they do not take are a setup error naming them
      Given the app:
        """js
        const assert = require('node:assert/strict');
        // not typed: unknown options are refused with a TypeError
        assert.throws(() => authMiddleware({ sekret: 'x' }), /authMiddleware\(\): unknown option "sekret"/);
        // not typed: requestLogger takes no arguments, and says so
        assert.throws(() => requestLogger('verbose'), /requestLogger\(\): takes no arguments/);
        """
      Then the server still answers GET "/nothing" with 404

    Scenario: called by hand with a request and a response but no next, they say so
      Given the app:
        """js
        app.get('/by-hand', (req, res) => {
          // not typed: a factory called as a middleware says so
          try { authMiddleware(req, res); res.send('no error'); }
          catch (err) { res.status(500).send(err.message); }
        });
        """
      When I GET "/by-hand"
      Then the body is "authMiddleware(req, res) was called without next(); register it with app.use(authMiddleware) and let the app call it"

  Rule: APP-012 The app is a request listener

    Scenario: http.createServer(app) routes requests like app.listen does
      Given the app:
        """js
        const assert = require('node:assert/strict');
        app.get('/users/:id', (req, res) => res.json({ id: req.params.id, path: req.path }));
        app.use((req, res) => res.status(404).send('custom 404'));
        assert.equal(typeof app, 'function');
        assert.ok(app instanceof Router);
        const server = require('node:http').createServer(app);
        await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
        return server;
        """
      When I GET "/users/42"
      Then the JSON body is:
        """json
        { "id": "42", "path": "/users/42" }
        """
      When I GET "/nope"
      Then the status is 404
      And the body is "custom 404"

    Scenario: a kit app mounted in another is a mounted router, so what it does not answer falls through
      Given the app:
        """js
        const sub = kit();
        sub.get('/hello', (req, res) => res.send(`sub hello at ${req.baseUrl}`));
        app.use('/sub', sub);
        app.use((req, res) => res.status(404).send('parent 404'));
        """
      When I GET "/sub/hello"
      Then the body is "sub hello at /sub"
      When I GET "/sub/other"
      Then the status is 404
      And the body is "parent 404"

  Rule: APP-013 An app can have a logger of its own

    @kit-lifecycle
    Scenario: each app's failures go to the logger given to it, and app.log and req.log are that logger
      Given the app:
        """js
        const assert = require('node:assert/strict');
        const pino = require('pino');
        const lines = { first: [], second: [] };
        const own = (name) => pino({}, { write: (line) => lines[name].push(JSON.parse(line)) });
        const first = kit({ logger: own('first') });
        const second = kit({ logger: own('second') });
        assert.equal(typeof first.log.info, 'function');
        first.get('/boom', (req, res) => {
          // OBS-001: req.log is a child of the app's logger, its lines in the same place with the request's id.
          req.log.warn({ via: 'req.log', id: req.id }, 'about to fail');
          throw new Error('kaput');
        });
        second.get('/second/boom', () => {
          throw new Error('other');
        });
        first.get('/lines', (req, res) => res.json(lines));
        // The second app answers as a request listener of its own (APP-012), with its own final handler.
        first.get('/second/boom', (req, res) => second(req, res));
        // not typed: a logger that is neither a pino logger nor options, refused at once
        assert.throws(() => kit({ logger: 'loud' }), TypeError);
        return first.listen(0, '127.0.0.1');
        """
      When I GET "/boom"
      Then the status is 500
      When I GET "/second/boom"
      Then the status is 500
      When I GET "/lines"
      Then this holds:
        """js
        const [own] = response.json().first;
        assert.equal(own.reqId, own.id);
        """
      And the JSON body includes:
        """json
        {
          "first": [
            { "level": 40, "via": "req.log", "msg": "about to fail" },
            { "level": 50, "msg": "request failed", "err": { "message": "kaput" } }
          ],
          "second": [{ "level": 50, "msg": "request failed", "err": { "message": "other" } }]
        }
        """
