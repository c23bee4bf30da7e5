@express
Feature: Express's application API and the kitjs/express entry point
  `require('kitjs/express')` is the express function: apps with Express 4's defaults, sub-apps, listen,
  per-app request and response prototypes, and views.

  Rule: EXP-001 kitjs/express is shaped like the express package

    Scenario: express has the members of the express package and makes Express-default apps
      Given the Express app:
        """js
        const members = ['json', 'urlencoded', 'raw', 'text', 'static', 'Router', 'Route', 'query', 'application', 'request', 'response'];
        world.members = members.filter((name) => express[name] === undefined);
        world.functions = ['json', 'urlencoded', 'raw', 'text', 'static', 'Router', 'Route', 'query'].every((name) => typeof express[name] === 'function');
        world.route = new express.Route('/book').path;
        const plain = express.Router();
        const made = new express.Router();
        world.routers = [typeof plain.get, typeof made.use, made instanceof express.Router];
        plain.get('/hi', (req, res) => res.send('router'));
        app.use('/r', plain);
        world.isApp = typeof app === 'function' && typeof app.listen === 'function' && app.get('query parser') === 'extended';
        """
      When I GET "/r/hi"
      Then the body is "router"
      And this holds:
        """js
        assert.deepEqual(world.members, []);
        assert.equal(world.functions, true);
        assert.deepEqual(world.routers, ['function', 'function', true]);
        assert.equal(world.route, '/book');
        assert.equal(world.isApp, true);
        """

    Scenario: Members assigned to express.request, express.response and express.application reach every app
      Given the Express app:
        """js
        express.response.shout = function (text) { this.send(String(text).toUpperCase()); };
        express.request.greeting = function () { return `hello ${this.path}`; };
        express.application.describeApp = function () { return 'an app'; };
        const other = express();
        // not typed: express.application members are added at run time
        world.described = [app.describeApp(), other.describeApp()];
        // not typed: express.request and express.response members are added at run time
        app.get('/x', (req, res) => res.shout(req.greeting()));
        world.undo = () => {
          delete express.response.shout;
          delete express.request.greeting;
          delete express.application.describeApp;
        };
        """
      When I GET "/x"
      Then the body is "HELLO /X"
      And this holds:
        """js
        world.undo();
        assert.deepEqual(world.described, ['an app', 'an app']);
        """

    Scenario: The members of express.application, express.request and express.response, and Express 4's own, never reach a kit() app
      Given the Express app:
        """js
        express.response.shout = function (text) { this.send(String(text).toUpperCase()); };
        express.request.greeting = function () { return 'hello'; };
        express.application.describeApp = function () { return 'an express app'; };
        const members = (req, res) => ({ shout: typeof res.shout, greeting: typeof req.greeting, sendfile: typeof res.sendfile, param: typeof req.param, host: typeof req.host });
        const plain = kit();
        // not typed: express.application members are added at run time
        world.appMembers = [app.describeApp(), typeof plain.describeApp, typeof app.del, typeof plain.del];
        plain.get('/kit', (req, res) => res.json(members(req, res)));
        app.get('/express', (req, res) => res.json(members(req, res)));
        // A kit() app run from inside an Express app's route: its requests are kit()'s while it runs them.
        app.use('/inner', (req, res, next) => plain(req, res, next));
        world.plainServer = plain.listen(0, '127.0.0.1');
        world.undo = () => {
          delete express.response.shout;
          delete express.request.greeting;
          delete express.application.describeApp;
          world.plainServer.close();
        };
        """
      When I GET "/express"
      Then the JSON body is:
        """json
        { "shout": "function", "greeting": "function", "sendfile": "function", "param": "function", "host": "string" }
        """
      When I GET "/inner/kit"
      Then the JSON body is:
        """json
        { "shout": "undefined", "greeting": "undefined", "sendfile": "undefined", "param": "undefined", "host": "undefined" }
        """
      And this holds:
        """js
        if (!world.plainServer.listening) await new Promise((resolve) => world.plainServer.once('listening', resolve));
        const { port } = world.plainServer.address();
        const direct = await fetch(`http://127.0.0.1:${port}/kit`).then((r) => r.json());
        world.undo();
        assert.deepEqual(direct, { shout: 'undefined', greeting: 'undefined', sendfile: 'undefined', param: 'undefined', host: 'undefined' });
        assert.deepEqual(world.appMembers, ['an express app', 'undefined', 'function', 'undefined']);
        """

    Scenario: express.query parses the query string with qs
      Given the Express app:
        """js
        app.use(express.query({ depth: 1 }));
        app.get('/', (req, res) => res.json(req.query));
        """
      When I GET "/?a[b]=1&c=2&c=3"
      Then the JSON body is:
        """json
        { "a": { "b": "1" }, "c": ["2", "3"] }
        """

  Rule: EXP-004 Mounting a sub-app: mountpath, parent, the mount event, path() and inherited settings

    Scenario: Mounting a sub-app sets mountpath and parent and emits mount with the parent
      Given the Express app:
        """js
        const blog = express();
        const admin = express();
        blog.on('mount', (parent) => { world.mountedIn = parent === app; });
        app.use('/blog', blog);
        blog.use('/admin', admin);
        const both = express();
        app.use(['/a', '/b'], both);
        both.get('/', (req, res) => res.send(`both at ${req.baseUrl}`));
        world.seen = {
          mountpath: blog.mountpath, parent: blog.parent === app, top: app.mountpath,
          paths: [app.path(), blog.path(), admin.path()], many: both.mountpath,
        };
        """
      When I GET "/b"
      Then the body is "both at /b"
      And this holds:
        """js
        assert.equal(world.mountedIn, true);
        assert.deepEqual(world.seen, {
          mountpath: '/blog', parent: true, top: '/', paths: ['', '/blog', '/blog/admin'], many: ['/a', '/b'],
        });
        """

    Scenario: A sub-app reads the settings it did not set from its parent, and keeps its own
      Given the Express app:
        """js
        app.set('title', 'Parent');
        app.set('trust proxy', 'loopback');
        app.set('jsonp callback name', 'cb');
        const sub = express();
        const own = express();
        own.set('trust proxy', false);
        app.use('/sub', sub);
        app.use('/own', own);
        sub.get('/', (req, res) => res.json({
          title: req.app.get('title'),
          trust: req.app.get('trust proxy'),
          trusts: req.app.get('trust proxy fn')('127.0.0.1', 0),
          callback: req.app.get('jsonp callback name'),
        }));
        world.own = [own.get('trust proxy'), own.get('trust proxy fn')('127.0.0.1', 0)];
        """
      When I GET "/sub"
      Then the JSON body is:
        """json
        { "title": "Parent", "trust": "loopback", "trusts": true, "callback": "callback" }
        """
      And this holds:
        """js
        assert.deepEqual(world.own, [false, false]);
        """

  Rule: EXP-006 A mounted sub-app serves what reaches it: req.app, its own error handling, its 404 falls through

    Scenario: req.app and res.app are the sub-app inside it and the parent again after it
      Given the Express app:
        """js
        const sub = express();
        sub.use((req, res, next) => {
          world.inside = [req.app === sub, res.app === sub, req.baseUrl];
          next();
        });
        app.use('/sub', sub);
        app.use((req, res) => res.json({ after: req.app === app && res.app === app, baseUrl: req.baseUrl }));
        """
      When I GET "/sub/missing"
      Then the status is 200
      And the JSON body is:
        """json
        { "after": true, "baseUrl": "" }
        """
      And this holds:
        """js
        assert.deepEqual(world.inside, [true, true, '/sub']);
        """

    Scenario: A sub-app's error middleware answers the errors raised inside it
      Given the Express app:
        """js
        const sub = express();
        sub.get('/boom', () => { throw new Error('inside'); });
        sub.use((err, req, res, next) => res.status(418).send(`sub caught ${err.message}`));
        app.use('/sub', sub);
        app.use((err, req, res, next) => res.status(500).send('parent caught'));
        """
      When I GET "/sub/boom"
      Then the status is 418
      And the body is "sub caught inside"

    Scenario: A sub-app's setErrorHandler answers its errors; without one they reach the parent
      Given the Express app:
        """js
        const handled = express();
        handled.get('/boom', () => { throw new Error('one'); });
        handled.setErrorHandler((err, req, res) => res.status(409).send(`sub handler: ${err.message}`));
        const bare = express();
        bare.get('/boom', () => { throw new Error('two'); });
        app.use('/handled', handled);
        app.use('/bare', bare);
        app.setErrorHandler((err, req, res) => res.status(500).send(`parent handler: ${err.message}`));
        """
      When I GET "/handled/boom"
      Then the status is 409
      And the body is "sub handler: one"
      When I GET "/bare/boom"
      Then the status is 500
      And the body is "parent handler: two"

  Rule: EXP-007 app.listen takes every form of Node's server.listen

    Scenario Outline: listen(<form>) starts a server that answers
      Given the Express app:
        """js
        app.get('/', (req, res) => res.send('listening'));
        const server = await new Promise((resolve) => {
          const started = app.listen(<arguments>);
          if (started.listening) resolve(started);
          else started.once('listening', () => resolve(started));
        });
        world.server = server;
        world.address = server.address().address;
        // Node calls the callback on 'listening'; let it run before the checks.
        await new Promise((resolve) => setImmediate(resolve));
        return server;
        """
      When I GET "/"
      Then the body is "listening"
      And this holds:
        """js
        assert.equal(world.address, '127.0.0.1');
        assert.equal(world.called, <called>);
        """

      Examples:
        | form                     | arguments                                                    | called    |
        | port, host               | 0, '127.0.0.1'                                               | undefined |
        | port, host, callback     | 0, '127.0.0.1', () => { world.called = true; }               | true      |
        | port, host, backlog, cb  | 0, '127.0.0.1', 10, () => { world.called = true; }           | true      |
        | options, callback        | { port: 0, host: '127.0.0.1' }, () => { world.called = true; } | true    |

    Scenario: listen() with no arguments, listen(port, cb) and listen(path) for a Unix socket
      Given the Express app:
        """js
        const http = require('node:http');
        const { join } = require('node:path');
        app.get('/', (req, res) => res.send('ok'));
        const noArgs = app.listen();
        const withCallback = await new Promise((resolve) => { const s = app.listen(0, () => resolve(s)); });
        const socketPath = join(tmpDir, 'app.sock');
        const onSocket = await new Promise((resolve) => { const s = app.listen(socketPath, () => resolve(s)); });
        world.socketBody = await new Promise((resolve, reject) => {
          http.get({ socketPath, path: '/' }, (res) => {
            let text = '';
            res.on('data', (chunk) => { text += chunk; });
            res.on('end', () => resolve(text));
          }).on('error', reject);
        });
        await new Promise((resolve) => noArgs.listening ? resolve() : noArgs.once('listening', resolve));
        world.ports = [typeof noArgs.address().port, typeof withCallback.address().port];
        await Promise.all([noArgs, onSocket].map((s) => new Promise((resolve) => s.close(resolve))));
        return withCallback;
        """
      When I GET "/"
      Then the body is "ok"
      And this holds:
        """js
        assert.equal(world.socketBody, 'ok');
        assert.deepEqual(world.ports, ['number', 'number']);
        """

  Rule: EXP-008 app.request and app.response are the app's own prototypes

    Scenario: Members added to one app's response appear on its responses only
      Given the Express app:
        """js
        // not typed: a method added to app.response runs with the response as `this`
        app.response.hello = function () { this.send(`hello from ${this.app.get('name')}`); };
        app.request.who = function () { return 'main'; };
        app.set('name', 'main');
        const other = express();
        // not typed: app.request and app.response members are added at run time
        other.get('/', (req, res) => res.json({ hello: typeof res.hello, who: typeof req.who }));
        // not typed: app.response members are added at run time
        app.get('/', (req, res) => res.hello());
        world.other = other;
        world.protos = [
          Object.getPrototypeOf(app.response) === express.response,
          Object.getPrototypeOf(app.request) === express.request,
        ];
        """
      When I GET "/"
      Then the body is "hello from main"
      And this holds:
        """js
        const http = require('node:http');
        const server = http.createServer(world.other);
        await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
        const body = await fetch(`http://127.0.0.1:${server.address().port}/`).then((r) => r.json());
        server.close();
        assert.deepEqual(body, { hello: 'undefined', who: 'undefined' });
        assert.deepEqual(world.protos, [true, true]);
        """

    Scenario: A sub-app's responses have its own members and its parent's, and the parent's only after it
      Given the Express app:
        """js
        app.response.fromParent = function () { return 'parent'; };
        const sub = express();
        sub.response.fromSub = function () { return 'sub'; };
        app.use('/sub', sub);
        // not typed: the parent and the sub-app add these members at run time
        sub.use((req, res, next) => { world.inside = [typeof res.fromParent, typeof res.fromSub]; next(); });
        // not typed: the parent adds these members at run time
        app.use((req, res) => res.json([typeof res.fromParent, typeof res.fromSub]));
        """
      When I GET "/sub/x"
      Then the JSON body is:
        """json
        ["function", "undefined"]
        """
      And this holds:
        """js
        assert.deepEqual(world.inside, ['function', 'function']);
        """

  Rule: EXP-009 Views: app.engine, app.render and res.render

    Scenario: res.render finds the view by the view engine's extension and merges app.locals and res.locals
      Given the Express app:
        """js
        const { writeFileSync, mkdirSync } = require('node:fs');
        const { join } = require('node:path');
        mkdirSync(join(tmpDir, 'views', 'users'), { recursive: true });
        writeFileSync(join(tmpDir, 'views', 'home.tpl'), 'Hi {name} at {site} ({page})');
        writeFileSync(join(tmpDir, 'views', 'users', 'index.tpl'), 'Users of {site}');
        app.engine('tpl', (path, options, callback) => {
          const text = require('node:fs').readFileSync(path, 'utf8');
          callback(null, text.replace(/\{(\w+)\}/g, (_, key) => String(options[key])));
        });
        app.set('views', join(tmpDir, 'views'));
        app.set('view engine', 'tpl');
        app.locals.site = 'Shop';
        app.get('/', (req, res) => { res.locals.page = 'home'; res.render('home', { name: 'Tobi' }); });
        app.get('/users', (req, res) => res.render('users'));
        app.get('/missing', (req, res) => res.render('missing', (err) => res.status(404).send(err.message.replace(tmpDir, 'TMP'))));
        """
      When I GET "/"
      Then the body is "Hi Tobi at Shop (home)"
      And the media type is "text/html"
      When I GET "/users"
      Then the body is "Users of Shop"
      When I GET "/missing"
      Then the status is 404
      And the body is 'Failed to lookup view "missing" in views directory "TMP/views"'

    Scenario: app.render calls back with the text, and with the engine's error
      Given the Express app:
        """js
        app.engine('.txt', (path, options, callback) => {
          if (options.fail) return callback(new Error('engine failed'));
          callback(null, `${options.greeting} ${options.name}`);
        });
        app.set('views', tmpDir);
        require('node:fs').writeFileSync(require('node:path').join(tmpDir, 'mail.txt'), '');
        app.locals.greeting = 'Hello';
        world.rendered = await new Promise((resolve) => app.render('mail.txt', { name: 'Ann' }, (err, text) => resolve([err, text])));
        world.failed = await new Promise((resolve) => app.render('mail.txt', { fail: true }, (err) => resolve(err.message)));
        try { app.render('noext', () => {}); } catch (err) { world.noEngine = err.message; }
        """
      Then this holds:
        """js
        assert.deepEqual(world.rendered, [null, 'Hello Ann']);
        assert.equal(world.failed, 'engine failed');
        assert.equal(world.noEngine, 'No default engine was specified and no extension was provided.');
        """

    Scenario: With view cache on a view is looked up once; views may list several roots
      Given the Express app:
        """js
        const { writeFileSync, mkdirSync, rmSync } = require('node:fs');
        const { join } = require('node:path');
        mkdirSync(join(tmpDir, 'a'));
        mkdirSync(join(tmpDir, 'b'));
        writeFileSync(join(tmpDir, 'b', 'page.txt'), '');
        app.engine('txt', (path, options, callback) => callback(null, path.slice(tmpDir.length)));
        app.set('views', [join(tmpDir, 'a'), join(tmpDir, 'b')]);
        const render = (name, options) => new Promise((resolve) =>
          app.render(name, options, (err, text) => resolve(err ? err.message.replaceAll(tmpDir, 'TMP') : text)));
        app.enable('view cache');
        world.first = await render('page.txt', {});
        rmSync(join(tmpDir, 'b', 'page.txt'));
        world.cached = await render('page.txt', {});
        world.uncached = await render('page.txt', { cache: false });
        """
      Then this holds:
        """js
        assert.equal(world.first, '/b/page.txt');
        assert.equal(world.cached, '/b/page.txt');
        assert.equal(world.uncached, 'Failed to lookup view "page.txt" in views directories "TMP/a" or "TMP/b"');
        """

    Scenario: A view that fails to render without a callback reaches the error path
      Given the Express app:
        """js
        app.engine('txt', (path, options, callback) => setImmediate(() => callback(new Error('template broke'))));
        app.set('views', tmpDir);
        require('node:fs').writeFileSync(require('node:path').join(tmpDir, 'bad.txt'), '');
        app.get('/', (req, res) => res.render('bad.txt'));
        app.setErrorHandler((err, req, res) => res.status(500).send(`error path: ${err.message}`));
        """
      When I GET "/"
      Then the status is 500
      And the body is "error path: template broke"

    Scenario: app(req, res, next) runs the app as a middleware of another server; what it leaves goes to next
      Given the Express app:
        """js
        app.use(express.json());
        app.get('/in', (req, res) => res.json({ app: req.app === app, url: req.originalUrl, body: req.body }));
        const http = require('node:http');
        // The outer framework keeps its own `app` on the request's prototype, as Express does.
        const server = http.createServer((req, res) => {
          Object.setPrototypeOf(req, Object.create(Object.getPrototypeOf(req), { app: { value: 'outer' } }));
          app(req, res, (err) => {
            res.statusCode = err ? 500 : 404;
            // not typed: the request and response were kitjs's while the app had them
            res.end(`outer after ${req.url}: ${typeof res.json}, ${req.app}`);
          });
        });
        await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
        return server;
        """
      When I GET "/in"
      Then the JSON body is:
        """json
        { "app": true, "url": "/in", "body": {} }
        """
      When I GET "/out"
      Then the status is 404
      And the body is "outer after /out: undefined, outer"

  Rule: EXP-010 kitjs/express's body parsers have body-parser 1.x's defaults

    Scenario: express.json() refuses what body-parser refuses by default
      Given the Express app:
        """js
        app.post('/json', express.json(), (req, res) => res.json({ got: req.body }));
        app.post('/roomy', express.json({ limit: '1mb' }), (req, res) => res.json({ size: req.body.text.length }));
        """
      When I POST "/json" with the JSON body:
        """json
        "a bare string"
        """
      Then the status is 400
      And this holds:
        """js
        const big = JSON.stringify({ text: 'x'.repeat(150 * 1024) });
        const sent = await world.send('POST', '/json', { headers: { 'content-type': 'application/json' }, data: big });
        assert.equal(sent.status, 413);
        const roomy = await world.send('POST', '/roomy', { headers: { 'content-type': 'application/json' }, data: big });
        assert.equal(roomy.status, 200);
        const plus = await world.send('POST', '/json', { headers: { 'content-type': 'application/merge-patch+json' }, data: '{"a":1}' });
        assert.deepEqual(plus.json(), { got: {} }); // EXP-012: read by no parser, yet {}
        """

    Scenario: kit()'s own json() keeps kitjs's defaults
      Given the app:
        """js
        app.post('/json', json(), (req, res) => res.json({ got: req.body }));
        """
      When I POST "/json" with the JSON body:
        """json
        "a bare string"
        """
      Then the status is 200
      And the JSON body is:
        """json
        { "got": "a bare string" }
        """

    Scenario: express.urlencoded() nests deeper than kit()'s urlencoded()
      Given the Express app:
        """js
        app.post('/form', express.urlencoded(), (req, res) => res.json(req.body));
        """
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        a[b][c][d][e][f][g]=deep
        """
      Then the JSON body is:
        """json
        { "a": { "b": { "c": { "d": { "e": { "f": { "g": "deep" } } } } } } }
        """

    Scenario: express.urlencoded() reads 32 levels and answers 400 past them, as body-parser 1.20.3 does
      Given the Express app:
        """js
        app.post('/form', express.urlencoded(), (req, res) => res.send('parsed'));
        app.post('/shallow', express.urlencoded({ depth: 1 }), (req, res) => res.json(req.body));
        app.use((err, req, res, next) => res.status(err.status).json({ type: err.type, message: err.message }));
        """
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        a[b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b]=1
        """
      Then the status is 200
      And the body is "parsed"
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        a[b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b]=1
        """
      Then the status is 400
      And the JSON body is:
        """json
        { "type": "querystring.parse.rangeError", "message": "The input exceeded the depth" }
        """
      When I POST "/shallow" with content type "application/x-www-form-urlencoded" and the body:
        """
        a[b]=1&c[d][e]=2
        """
      Then the status is 400
      When I POST "/shallow" with content type "application/x-www-form-urlencoded" and the body:
        """
        a[b]=1
        """
      Then the JSON body is:
        """json
        { "a": { "b": "1" } }
        """

  Rule: EXP-014 An Express app's routing settings are inherited when mounted, and read when its router would be made

    Scenario: A sub-app that registers after it is mounted compares as its parent says; one that registered first keeps its own
      Given the Express app:
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
        world.read = [late.get('case sensitive routing'), late.get('strict routing'), express().get('case sensitive routing')];
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

    Scenario: Setting case sensitive routing after the first route changes nothing, as in Express
      Given the Express app:
        """js
        app.get('/Before', (req, res) => res.send('before'));
        app.enable('case sensitive routing');
        app.get('/After', (req, res) => res.send('after'));
        """
      When I GET "/before"
      Then the body is "before"
      When I GET "/after"
      Then the body is "after"
