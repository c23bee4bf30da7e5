@routing
Feature: Routing
  A route is a method, a path pattern and handlers. kitjs matches the way Express 4 does: named,
  optional and wildcard parameters, case-insensitive, with or without a trailing slash.

  Rule: ROUTE-001 Methods and exact paths

    Scenario Outline: Each registrar answers its own method
      Given the app:
        """js
        app.get('/item', (req, res) => res.send('get'));
        app.post('/item', (req, res) => res.send('post'));
        app.put('/item', (req, res) => res.send('put'));
        app.patch('/item', (req, res) => res.send('patch'));
        app.delete('/item', (req, res) => res.send('delete'));
        app.options('/item', (req, res) => res.send('options'));
        """
      When I <method> "/item"
      Then the status is 200
      And the body is "<body>"

      Examples:
        | method  | body    |
        | GET     | get     |
        | POST    | post    |
        | PUT     | put     |
        | PATCH   | patch   |
        | DELETE  | delete  |
        | OPTIONS | options |

    Scenario: A head route answers HEAD
      Given the app:
        """js
        app.head('/item', (req, res) => res.set('X-Head', 'yes').end());
        """
      When I HEAD "/item"
      Then the status is 200
      And the header "X-Head" is "yes"

    Scenario: all() answers every method, even ones without a registrar
      Given the app:
        """js
        app.all('/any', (req, res) => res.send(req.method));
        """
      When I PATCH "/any"
      Then the body is "PATCH"
      When I send the raw request:
        """
        PROPFIND /any HTTP/1.1
        Host: localhost
        Connection: close
        """
      Then the status is 200
      And the body is "PROPFIND"

    Scenario: An exact path matches only itself
      Given the app:
        """js
        app.get('/users/list', (req, res) => res.send('list'));
        """
      When I GET "/users/list/more"
      Then the status is 404
      When I GET "/users"
      Then the status is 404

  Rule: ROUTE-002 Named parameters capture one segment

    Scenario: A parameter is captured as a string
      Given the app:
        """js
        app.get('/users/:id/posts/:postId', (req, res) => res.json(req.params));
        """
      When I GET "/users/42/posts/abc"
      Then the JSON body is:
        """json
        { "id": "42", "postId": "abc" }
        """

    Scenario: Parameters are percent-decoded and an encoded slash stays inside
      Given the app:
        """js
        app.get('/files/:name', (req, res) => res.json({ name: req.params.name }));
        """
      When I GET "/files/caf%C3%A9%20au%20lait"
      Then the JSON body is:
        """json
        { "name": "café au lait" }
        """
      When I GET the raw path "/files/a%2Fb"
      Then the JSON body is:
        """json
        { "name": "a/b" }
        """

    Scenario: A parameter never spans a slash
      Given the app:
        """js
        app.get('/users/:id', (req, res) => res.send(req.params.id));
        """
      When I GET "/users/1/2"
      Then the status is 404

  Rule: ROUTE-003 Optional parameters

    Scenario: An optional parameter may be absent
      Given the app:
        """js
        app.get('/users/:id?', (req, res) => res.json({ id: req.params.id ?? 'absent' }));
        """
      When I GET "/users"
      Then the JSON body is:
        """json
        { "id": "absent" }
        """
      When I GET "/users/7"
      Then the JSON body is:
        """json
        { "id": "7" }
        """

    Scenario: With two optional parameters the earlier one takes a single value
      Given the app:
        """js
        app.get('/archive/:year?/:month?', (req, res) => res.json({ year: req.params.year ?? null, month: req.params.month ?? null }));
        """
      When I GET "/archive/2024"
      Then the JSON body is:
        """json
        { "year": "2024", "month": null }
        """
      When I GET "/archive/2024/05"
      Then the JSON body is:
        """json
        { "year": "2024", "month": "05" }
        """

  Rule: ROUTE-004 Wildcards

    Scenario: A trailing * captures the rest of the path in params[0]
      Given the app:
        """js
        app.get('/files/*', (req, res) => res.json({ rest: req.params[0] }));
        """
      When I GET "/files/a/b/c.txt"
      Then the JSON body is:
        """json
        { "rest": "a/b/c.txt" }
        """
      When I GET "/files/"
      Then the JSON body is:
        """json
        { "rest": "" }
        """
      When I GET "/files"
      Then the status is 404

    Scenario: A bare * matches every path, and its value is the whole path
      Given the app:
        """js
        app.get('/known', (req, res) => res.send('known'));
        app.get('*', (req, res) => res.send(`fallback for ${req.params[0]}`));
        """
      When I GET "/known"
      Then the body is "known"
      When I GET "/some/deep/path"
      Then the body is "fallback for /some/deep/path"

  Rule: ROUTE-005 Matching ignores case and a trailing slash

    Scenario: Case and a trailing slash do not matter; captured values keep their case
      Given the app:
        """js
        app.get('/Users/:name/', (req, res) => res.send(req.params.name));
        """
      When I GET "/users/Ada"
      Then the body is "Ada"
      When I GET "/USERS/Ada/"
      Then the body is "Ada"

    Scenario: A literal written with non-ASCII characters matches the encoded request path
      Given the app:
        """js
        app.get('/café/menu', (req, res) => res.send('bienvenue'));
        """
      When I GET "/caf%C3%A9/menu"
      Then the body is "bienvenue"
      When I GET "/CAF%c3%a9/MENU"
      Then the body is "bienvenue"

  Rule: ROUTE-006 Handlers form a pipeline

    Scenario: Handlers run in order and pass control with next()
      Given the app:
        """js
        const first = (req, res, next) => { req.locals.trail = ['first']; next(); };
        const second = (req, res, next) => { req.locals.trail.push('second'); next(); };
        app.get('/pipe', first, [second], (req, res) => res.json(req.locals.trail.concat('last')));
        """
      When I GET "/pipe"
      Then the JSON body is:
        """json
        ["first", "second", "last"]
        """

    Scenario: A handler that answers stops the pipeline
      Given the app:
        """js
        world.reached = false;
        app.get('/stop', (req, res) => res.send('stopped here'), () => { world.reached = true; });
        """
      When I GET "/stop"
      Then the body is "stopped here"
      And this holds:
        """js
        assert.equal(world.reached, false);
        """

  Rule: ROUTE-007 Middleware runs in registration order

    Scenario: Global middleware runs before later routes and not after an answer
      Given the app:
        """js
        world.seen = [];
        app.get('/early', (req, res) => res.send('early'));
        app.use((req, res, next) => { world.seen.push(req.path); res.set('X-Middleware', 'ran'); next(); });
        app.get('/late', (req, res) => res.send('late'));
        """
      When I GET "/late"
      Then the header "X-Middleware" is "ran"
      When I GET "/early"
      Then the header "X-Middleware" is absent
      And this holds:
        """js
        assert.deepEqual(world.seen, ['/late']);
        """

  Rule: ROUTE-008 Prefix middleware covers whole segments

    Scenario Outline: A prefix matches itself and below, never a longer segment
      Given the app:
        """js
        app.use('/api', (req, res, next) => { res.set('X-Api', 'yes'); next(); });
        app.use((req, res) => res.send('ok'));
        """
      When I GET "<path>"
      Then the header "X-Api" <outcome>

      Examples:
        | path       | outcome         |
        | /api       | is "yes"        |
        | /api/      | is "yes"        |
        | /api/users | is "yes"        |
        | /API/users | is "yes"        |
        | /apix      | is absent       |
        | /ap        | is absent       |

    Scenario: Inside a prefix, path and url are relative, originalUrl and baseUrl tell the rest
      Given the app:
        """js
        app.use('/api', (req, res, next) => {
          req.locals.inside = { path: req.path, url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl };
          next();
        });
        app.get('/api/users', (req, res) => res.json({ ...req.locals.inside, after: req.path }));
        """
      When I GET "/api/users?page=2"
      Then the JSON body is:
        """json
        { "path": "/users", "url": "/users?page=2", "baseUrl": "/api", "originalUrl": "/api/users?page=2", "after": "/api/users" }
        """

    Scenario: After the prefix, later handlers see the full path again
      Given the app:
        """js
        const api = new Router();
        api.use((req, res, next) => { req.locals.inside = [req.baseUrl, req.path]; next(); });
        app.use('/api', api);
        app.get('/api/users', (req, res) => res.json({ inside: req.locals.inside, baseUrl: req.baseUrl, path: req.path, url: req.url }));
        """
      When I GET "/api/users?x=1"
      Then the JSON body is:
        """json
        { "inside": ["/api", "/users"], "baseUrl": "", "path": "/api/users", "url": "/api/users?x=1" }
        """

  Rule: ROUTE-009 Routers mount under a prefix

    Scenario: A router's paths and middleware are relative to its prefix
      Given the app:
        """js
        const users = new Router();
        users.use((req, res, next) => { res.set('X-Users', 'router'); next(); });
        users.get('/', (req, res) => res.send('all users'));
        users.get('/:id', (req, res) => res.json({ id: req.params.id, baseUrl: req.baseUrl, path: req.path }));
        app.use('/users', users);
        app.get('/other', (req, res) => res.send('other'));
        """
      When I GET "/users/5"
      Then the JSON body is:
        """json
        { "id": "5", "baseUrl": "/users", "path": "/5" }
        """
      And the header "X-Users" is "router"
      When I GET "/users"
      Then the body is "all users"
      When I GET "/other"
      Then the header "X-Users" is absent

    Scenario: Routers nest, and an error they do not handle reaches the app
      Given the app:
        """js
        const inner = new Router();
        inner.get('/boom', () => { throw Object.assign(new Error('nested failure'), { status: 409 }); });
        inner.route('/both').get((req, res) => res.json({ baseUrl: req.baseUrl, path: req.path }));
        const outer = new Router();
        outer.use('/inner', inner);
        app.use('/outer', outer);
        app.setErrorHandler((err, req, res) => res.status(err.status).json({ error: err.message, baseUrl: req.baseUrl }));
        """
      When I GET "/outer/inner/both"
      Then the JSON body is:
        """json
        { "baseUrl": "/outer/inner", "path": "/both" }
        """
      When I GET "/outer/inner/boom"
      Then the status is 409
      And the JSON body includes:
        """json
        { "error": "nested failure" }
        """

  Rule: ROUTE-010 route(path) chains handlers for one path

    Scenario: One path, several methods
      Given the app:
        """js
        const returned = app.route('/book')
          .get((req, res) => res.send('read'))
          .post((req, res) => res.status(201).send('created'))
          .all((req, res) => res.status(405).send('other'));
        world.path = returned.path;
        """
      When I GET "/book"
      Then the body is "read"
      When I POST "/book"
      Then the status is 201
      When I DELETE "/book"
      Then the status is 405
      And this holds:
        """js
        assert.equal(world.path, '/book');
        """

  Rule: ROUTE-011 No route for the method means no match

    Scenario: A path that exists for another method is a 404
      Given the app:
        """js
        app.get('/only-get', (req, res) => res.send('got it'));
        """
      When I POST "/only-get"
      Then the status is 404
      And the media type is "text/plain"

    Scenario: GET routes answer HEAD with headers and no body
      Given the app:
        """js
        app.get('/page', (req, res) => res.set('X-Page', '1').send('<p>hello</p>'));
        """
      When I HEAD "/page"
      Then the status is 200
      And the header "X-Page" is "1"
      And the header "Content-Length" is "12"
      And this holds:
        """js
        // Read the raw bytes: nothing may follow the head of a HEAD response.
        const net = require('node:net');
        const socket = net.connect(world.server.address().port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => { received += chunk; });
        socket.write('HEAD /page HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
        await new Promise((resolve) => socket.once('close', resolve));
        assert.match(received, /^HTTP\/1\.1 200 /);
        assert.ok(received.endsWith('\r\n\r\n'), `bytes after the head: ${JSON.stringify(received)}`);
        """

  Rule: ROUTE-012 next('route') and next('router')

    Scenario: next('route') skips to the next matching route
      Given the app:
        """js
        app.get('/users/:id',
          (req, res, next) => (req.params.id === 'me' ? next('route') : next()),
          (req, res) => res.send(`user ${req.params.id}`));
        app.get('/users/me', (req, res) => res.send('the current user'));
        """
      When I GET "/users/7"
      Then the body is "user 7"
      When I GET "/users/me"
      Then the body is "the current user"

    Scenario: next('route') leaves every method of a route(path)
      Given the app:
        """js
        app.route('/book')
          .get((req, res, next) => next('route'))
          .all((req, res) => res.send('same route'));
        app.get('/book', (req, res) => res.send('next route'));
        """
      When I GET "/book"
      Then the body is "next route"

    Scenario: From plain middleware, next('route') is next()
      Given the app:
        """js
        app.use((req, res, next) => next('route'));
        app.get('/', (req, res) => res.send('reached'));
        """
      When I GET "/"
      Then the status is 200
      And the body is "reached"

    Scenario: next('router') leaves the router
      Given the app:
        """js
        const admin = new Router();
        admin.use((req, res, next) => (req.get('x-admin') ? next() : next('router')));
        admin.get('/panel', (req, res) => res.send('admin panel'));
        app.use('/', admin);
        app.get('/panel', (req, res) => res.send('public panel'));
        """
      When I GET "/panel"
      Then the body is "public panel"
      When I GET "/panel" with headers:
        | name    | value |
        | X-Admin | 1     |
      Then the body is "admin panel"

  Rule: ROUTE-013 The query string

    Scenario: Query values are strings, the first of repeated keys wins
      Given the app:
        """js
        app.get('/search', (req, res) => res.json({ ...req.query, proto: Object.getPrototypeOf(req.query) === null }));
        """
      When I GET "/search?q=kit+js&page=2&tag=a&tag=b&flag&enc=%41%42&bad=%E0%A4%A"
      Then the JSON body is:
        """json
        { "q": "kit js", "page": "2", "tag": "a", "flag": "", "enc": "AB", "bad": "%E0%A4%A", "proto": true }
        """

    Scenario: __proto__ in the query is plain data
      Given the app:
        """js
        app.get('/q', (req, res) => res.json({ value: req.query.__proto__, polluted: ({}).admin === 'true' }));
        """
      When I GET the raw path "/q?__proto__=x&__proto__[admin]=true"
      Then the JSON body is:
        """json
        { "value": "x", "polluted": false }
        """

  Rule: ROUTE-014 A malformed escape in a captured segment is a client error

    Scenario: A bad escape in a parameter answers 400 and the server keeps serving
      Given the app:
        """js
        app.get('/users/:id', (req, res) => res.send(req.params.id));
        """
      When I GET the raw path "/users/%E0%A4"
      Then the status is 400
      And the media type is "text/plain"
      And the server still answers GET "/users/1" with 200

    @kit-error-codes
    Scenario: The 400 goes through the error handler
      Given the app:
        """js
        app.get('/users/:id', (req, res) => res.send(req.params.id));
        app.setErrorHandler((err, req, res) => res.status(err.status).json({ code: err.code }));
        """
      When I GET the raw path "/users/%C0%AE"
      Then the status is 400
      And the JSON body is:
        """json
        { "code": "KIT_ERR_ROUTE_BAD_ENCODING" }
        """

  Rule: ROUTE-015 One canonical path for routes, prefixes and files

    Scenario Outline: A guard on a prefix cannot be skipped by spelling the path differently
      Given the app:
        """js
        app.use('/admin', (req, res) => res.status(401).send('guarded'));
        app.get('/admin/x', (req, res) => res.send('secret'));
        app.use((req, res) => res.status(404).send(`no route for ${req.path}`));
        """
      When I GET the raw path "<path>"
      Then the body does not contain "secret"

      Examples:
        | path                  |
        | /admin/x              |
        | /admin/               |
        | /ADMIN/x              |
        | //admin/x             |
        | /./admin/x            |
        | /public/../admin/x    |
        | /public/%2e%2e/admin/x |
        | /public/..%2fadmin/x  |
        | /admin%2fx            |
        | /admin;x              |
        | /admin\\x             |

    Scenario: Non-canonical spellings reach the route of the canonical path
      Given the app:
        """js
        app.get('/admin/x', (req, res) => res.json({ path: req.path, url: req.url, originalUrl: req.originalUrl }));
        """
      When I GET the raw path "//admin//./x"
      Then the JSON body is:
        """json
        { "path": "/admin/x", "url": "/admin/x", "originalUrl": "//admin//./x" }
        """

    Scenario: A request line starting with // is a path, not a host
      Given the app:
        """js
        app.use((req, res) => res.json({ hostname: req.hostname, path: req.path }));
        """
      When I send the raw request:
        """
        GET //evil.example/x HTTP/1.1
        Host: good.example
        Connection: close
        """
      Then the JSON body is:
        """json
        { "hostname": "good.example", "path": "/evil.example/x" }
        """

  Rule: ROUTE-016 The first matching route in registration order wins

    Scenario: A static route registered first wins over a parameter
      Given the app:
        """js
        app.get('/users/me', (req, res) => res.send('static'));
        app.get('/users/:id', (req, res) => res.send(`param ${req.params.id}`));
        """
      When I GET "/users/me"
      Then the body is "static"

    Scenario: A parameter route registered first wins over a later static one
      Given the app:
        """js
        app.get('/users/:id', (req, res) => res.send(`param ${req.params.id}`));
        app.get('/users/me', (req, res) => res.send('static'));
        """
      When I GET "/users/me"
      Then the body is "param me"

    Scenario: Among thousands of routes the right one answers
      Given the app:
        """js
        for (let i = 0; i < 2000; i++) {
          app.get(`/r${i}/items`, (req, res) => res.send(`static ${i}`));
          app.get(`/r${i}/items/:id`, (req, res) => res.send(`item ${i}/${req.params.id}`));
        }
        """
      When I GET "/r1999/items/abc"
      Then the body is "item 1999/abc"
      When I GET "/r0/items"
      Then the body is "static 0"

  Rule: ROUTE-017 Middleware may rewrite req.url

    Scenario: A rewritten URL is routed from there on, query included
      Given the app:
        """js
        app.use((req, res, next) => {
          if (req.url.startsWith('/old/')) req.url = `/new/${req.url.slice(5)}`;
          next();
        });
        app.get('/new/:x', (req, res) => res.json({ x: req.params.x, path: req.path, q: req.query, originalUrl: req.originalUrl }));
        """
      When I GET "/old/abc?z=1"
      Then the JSON body is:
        """json
        { "x": "abc", "path": "/new/abc", "q": { "z": "1" }, "originalUrl": "/old/abc?z=1" }
        """

    Scenario: A route's handler that rewrites the URL reroutes the routes registered after it
      Given the app:
        """js
        app.get('/account/edit', (req, res, next) => {
          req.url = '/user/12/edit';
          next();
        });
        app.get('/account/:page', (req, res) => res.send(`account ${req.params.page}`));
        app.get('/user/:id/edit', (req, res) => res.send(`editing user ${req.params.id}`));
        """
      When I GET "/account/edit"
      Then the status is 200
      And the body is "editing user 12"
      When I GET "/account/view"
      Then the body is "account view"

    Scenario: A rewrite inside a prefix stays under the prefix
      Given the app:
        """js
        app.use('/app', (req, res, next) => {
          if (!req.path.startsWith('/api')) req.url = '/index';
          next();
        });
        app.get('/app/index', (req, res) => res.send(`single-page app for ${req.originalUrl}`));
        """
      When I GET "/app/some/client/route"
      Then the body is "single-page app for /app/some/client/route"

    Scenario Outline: A rewrite inside a prefix to "<to>" cannot climb out of the prefix past a guard
      Given the app:
        """js
        const { mkdirSync, writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        mkdirSync(join(tmpDir, 'admin'));
        writeFileSync(join(tmpDir, 'admin', 'secret.txt'), 'the secret file');
        app.use('/admin', (req, res) => res.status(403).send('guarded'));
        app.use('/lang', (req, res, next) => { req.url = '<to>'; next(); });
        app.use(serveStatic(tmpDir));
        app.get('/lang/admin/secret.txt', (req, res) => res.send('still under /lang'));
        """
      When I GET "/lang/x"
      Then the body does not contain "the secret file"
      And the body is "still under /lang"

      Examples:
        | to                        |
        | /../admin/secret.txt      |
        | /%2e%2e/admin/secret.txt  |
        | /x/../../admin/secret.txt |

    Scenario Outline: A rewrite to <what>, passed on later, fails the request with a TypeError, and the server lives
      Given the app:
        """js
        const inner = new Router();
        inner.use((req, res, next) => {
          if (req.path !== '/x') return next();
          // not typed: a URL that is not a string, on purpose
          req.url = <value>;
          setTimeout(next, 5);
        });
        app.use('<prefix>', inner);
        app.get('/alive', (req, res) => res.send('alive'));
        app.use((err, req, res, next) => res.status(500).send(`${err.name} ${err.message} (${req.originalUrl})`));
        """
      When I GET "<path>"
      Then the status is 500
      And the body contains "TypeError req.url must be a string"
      When I GET "/alive"
      Then the body is "alive"

      Examples:
        | what                       | value     | prefix | path |
        | a number                   | 123       | /      | /x   |
        | undefined                  | undefined | /      | /x   |
        | a number, inside a prefix  | 123       | /p     | /p/x |
        | an object, inside a prefix | {}        | /p     | /p/x |

  Rule: ROUTE-018 Escapes of unreserved characters are the characters; a malformed escape is refused

    Scenario Outline: "<path>" meets the guard of /admin, before routes and files
      Given the app:
        """js
        const { mkdirSync, writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        mkdirSync(join(tmpDir, 'admin'));
        writeFileSync(join(tmpDir, 'admin', 'secret.txt'), 'the secret file');
        app.use('/admin', (req, res) => res.status(401).send('guarded'));
        app.get('/admin/:name', (req, res) => res.send('the secret route'));
        app.use(serveStatic(tmpDir));
        """
      When I GET the raw path "<path>"
      Then the status is 401
      And the body is "guarded"

      Examples:
        | path                            |
        | /admin/secret.txt               |
        | /%61dmin/secret.txt             |
        | /%61%64%6d%69%6e/secret.txt     |
        | /%41%44%4D%49%4E/secret.txt     |
        | /adm%69n/secret%2etxt           |
        | /%2e/%61dmin/secret.txt         |
        | /x/%2e%2e/%61dmin/secret.txt    |

    Scenario Outline: "<path>" reaches the same route with the same parameters as the plain path
      Given the app:
        """js
        app.get('/users/:id/files/:name?', (req, res) => res.json({ route: 'files', params: req.params, path: req.path }));
        app.get('/~docs/*', (req, res) => res.json({ route: 'docs', params: req.params, path: req.path }));
        """
      When I GET the raw path "<path>"
      Then the JSON body is:
        """json
        <answer>
        """

      Examples:
        | path                              | answer                                                                                  |
        | /users/ada-1/files/a.txt          | { "route": "files", "params": { "id": "ada-1", "name": "a.txt" }, "path": "/users/ada-1/files/a.txt" } |
        | /%75sers/%61da%2D1/files/a%2Etxt  | { "route": "files", "params": { "id": "ada-1", "name": "a.txt" }, "path": "/users/ada-1/files/a.txt" } |
        | /USERS/%61DA_1/FILES              | { "route": "files", "params": { "id": "aDA_1" }, "path": "/USERS/aDA_1/FILES" }          |
        | /%7Edocs/x%7ey/%5Fz               | { "route": "docs", "params": { "0": "x~y/_z" }, "path": "/~docs/x~y/_z" }                |
        | /~docs/a%2Fb                      | { "route": "docs", "params": { "0": "a/b" }, "path": "/~docs/a%2Fb" }                    |

    @kit-error-codes
    Scenario Outline: the malformed path "<path>" runs the app's front middleware, then its error path, never a route
      Given the app:
        """js
        world.seen = [];
        app.use((req, res, next) => { world.seen.push(req.path); next(); });
        app.get('*', (req, res) => res.send('a route saw it'));
        app.use((req, res, next) => { world.seen.push('a middleware after the routes'); next(); });
        app.use((err, req, res, next) => { world.seen.push('error middleware'); next(err); });
        app.setErrorHandler((err, req, res) => res.status(err.status).json({ code: err.code }));
        """
      When I GET the raw path "<path>"
      Then the status is 400
      And the JSON body is:
        """json
        { "code": "KIT_ERR_ROUTE_BAD_ENCODING" }
        """
      And this holds:
        """js
        assert.deepEqual(world.seen, ['<path>', 'error middleware']);
        """
      And the server still answers GET "/fine" with 200

      Examples:
        | path          |
        | /100%         |
        | /%zz          |
        | /%%361dmin/x  |
        | /a/%2/b       |
        | /%E0%A4%A     |

    Scenario: security()'s headers are on the 400 of a malformed path
      Given the app:
        """js
        app.use(security());
        app.get('/api/users/:id', (req, res) => res.send('a route saw it'));
        """
      When I GET the raw path "/api/users/%E0%A4%A"
      Then the status is 400
      And the media type is "text/plain"
      And the header "X-Content-Type-Options" is "nosniff"
      And the header "X-Frame-Options" is "SAMEORIGIN"
      And the header "Content-Security-Policy" contains "default-src"

    @kit-error-codes @kit-http-error
    Scenario: error middleware and setErrorHandler get the refusal as an HttpError 400 with its code
      Given the app:
        """js
        world.seen = [];
        app.get('/api/users/:id', (req, res) => res.send('a route saw it'));
        app.use('/api', (err, req, res, next) => {
          world.seen.push({ by: 'error middleware', code: err.code, status: err.status, http: err instanceof HttpError, path: req.path });
          next(err);
        });
        app.setErrorHandler((err, req, res) => {
          world.seen.push({ by: 'setErrorHandler', code: err.code, status: err.status, http: err instanceof HttpError });
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
        assert.deepEqual(world.seen, [
          { by: 'error middleware', code: 'KIT_ERR_ROUTE_BAD_ENCODING', status: 400, http: true, path: '/users/%E0%A4%A' },
          { by: 'setErrorHandler', code: 'KIT_ERR_ROUTE_BAD_ENCODING', status: 400, http: true },
        ]);
        """

    @kit-error-codes
    Scenario: nothing that routes by path sees a refused request, even after an error middleware handles it
      Given the app:
        """js
        const { mkdirSync, writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        mkdirSync(join(tmpDir, 'api'));
        writeFileSync(join(tmpDir, 'api', '%zz'), 'a file');
        world.seen = [];
        app.use((req, res, next) => { world.seen.push('front'); next(); });
        app.use(serveStatic(tmpDir));
        app.use((req, res, next) => { world.seen.push('a global middleware after serveStatic'); next(); });
        app.use('/api', (req, res, next) => { world.seen.push('use /api'); next(); });
        const router = new Router();
        router.use((req, res, next) => { world.seen.push('a mounted router'); next(); });
        app.use(router);
        const sub = kit();
        sub.use((req, res, next) => { world.seen.push('a mounted app'); next(); });
        app.use('/api', sub);
        app.get('*', (req, res) => { world.seen.push('route *'); res.send('a route saw it'); });
        app.use((err, req, res, next) => { world.seen.push(`handled ${err.code}`); next(); });
        app.use((req, res, next) => { world.seen.push('after the error middleware'); res.send('reached'); });
        """
      When I GET the raw path "/api/%zz"
      Then the status is 400
      And the body does not contain "reached"
      And the body does not contain "a file"
      And this holds:
        """js
        assert.deepEqual(world.seen, ['front', 'handled KIT_ERR_ROUTE_BAD_ENCODING']);
        """
      When I GET "/api/x"
      Then the status is 200
      And the body is "a route saw it"

    Scenario: without an error handler the refusal is a plain 400, and a rewrite to such a path fails alike
      Given the app:
        """js
        app.use('/go', (req, res, next) => { req.url = '/%zz'; next(); });
        app.get('*', (req, res) => res.send('a route saw it'));
        """
      When I GET the raw path "/%zz"
      Then the status is 400
      And the media type is "text/plain"
      When I GET "/go"
      Then the status is 400
      And the body does not contain "a route saw it"
      And the server still answers GET "/fine" with 200

  Rule: ROUTE-019 A NUL byte in the path is refused before routing

    @kit-error-codes
    Scenario Outline: "<path>" is refused with 400 through the app's front and error path, and no file is looked up
      Given the app:
        """js
        const { writeFileSync } = require('node:fs');
        writeFileSync(require('node:path').join(tmpDir, 'a.txt'), 'the file a.txt');
        world.seen = [];
        app.use(security());
        app.use((req, res, next) => { world.seen.push(req.path); next(); });
        app.use(serveStatic(tmpDir));
        app.get('*', (req, res) => res.send('a route saw it'));
        app.use((err, req, res, next) => { world.seen.push(err.code); next(err); });
        app.setErrorHandler((err, req, res) => res.status(err.status).json({ code: err.code }));
        """
      When I GET the raw path "<path>"
      Then the status is 400
      And the header "X-Content-Type-Options" is "nosniff"
      And the JSON body is:
        """json
        { "code": "KIT_ERR_ROUTE_NUL_BYTE" }
        """
      And this holds:
        """js
        assert.deepEqual(world.seen, ['<seen>', 'KIT_ERR_ROUTE_NUL_BYTE']);
        """
      And the server still answers GET "/a.txt" with 200

      Examples:
        | path              | seen           |
        | /%00/../a.txt     | /a.txt         |
        | /a.txt%00         | /a.txt%00      |
        | /a.txt%00.html    | /a.txt%00.html |
        | /x/%00            | /x/%00         |

    Scenario: a NUL in the query string is data
      Given the app:
        """js
        app.get('/q', (req, res) => res.json({ q: req.query.q.length }));
        """
      When I GET the raw path "/q?q=a%00b"
      Then the status is 200
      And the JSON body is:
        """json
        { "q": 3 }
        """


  Rule: ROUTE-020 Every character has one spelling; route and prefix literals are written alike

    Scenario Outline: "<path>" meets the guard of "<prefix>", before routes and files
      Given the app:
        """js
        const { mkdirSync, writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        for (const name of ['@admin', 'a!b', 'a[b]', 'x|y', 'q{1}', 'café', 'a^b']) {
          mkdirSync(join(tmpDir, name));
          writeFileSync(join(tmpDir, name, 'secret.txt'), 'the secret file');
        }
        app.use('<prefix>', (req, res) => res.status(401).send('guarded'));
        app.use(serveStatic(tmpDir));
        """
      When I GET the raw path "<path>"
      Then the status is 401
      And the body is "guarded"

      Examples:
        | prefix     | path                         |
        | /@admin    | /@admin/secret.txt           |
        | /a!b       | /a!b/secret.txt              |
        | /a[b]      | /a[b]/secret.txt             |
        | /a[b]      | /a%5bb%5D/secret.txt         |
        | /a%5Bb%5D  | /a[b]/secret.txt             |
        | /x\|y      | /x\|y/secret.txt             |
        | /x\|y      | /x%7cy/secret.txt            |
        | /q{1}      | /q{1}/secret.txt             |
        | /a^b       | /a^b/secret.txt              |
        | /café      | /caf%c3%a9/secret.txt        |
        | /caf%C3%A9 | /caf%C3%A9/secret.txt        |

    Scenario Outline: "<path>", an escaped spelling of "<prefix>", meets its guard too
      Given the app:
        """js
        const { mkdirSync, writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        for (const name of ['@admin', 'a!b', 'a:b', 'a=b', 'a+b']) {
          mkdirSync(join(tmpDir, name));
          writeFileSync(join(tmpDir, name, 'secret.txt'), 'the secret file');
        }
        app.use('<prefix>', (req, res) => res.status(401).send('guarded'));
        app.use(serveStatic(tmpDir));
        """
      When I GET the raw path "<path>"
      Then the status is 401
      And the body is "guarded"

      Examples:
        | prefix  | path                  |
        | /@admin | /%40admin/secret.txt  |
        | /a!b    | /a%21b/secret.txt     |
        | /a=b    | /a%3Db/secret.txt     |
        | /a+b    | /a%2Bb/secret.txt     |
        | /@admin | /%40ADMIN/secret.txt  |
        | /%40admin | /@admin/secret.txt  |

    Scenario: req.path holds the canonical spelling, and parameters are decoded
      Given the app:
        """js
        app.get('/p/:name', (req, res) => res.json({ path: req.path, name: req.params.name }));
        """
      When I GET the raw path "/p/a[b]%7c@%40%c3%a9%2B"
      Then the JSON body is:
        """json
        { "path": "/p/a%5Bb%5D%7C@@%C3%A9+", "name": "a[b]|@@é+" }
        """

    Scenario Outline: a literal no request can hold is refused at setup: "<literal>"
      Given the app:
        """js
        try { app.use('<literal>', (req, res) => res.send('x')); world.error = 'none'; }
        catch (err) { world.error = err.name; }
        """
      Then this holds:
        """js
        assert.equal(world.error, 'TypeError');
        """

      Examples:
        | literal    |
        | /a%zz      |
        | /a%00b     |
        | /x/%2e%2E  |

  Rule: ROUTE-021 req.params has the same keys whichever matcher answers

    Scenario Outline: On a router with <options>, an optional parameter left out is still a key of req.params
      Given the app:
        """js
        const router = new Router(<options>);
        const show = (req, res) => res.json({ keys: Object.keys(req.params), params: req.params });
        router.get('/files/:name?', show);
        router.get('/a|b/*', show);
        app.use(router);
        """
      When I GET "/files"
      Then the JSON body is:
        """json
        { "keys": ["name"], "params": {} }
        """
      When I GET "/files/report"
      Then the JSON body is:
        """json
        { "keys": ["name"], "params": { "name": "report" } }
        """
      When I GET "/a%7Cb/x/y"
      Then the JSON body is:
        """json
        { "keys": ["0"], "params": { "0": "x/y" } }
        """

      Examples:
        | options                 |
        | {}                      |
        | { strict: true }        |
        | { caseSensitive: true } |

    Scenario: A plain literal prefix is text on a case-sensitive router too
      Given the app:
        """js
        const router = new Router({ caseSensitive: true });
        router.use('/a+b', (req, res) => res.status(401).send('guarded'));
        router.get('*', (req, res) => res.send('open'));
        app.use(router);
        """
      When I GET "/a+b/secret"
      Then the status is 401
      When I GET "/aab/secret"
      Then the body is "open"

  Rule: ROUTE-022 kit() reads kitjs's own path syntax and refuses Express 4's other forms where they are registered

    Scenario: :name(regex) constrains a parameter, in a route and in a use prefix
      Given the app:
        """js
        app.use('/orgs/:org(\\d+)', (req, res, next) => { res.set('X-Org', req.params.org); next(); });
        app.get('/users/:id(\\d+)', (req, res) => res.json({ id: req.params.id }));
        app.get('/users/:name', (req, res) => res.json({ name: req.params.name }));
        app.get('/pages/:n([0-9]{1,3})?', (req, res) => res.json({ keys: Object.keys(req.params), n: req.params.n ?? null }));
        app.get('/orgs/:org', (req, res) => res.send(res.get('X-Org') ?? 'no org header'));
        """
      When I GET "/users/42"
      Then the JSON body is:
        """json
        { "id": "42" }
        """
      When I GET "/users/tj"
      Then the JSON body is:
        """json
        { "name": "tj" }
        """
      When I GET "/pages"
      Then the JSON body is:
        """json
        { "keys": ["n"], "n": null }
        """
      When I GET "/pages/7"
      Then the JSON body is:
        """json
        { "keys": ["n"], "n": "7" }
        """
      When I GET "/pages/1234"
      Then the status is 404
      When I GET "/orgs/7"
      Then the body is "7"
      When I GET "/orgs/acme"
      Then the body is "no org header"

    Scenario Outline: <path> is refused at registration, naming the path, the line that registered it and <spelling>
      Given the app:
        """js
        // Registered from a file of the application's own, so that the message can name its line (2).
        const { join } = require('node:path');
        world.routesFile = join(tmpDir, 'routes.cjs');
        require('node:fs').writeFileSync(world.routesFile, [
          'module.exports = (app) => {',
          '  app.<registrar>(String.raw`<path>`, (req, res) => res.end());',
          '};',
        ].join('\n'));
        try {
          require(world.routesFile)(app);
          world.thrown = 'nothing';
        } catch (err) {
          world.thrown = err;
        }
        """
      Then this holds:
        """js
        assert.ok(world.thrown instanceof TypeError, String(world.thrown));
        const { message } = world.thrown;
        assert.ok(message.includes(`path "${String.raw`<path>`}"`), message);
        assert.ok(message.includes(`(${world.routesFile}:2)`), message);
        assert.ok(message.includes(String.raw`<spelling>`), message);
        """

      Examples:
        | registrar | path               | spelling                                |
        | get       | /a/*/b             | use "/a/:part/b"                        |
        | get       | /*/*               | use "/:part/*"                          |
        | get       | /assets/:path*     | use "/assets/*"                         |
        | get       | /docs/:path+       | use "/docs/*"                           |
        | get       | /ab?cd             | write it "%3F"                          |
        | post      | /ab+cd             | write it "%2B"                          |
        | get       | /ab(cd)?e          | use a RegExp, or kitjs/express          |
        | get       | /a[bc]d            | use a RegExp, or kitjs/express          |
        | get       | /a{2}              | use a RegExp, or kitjs/express          |
        | get       | /flights/:from-:to | use one parameter per segment ("/:name") |
        | get       | /files/:file.:ext? | use one parameter per segment ("/:name") |
        | use       | /v:n([0-9]+)/*     | use a RegExp, or kitjs/express          |

    Scenario: The kit spellings the refusals name answer, and a RegExp says what Express 4 said
      Given the app:
        """js
        app.get('/a/:part/b', (req, res) => res.json({ part: req.params.part }));
        app.get('/assets/*', (req, res) => res.json({ rest: req.params[0] }));
        app.get(/^\/ab?cd$/, (req, res) => res.send('abcd or acd'));
        """
      When I GET "/a/x/b"
      Then the JSON body is:
        """json
        { "part": "x" }
        """
      When I GET "/assets/css/site.css"
      Then the JSON body is:
        """json
        { "rest": "css/site.css" }
        """
      When I GET "/acd"
      Then the body is "abcd or acd"

    Scenario: Each router keeps the syntax it was made with, wherever it is mounted
      Given the Express app:
        """js
        // A kit() app refuses Express 4's /ab?cd; an express.Router() mounted in it still reads it, and the
        // kitjs/express app reads it too.
        const site = kit();
        try { site.get('/ab?cd', (req, res) => res.end()); world.siteThrew = 'nothing'; }
        catch (err) { world.siteThrew = err.name; }
        const legacy = express.Router();
        legacy.get('/ab?cd', (req, res) => res.send('legacy router'));
        site.use('/legacy', legacy);
        app.use(site);
        app.get('/ab?cd', (req, res) => res.send('express app'));
        """
      When I GET "/legacy/acd"
      Then the body is "legacy router"
      When I GET "/abcd"
      Then the body is "express app"
      And this holds:
        """js
        assert.equal(world.siteThrew, 'TypeError');
        """
