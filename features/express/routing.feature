@express
Feature: Express 4 routing
  Express 4's path syntax, RegExp and array paths, strict and case-sensitive routing, mergeParams, req.route,
  param(), a registrar for every method and the Route object, on kitjs's router.

  Rule: XROUTE-001 Express 4 path syntax

    Scenario Outline: <path> answers <request> with its parameters
      Given the Express app:
        """js
        app.get(String.raw`<path>`, (req, res) => res.json({ params: req.params }));
        """
      When I GET "<request>"
      Then the status is 200
      And the JSON body is:
        """json
        { "params": <params> }
        """

      Examples:
        | path                        | request              | params                                  |
        | /user/:id(\\d+)             | /user/42             | { "id": "42" }                          |
        | /flights/:from-:to          | /flights/LAX-SFO     | { "from": "LAX", "to": "SFO" }          |
        | /flights/:from-:to          | /flights/a-b-c       | { "from": "a-b", "to": "c" }            |
        | /plantae/:genus.:species    | /plantae/Prunus.persica | { "genus": "Prunus", "species": "persica" } |
        | /files/:file.:ext?          | /files/report        | { "file": "report" }                    |
        | /files/:file.:ext?          | /files/report.tar.gz | { "file": "report.tar", "ext": "gz" }   |
        | /ab?cd                      | /acd                 | {}                                      |
        | /ab?cd                      | /abcd                | {}                                      |
        | /ab+cd                      | /abbbcd              | {}                                      |
        | /ab*cd                      | /ab-anything-cd      | { "0": "-anything-" }                   |
        | /ab(cd)?e                   | /abcde               | { "0": "cd" }                           |
        | /ab(cd)?e                   | /abe                 | {}                                      |
        | /*/edit/*                   | /a/b/edit/c/d        | { "0": "a/b", "1": "c/d" }              |
        | /range/:from..:to           | /range/1..9          | { "from": "1", "to": "9" }              |
        | /docs/:name(\\w+)-v:n(\\d+) | /docs/intro-v2       | { "name": "intro", "n": "2" }           |
        | /tag/:name                  | /tag/caf%C3%A9       | { "name": "café" }                      |
        | /q/:word(\\w+)\\.json       | /q/hi.json           | { "word": "hi" }                        |
        | /user/\\d+                  | /user/10             | {}                                      |
        | /v\\d+/:name                | /v22/x               | { "name": "x" }                         |
        | /assets/:path*              | /assets/a/b/c        | { "path": "a", "0": "/b/c" }            |
        | /assets/:path*              | /assets/a            | { "path": "a", "0": "" }                |
        | /docs/:path+                | /docs/a/b            | { "path": "b" }                         |
        | /a[bc]d                     | /abd                 | {}                                      |
        | /a{2}                       | /aa                  | {}                                      |
        | /p/:x(.*)                   | /p/a/b               | { "x": "a/b", "0": "/b" }               |

    Scenario Outline: <path> does not answer <request>
      Given the Express app:
        """js
        app.get(String.raw`<path>`, (req, res) => res.send('matched'));
        """
      When I GET "<request>"
      Then the status is 404

      Examples:
        | path            | request         |
        | /user/:id(\\d+) | /user/abc       |
        | /ab?cd          | /abbcd          |
        | /ab(cd)?e       | /abcdcde        |
        | /:a-:b          | /nodash         |
        | /user/\\d+      | /user/tj        |
        | /user/\\d+      | /user/d         |

    Scenario: Regex routes and trie routes run in registration order, with next() and next('route')
      Given the app:
        """js
        const seen = [];
        app.get('/items/:id(\\d+)', (req, res, next) => { seen.push('regex ' + req.params.id); next('route'); },
          (req, res) => res.send('skipped'));
        app.get('/items/:id', (req, res, next) => { seen.push('trie ' + req.params.id); next(); });
        app.get('/items/:id(\\d+)', (req, res) => res.json(seen.concat('last ' + req.params.id)));
        """
      When I GET "/items/7"
      Then the JSON body is:
        """json
        ["regex 7", "trie 7", "last 7"]
        """

    Scenario: next('router') from a regex route leaves the router
      Given the Express app:
        """js
        const api = express.Router();
        api.get('/v:n(\\d+)/*', (req, res, next) => next('router'));
        api.get('/v:n(\\d+)/*', (req, res) => res.send('not reached'));
        app.use('/api', api);
        app.get('/api/:version/x', (req, res) => res.send('after the router ' + JSON.stringify(req.params)));
        """
      When I GET "/api/v1/x"
      Then the body is "after the router {\"version\":\"v1\"}"

    Scenario: A malformed escape in a regex route's capture is a 400
      Given the app:
        """js
        app.get('/user/:name([^/]+)', (req, res) => res.send(req.params.name));
        """
      When I GET "/user/%C3%28"
      Then the status is 400

    Scenario Outline: A path the regular-expression engine cannot read is a TypeError at setup: <path>
      Given the app:
        """js
        try {
          app.get(String.raw`<path>`, (req, res) => res.end());
          world.thrown = 'nothing';
        } catch (err) {
          world.thrown = `${err.name}: ${err.message.includes(String.raw`<path>`)}`;
        }
        """
      Then this holds:
        """js
        assert.equal(world.thrown, 'TypeError: true');
        """

      Examples:
        | path        |
        | /a)         |
        | /a(b        |
        | /:id(\\d+   |

  Rule: XROUTE-002 Every route regex is judged by its shape when it is registered, in linear time

    Scenario: The forms issue 35 names register with no checker loaded, and answer as in Express
      Given the Express app:
        """js
        app.get('/assets/:path*', (req, res) => res.json(req.params));
        app.get('/docs/:path+', (req, res) => res.json(req.params));
        app.get(/.*fly$/, (req, res) => res.send('fly'));
        for (let i = 0; i < 200; i++) app.get(`/items${i}/:id(\\d+)`, (req, res) => res.send(`item ${i} ${req.params.id}`));
        // Before, the first of these routes loaded a checker package (recheck) and blocked for a second.
        world.loaded = Object.keys(require.cache).filter((file) => /recheck/.test(file));
        """
      When I GET "/items199/42"
      Then the body is "item 199 42"
      When I GET "/dragonfly"
      Then the body is "fly"
      When I GET "/docs/a/b"
      Then the JSON body is:
        """json
        { "path": "b" }
        """
      And this holds:
        """js
        assert.deepEqual(world.loaded, []);
        """

  Rule: XROUTE-003 RegExp paths

    Scenario: Unnamed groups are numbered and named groups keep their name
      Given the app:
        """js
        app.get(/^\/commits\/(\w+)(?:\.\.(\w+))?$/, (req, res) => res.json(req.params));
        app.get(/^\/posts\/(?<year>\d{4})\/(?<slug>[a-z-]+)$/, (req, res) => res.json(req.params));
        """
      When I GET "/commits/71dbb9c..4c084f9"
      Then the JSON body is:
        """json
        { "0": "71dbb9c", "1": "4c084f9" }
        """
      When I GET "/posts/2024/hello-world"
      Then the JSON body is:
        """json
        { "year": "2024", "slug": "hello-world" }
        """

    Scenario: A RegExp keeps its own flags, without g or y
      Given the app:
        """js
        app.get(/^\/exact$/g, (req, res) => res.send('exact'));
        app.get(/^\/loose$/i, (req, res) => res.send('loose'));
        """
      When I GET "/exact"
      Then the body is "exact"
      When I GET "/exact"
      Then the body is "exact"
      When I GET "/EXACT"
      Then the status is 404
      When I GET "/LOOSE"
      Then the body is "loose"

  Rule: XROUTE-004 Arrays of paths and of handlers

    Scenario: Any path of a mixed, nested array matches, once
      Given the app:
        """js
        let runs = 0;
        app.get(['/about', ['/team/:name', /^\/staff$/]], [(req, res, next) => { runs++; next(); }, [(req, res) => res.json({ runs, params: req.params })]]);
        """
      When I GET "/about"
      Then the JSON body is:
        """json
        { "runs": 1, "params": {} }
        """
      When I GET "/team/ada"
      Then the JSON body is:
        """json
        { "runs": 2, "params": { "name": "ada" } }
        """
      When I GET "/staff"
      Then the JSON body is:
        """json
        { "runs": 3, "params": {} }
        """

    Scenario: The parameters of the other paths of an array are keys too, undefined
      Given the app:
        """js
        app.get(['/arr/:one', '/other/:two'], (req, res) => res.json(Object.entries(req.params)));
        """
      When I GET "/other/2"
      Then the JSON body is:
        """json
        [["one", null], ["two", "2"]]
        """

    Scenario: An empty array of paths is a TypeError
      Given the app:
        """js
        try { app.get([], (req, res) => res.end()); world.thrown = 'nothing'; } catch (err) { world.thrown = err.name; }
        """
      Then this holds:
        """js
        assert.equal(world.thrown, 'TypeError');
        """

  Rule: XROUTE-005 case sensitive routing and strict routing

    Scenario: Off by default: any case and one trailing slash
      Given the app:
        """js
        app.get('/Users/:id(\\d+)', (req, res) => res.send(req.params.id));
        """
      When I GET "/users/5/"
      Then the body is "5"

    Scenario: case sensitive routing compares literal parts exactly
      Given the app:
        """js
        app.enable('case sensitive routing');
        app.get('/Users/:id', (req, res) => res.send('exact ' + req.params.id));
        """
      When I GET "/Users/Ab"
      Then the body is "exact Ab"
      When I GET "/users/Ab"
      Then the status is 404

    Scenario: strict routing tells /foo from /foo/
      Given the app:
        """js
        app.enable('strict routing');
        app.get('/foo', (req, res) => res.send('no slash'));
        app.get('/bar/', (req, res) => res.send('slash'));
        """
      When I GET "/foo"
      Then the body is "no slash"
      When I GET "/foo/"
      Then the status is 404
      When I GET "/bar/"
      Then the body is "slash"
      When I GET "/bar"
      Then the status is 404

    Scenario: Router options caseSensitive and strict
      Given the app:
        """js
        const exact = new Router({ caseSensitive: true, strict: true });
        exact.get('/Item', (req, res) => res.send('Item'));
        exact.get('/item/', (req, res) => res.send('item/'));
        app.use('/r', exact);
        """
      When I GET "/r/Item"
      Then the body is "Item"
      When I GET "/r/item"
      Then the status is 404
      When I GET "/r/item/"
      Then the body is "item/"
      When I GET "/r/Item/"
      Then the status is 404

    Scenario: A case-sensitive app's use prefixes compare exactly, and are never strict
      Given the app:
        """js
        app.enable('case sensitive routing');
        app.use('/Admin', (req, res) => res.send('admin ' + req.baseUrl + ' ' + req.url));
        """
      When I GET "/Admin/x"
      Then the body is "admin /Admin /x"
      When I GET "/Admin/"
      Then the body is "admin /Admin /"
      When I GET "/admin/x"
      Then the status is 404

    Scenario: Settings apply to routes registered after they are set
      Given the app:
        """js
        app.get('/before', (req, res) => res.send('before'));
        app.enable('case sensitive routing');
        app.get('/After', (req, res) => res.send('after'));
        """
      When I GET "/BEFORE"
      Then the body is "before"
      When I GET "/after"
      Then the status is 404

  Rule: XROUTE-006 Prefixes with parameters, and mergeParams

    Scenario: A prefix with a parameter gives it to its middleware, with baseUrl as matched
      Given the app:
        """js
        app.use('/shops/:shop', (req, res) => res.json({ params: req.params, baseUrl: req.baseUrl, url: req.url }));
        """
      When I GET "/shops/North%20End/items?x=1"
      Then the JSON body is:
        """json
        { "params": { "shop": "North End" }, "baseUrl": "/shops/North%20End", "url": "/items?x=1" }
        """
      When I GET "/shopsx/a"
      Then the status is 404

    Scenario: use() takes a RegExp or an array of paths, as Express does
      Given the app:
        """js
        app.use(['/one', '/two/:n'], (req, res, next) => { res.set('X-Seen', `${req.baseUrl}|${req.params.n}`); next(); });
        app.use(/^\/re(\d)/, (req, res) => res.send(`re ${req.params[0]} ${req.url}`));
        app.get('/one/x', (req, res) => res.send('one'));
        app.get('/two/:n/x', (req, res) => res.send('two ' + req.params.n));
        """
      When I GET "/one/x"
      Then the body is "one"
      And the header "X-Seen" is "/one|undefined"
      When I GET "/two/2/x"
      Then the body is "two 2"
      And the header "X-Seen" is "/two/2|2"
      When I GET "/re7/y"
      Then the body is "re 7 /y"
      When I GET "/re7x/y"
      Then the status is 404

    Scenario: A strict or case-sensitive app still refuses a dot segment at setup
      Given the app:
        """js
        app.enable('strict routing');
        try { app.get('/a/./b', (req, res) => res.end()); world.thrown = 'nothing'; } catch (err) { world.thrown = err.name; }
        """
      Then this holds:
        """js
        assert.equal(world.thrown, 'TypeError');
        """

    Scenario: mergeParams gives a router's handlers its parent's parameters; without it they see their own
      Given the app:
        """js
        const merged = new Router({ mergeParams: true });
        merged.get('/books/:book', (req, res) => res.json(req.params));
        merged.get('/same/:id', (req, res) => res.json(req.params));
        const plain = new Router();
        plain.get('/books/:book', (req, res) => res.json(req.params));
        app.use('/users/:id', merged);
        app.use('/people/:id', plain);
        """
      When I GET "/users/7/books/9"
      Then the JSON body is:
        """json
        { "id": "7", "book": "9" }
        """
      When I GET "/users/7/same/8"
      Then the JSON body is:
        """json
        { "id": "8" }
        """
      When I GET "/people/7/books/9"
      Then the JSON body is:
        """json
        { "book": "9" }
        """

    Scenario: Numbered captures of a merging router come after its parent's
      Given the Express app:
        """js
        const files = new Router({ mergeParams: true });
        files.get('/*', (req, res) => res.json(req.params));
        app.use('/v/:user', files);
        app.use('/w/a(x|y)', files);
        """
      When I GET "/v/ada/a/b"
      Then the JSON body is:
        """json
        { "user": "ada", "0": "a/b" }
        """
      When I GET "/w/ay/b"
      Then the JSON body is:
        """json
        { "0": "y", "1": "b" }
        """

  Rule: XROUTE-007 req.route

    Scenario: req.route is the matching Route, with path, methods and stack
      Given the app:
        """js
        function load(req, res, next) { next(); }
        app.route('/books/:id(\\d+)')
          .get(load, (req, res) => res.json({
            path: req.route.path,
            methods: req.route.methods,
            stack: req.route.stack.map((layer) => [layer.method, layer.name]),
          }))
          .post((req, res) => res.end());
        app.all('/any', (req, res) => res.json(req.route.methods));
        """
      When I GET "/books/3"
      Then the JSON body is:
        """json
        {
          "path": "/books/:id(\\d+)",
          "methods": { "get": true, "post": true },
          "stack": [["get", "load"], ["get", "<anonymous>"], ["post", "<anonymous>"]]
        }
        """
      When I GET "/any"
      Then the JSON body is:
        """json
        { "_all": true }
        """

  Rule: XROUTE-008 param callbacks

    Scenario: Callbacks run once per value, in declaration order, before the handlers
      Given the app:
        """js
        const calls = [];
        // not typed: req.user is typed as authMiddleware's TokenPayload; this app keeps its own user there
        app.param('user', (req, res, next, value, name) => { calls.push(`a ${name}=${value}`); req.user = { name: value }; next(); });
        app.param(['user', 'post'], (req, res, next, value, name) => { calls.push(`b ${name}=${value}`); next(); });
        app.get('/u/:user/:post', (req, res, next) => { calls.push('route 1'); next(); });
        app.get('/u/:user/:post', (req, res) => res.json({ calls, user: req.user, params: req.params }));
        """
      When I GET "/u/ada/7"
      Then the JSON body is:
        """json
        {
          "calls": ["a user=ada", "b user=ada", "b post=7", "route 1"],
          "user": { "name": "ada" },
          "params": { "user": "ada", "post": "7" }
        }
        """

    Scenario: next('route') from a callback skips the route; next(err) fails the request
      Given the app:
        """js
        app.param('id', (req, res, next, id) => {
          if (id === 'bad') return next(Object.assign(new Error('bad id'), { status: 422 }));
          if (!/^\d+$/.test(id)) return next('route');
          next();
        });
        app.get('/item/:id', (req, res) => res.send('number ' + req.params.id));
        app.get('/item/:slug', (req, res) => res.send('slug ' + req.params.slug));
        """
      When I GET "/item/12"
      Then the body is "number 12"
      When I GET "/item/abc"
      Then the body is "slug abc"
      When I GET "/item/bad"
      Then the status is 422

    Scenario: A throwing or rejecting callback is next(err)
      Given the app:
        """js
        app.param('n', async (req, res, next, n) => { if (n === 'x') throw Object.assign(new Error('no'), { status: 409 }); next(); });
        app.get('/n/:n', (req, res) => res.send('ok ' + req.params.n));
        """
      When I GET "/n/x"
      Then the status is 409
      When I GET "/n/1"
      Then the body is "ok 1"

    Scenario: Callbacks run for a use() prefix's parameters too, and once for the same value
      Given the app:
        """js
        const calls = [];
        app.param('shop', (req, res, next, shop) => {
          calls.push(shop);
          if (shop === 'closed') return next(Object.assign(new Error('closed'), { status: 410 }));
          next();
        });
        app.use('/shops/:shop', (req, res, next) => { res.set('X-Shop', req.params.shop); next(); });
        app.get('/shops/:shop/items', (req, res) => res.json(calls));
        """
      When I GET "/shops/north/items"
      Then the header "X-Shop" is "north"
      And the JSON body is:
        """json
        ["north"]
        """
      When I GET "/shops/closed/items"
      Then the status is 410

    Scenario: An optional parameter that was left out runs no callback
      Given the Express app:
        """js
        // Express 4 runs a name's callbacks only for a value the path captured (process_params skips undefined).
        const seen = (req, res, next, value, name) => {
          const calls = /** @type {string[]} */ (req.locals.calls ?? []);
          calls.push(`${name}=${value}`);
          req.locals.calls = calls;
          next();
        };
        app.param('format', seen);
        app.param('ext', seen);
        app.get('/report/:id/:format?', (req, res) => res.json(req.locals.calls ?? []));
        app.get('/files/:file.:ext?', (req, res) => res.json(req.locals.calls ?? []));
        """
      When I GET "/report/7"
      Then the JSON body is:
        """json
        []
        """
      When I GET "/report/7/csv"
      Then the JSON body is:
        """json
        ["format=csv"]
        """
      When I GET "/files/notes"
      Then the JSON body is:
        """json
        []
        """
      When I GET "/files/notes.txt"
      Then the JSON body is:
        """json
        ["ext=txt"]
        """

    Scenario: A router's callbacks serve only its own routes
      Given the app:
        """js
        const calls = [];
        app.param('id', (req, res, next, id) => { calls.push('app ' + id); next(); });
        const router = new Router();
        router.param('id', (req, res, next, id) => { calls.push('router ' + id); next(); });
        router.get('/:id', (req, res) => res.json(calls));
        app.use('/r', router);
        """
      When I GET "/r/5"
      Then the JSON body is:
        """json
        ["router 5"]
        """

    Scenario: A name that is not a string, or a callback that is not a function, is a TypeError
      Given the app:
        """js
        world.thrown = [];
        // not typed: each call is a misuse that throws a TypeError
        for (const bad of [() => app.param('', () => {}), () => app.param('id', 'nope'), () => app.param([1], () => {})]) {
          try { bad(); world.thrown.push('nothing'); } catch (err) { world.thrown.push(err.name); }
        }
        """
      Then this holds:
        """js
        assert.deepEqual(world.thrown, ['TypeError', 'TypeError', 'TypeError']);
        """

  Rule: XROUTE-009 A registrar for every HTTP method

    Scenario: propfind, m-search, purge and the other methods of node:http have registrars
      Given the app:
        """js
        app.propfind('/dav/:file', (req, res) => res.send('propfind ' + req.params.file));
        app['m-search']('/ssdp', (req, res) => res.send('m-search'));
        app.route('/cache').purge((req, res) => res.send('purged')).get((req, res) => res.send('cached'));
        const router = new Router();
        router.lock('/doc', (req, res) => res.send('locked'));
        app.use('/r', router);
        world.missing = require('node:http').METHODS.map((m) => m.toLowerCase())
          .filter((m) => typeof app[m] !== 'function' || typeof router[m] !== 'function' || typeof app.route('/z')[m] !== 'function');
        world.setting = (app.set('title', 'T'), app.get('title'));
        """
      Then this holds:
        """js
        const port = world.server.address().port;
        const call = async (method, path) => {
          const answer = await new Promise((resolve, reject) => {
            const req = require('node:http').request({ host: '127.0.0.1', port, method, path }, (res) => {
              let body = '';
              res.on('data', (c) => { body += c; });
              res.on('end', () => resolve(body));
            });
            req.on('error', reject);
            req.end();
          });
          return answer;
        };
        assert.equal(await call('PROPFIND', '/dav/a.txt'), 'propfind a.txt');
        assert.equal(await call('M-SEARCH', '/ssdp'), 'm-search');
        assert.equal(await call('PURGE', '/cache'), 'purged');
        assert.equal(await call('LOCK', '/r/doc'), 'locked');
        assert.deepEqual(world.missing, []);
        assert.equal(world.setting, 'T');
        """

    Scenario: A kitjs/express app has app.del, the old name of app.delete; a kit() app has none
      Given the Express app:
        """js
        world.warnings = [];
        world.onWarning = (warning) => world.warnings.push(`${warning.name}: ${warning.message}`);
        process.on('warning', world.onWarning);
        // not typed: del is Express 4's deprecated alias, which kitjs's types leave out
        app.del('/items/:id', (req, res) => res.send('deleted ' + req.params.id));
        // not typed: as above
        app.del('/others/:id', (req, res) => res.send('deleted other ' + req.params.id));
        world.kitHasDel = 'del' in kit();
        """
      When I DELETE "/items/7"
      Then the status is 200
      And the body is "deleted 7"
      And this holds:
        """js
        process.off('warning', world.onWarning);
        assert.equal(world.kitHasDel, false);
        assert.deepEqual(world.warnings, ['DeprecationWarning: app.del: Use app.delete instead']);
        """

  Rule: XROUTE-010 The Route object

    Scenario: route(path) returns a Route; new Route(path) dispatches on its own
      Given the app:
        """js
        const chain = app.route('/r');
        const Route = chain.constructor;
        // not typed: Route is reached through a route's constructor, as Express's own tests do
        const alone = new Route('/alone');
        alone.get((req, res, next) => next(), (req, res) => res.send('alone ' + req.route.path));
        alone.post((req, res) => res.send('post'));
        app.use('/alone', (req, res, next) => alone.dispatch(req, res, next));
        chain.get((req, res) => res.send('chained'));
        world.shape = {
          returnsSelf: chain.get((req, res) => res.end()) === chain,
          path: alone.path,
          methods: alone.methods,
          stack: alone.stack.length,
        };
        """
      When I GET "/alone"
      Then the body is "alone /alone"
      When I GET "/r"
      Then the body is "chained"
      And this holds:
        """js
        assert.deepEqual(world.shape, { returnsSelf: true, path: '/alone', methods: { get: true, post: true }, stack: 3 });
        """

    Scenario: A Route keeps the place where it was made, and its own error middleware runs on dispatch
      Given the app:
        """js
        const first = app.route('/order');
        app.get('/order', (req, res) => res.send('registered second'));
        first.get((req, res) => res.send('made first'));
        const Route = first.constructor;
        // not typed: Route is reached through a route's constructor, as Express's own tests do
        const alone = new Route('/e');
        alone.get((req, res) => { throw Object.assign(new Error('boom'), { status: 418 }); });
        alone.get((err, req, res, next) => res.status(err.status).send('route error middleware'));
        app.use('/e', (req, res, next) => alone.dispatch(req, res, next));
        """
      When I GET "/order"
      Then the body is "made first"
      When I GET "/e"
      Then the status is 418
      And the body is "route error middleware"

  Rule: XROUTE-011 kitjs's own patterns never use a regular expression

    Scenario: A plain pattern answers a path of any length; a regex route is held to its bound
      Given the Express app:
        """js
        app.get('/files/*', (req, res) => res.send(`file ${req.params[0].length}`));
        app.get('/docs/:path+', (req, res) => res.send('docs'));
        """
      Then this holds:
        """js
        const port = world.server.address().port;
        const long = 'a/'.repeat(3000);
        // The trie walks segments, with no regex and so no bound (XROUTE-016 bounds only regex routes).
        assert.equal(await (await fetch(`http://127.0.0.1:${port}/files/${long}x`)).text(), 'file 6001');
        assert.equal((await fetch(`http://127.0.0.1:${port}/docs/${long}x`)).status, 404);
        assert.equal(await (await fetch(`http://127.0.0.1:${port}/docs/a/b`)).text(), 'docs');
        """

  Rule: XROUTE-012 An OPTIONS request nothing answered gets the methods routed at its path

    Scenario: Allow lists the methods of the routes at the path, HEAD with GET, each once; all() adds none
      Given the Express app:
        """js
        app.delete('/', (req, res) => res.end());
        app.get('/users', (req, res) => res.send('users'));
        app.put('/users', (req, res) => res.send('replaced'));
        app.get('/users', (req, res) => res.send('never'));
        app.all('/users', (req, res, next) => { res.set('X-All', 'ran'); next(); });
        app.route('/books').post((req, res) => res.send('added')).get((req, res) => res.send('books'));
        app.get('/:page', (req, res) => res.send(req.params.page));
        """
      When I OPTIONS "/users"
      Then the status is 200
      And the header "Allow" is "GET,HEAD,PUT"
      And the body is "GET,HEAD,PUT"
      And the content type is "text/html; charset=utf-8"
      And the header "X-All" is "ran"
      When I OPTIONS "/books"
      Then the header "Allow" is "POST,GET,HEAD"
      When I OPTIONS "/nowhere/at/all"
      Then the status is 404

    Scenario: Middleware, app.options and the routers after one get the request first
      Given the Express app:
        """js
        const users = express.Router();
        users.get('/users', (req, res) => res.send('users'));
        app.use(users);
        app.get('/other', (req, res) => res.send('other'));
        app.get('/mine', (req, res) => res.send('mine'));
        app.options('/mine', (req, res) => res.set('Allow', 'GET').send('my own answer'));
        app.use('/guarded', (req, res, next) => (req.method === 'OPTIONS' ? res.status(204).end() : next()));
        app.get('/guarded/x', (req, res) => res.send('x'));
        """
      When I OPTIONS "/other"
      Then the status is 200
      And the header "Allow" is "GET,HEAD"
      When I OPTIONS "/users"
      Then the body is "GET,HEAD"
      When I OPTIONS "/mine"
      Then the body is "my own answer"
      And the header "Allow" is "GET"
      When I OPTIONS "/guarded/x"
      Then the status is 204

    Scenario: A kit() app answers an OPTIONS request no handler took with its 404
      Given the app:
        """js
        app.get('/users', (req, res) => res.send('users'));
        app.put('/users', (req, res) => res.send('replaced'));
        """
      When I OPTIONS "/users"
      Then the status is 404
      And the header "Allow" is absent

  Rule: XROUTE-013 router.handle takes a bare request object

    Scenario: A plain object with a url and a method is routed; one with no url runs nothing
      Given the app:
        """js
        const router = new Router();
        let seen = 'no middleware';
        router.use((req, res, next) => { seen = 'middleware'; next(); });
        router.get('/users/:id', (req, res) => res.end(`${seen}: user ${req.params.id}, ${req.originalUrl}`));
        world.outcomes = {};
        const note = (key) => (value) => { world.outcomes[key] = value === undefined ? 'next()' : String(value); };
        // not typed: Express's router.handle takes any object with a url and a method
        router.handle({ url: '/users/7?x=1', method: 'GET' }, { end: note('routed') }, note('routed'));
        // not typed: as above, with no url
        router.handle({ method: 'GET' }, {}, note('no url'));
        // not typed: as above, with an empty url
        router.handle({ url: '', method: 'GET' }, {}, note('empty url'));
        // not typed: as above, matching no route
        router.handle({ url: '/nothing', method: 'POST' }, {}, note('unmatched'));
        """
      Then this holds:
        """js
        await new Promise((resolve) => setImmediate(resolve));
        assert.deepEqual(world.outcomes, {
          routed: 'middleware: user 7, /users/7?x=1',
          'no url': 'next()',
          'empty url': 'next()',
          unmatched: 'next()',
        });
        """

  Rule: XROUTE-014 A Router among a route's handlers

    Scenario: A router between a route's handlers sees no route params, and the route's come back after it
      Given the app:
        """js
        const router = new Router();
        router.use((req, res, next) => {
          res.set('X-In-Router', String(req.params.id));
          next();
        });
        const merging = new Router({ mergeParams: true });
        merging.use((req, res, next) => {
          res.set('X-In-Merging', String(req.params.id));
          next();
        });
        // not typed: Express's router is a function, so a route takes one among its handlers
        app.get(
          '/user/:id',
          (req, res, next) => { res.set('X-Before', req.params.id); next(); },
          router,
          merging,
          (req, res) => res.send(`user ${req.params.id}`),
        );
        """
      When I GET "/user/1"
      Then the status is 200
      And the body is "user 1"
      And the header "X-Before" is "1"
      And the header "X-In-Router" is "undefined"
      And the header "X-In-Merging" is "1"

  Rule: XROUTE-015 express.Router() makes a router that is also a function

    Scenario: express.Router() is a function that runs a request through it, and still a Router
      Given the Express app:
        """js
        const users = express.Router({ mergeParams: true });
        users.get('/:name', (req, res) => res.json({ params: req.params }));
        // not typed: Express's router is a function, called as middleware
        app.use('/user/', (req, res, next) => users(req, res, next));
        world.shape = {
          isFunction: typeof users === 'function',
          isRouter: users instanceof Router,
          registrars: ['get', 'use', 'route', 'param', 'handle'].every((name) => typeof users[name] === 'function'),
          plainIsObject: typeof new Router() === 'object',
        };
        """
      When I GET "/user/tj"
      Then the status is 200
      And the JSON body is:
        """json
        { "params": { "name": "tj" } }
        """
      And this holds:
        """js
        assert.deepEqual(world.shape, { isFunction: true, isRouter: true, registrars: true, plainIsObject: true });
        """

  Rule: XROUTE-016 A route regex that can backtrack is tried only on paths up to its bound

    Scenario: The generated form of /:a-:b answers the CVE-2024-45296 attack path with a plain 404
      Given the Express app:
        """js
        app.get('/:a-:b', (req, res) => res.json(req.params));
        """
      Then this holds:
        """js
        const port = world.server.address().port;
        const hostile = await fetch(`http://127.0.0.1:${port}/x${'-'.repeat(12000)}/`);
        assert.equal(hostile.status, 404);
        const fine = await fetch(`http://127.0.0.1:${port}/x-y`);
        assert.deepEqual(await fine.json(), { a: 'x', b: 'y' });
        """

    Scenario: /.*fly$/ answers paths of up to 2048 characters; a longer one goes on to the next route
      Given the app:
        """js
        app.get(/.*fly$/, (req, res) => res.send('fly'));
        app.get('*', (req, res) => res.send('next route'));
        """
      Then this holds:
        """js
        const port = world.server.address().port;
        const get = async (path) => (await fetch(`http://127.0.0.1:${port}${path}`)).text();
        assert.equal(await get(`/${'a'.repeat(2044)}fly`), 'fly');
        assert.equal(await get(`/${'a'.repeat(2045)}fly`), 'next route');
        """

    Scenario: A regex with no polynomial bound is tried on paths of up to 16 characters only
      Given the app:
        """js
        app.get(/^\/(a+)+$/, (req, res) => res.send('matched'));
        """
      When I GET "/aaaaaaaaaaaaaaa"
      Then the body is "matched"
      And this holds:
        """js
        // 41 characters: a backtracking engine would take hours on it; the route is not tried.
        const port = world.server.address().port;
        const hostile = await fetch(`http://127.0.0.1:${port}/${'a'.repeat(39)}!`);
        assert.equal(hostile.status, 404);
        """

  Rule: XROUTE-017 A route regex with no polynomial bound registers with a warning naming where

    Scenario: The warning names the path, the file and line that registered it, and the way out
      Given the app:
        """js
        world.warnings = [];
        const listen = (warning) => world.warnings.push(warning);
        process.on('warning', listen);
        world.stop = () => process.off('warning', listen);
        app.get(/^\/(a+)+$/, (req, res) => res.send('matched'));
        app.get(/.*fly$/, (req, res) => res.send('fly'));
        app.get('/users/:id(\\d+)', (req, res) => res.send('user'));
        """
      When I GET "/aaa"
      Then the body is "matched"
      And this holds:
        """js
        await new Promise((resolve) => setImmediate(resolve));
        world.stop();
        const ours = world.warnings.filter((w) => w.code === 'KIT_ROUTE_REGEX_BOUNDED');
        assert.equal(ours.length, 1);
        assert.ok(ours[0].message.includes('route path "/^\\/(a+)+$/"'), ours[0].message);
        // Where the application registered it: a file and line outside kitjs's own sources.
        const where = /\((\/[^()]+):(\d+)\)/.exec(ours[0].message);
        assert.ok(where, ours[0].message);
        assert.doesNotMatch(where[1], /\/(src|dist)\/[^/]*$|\/src\/router\//);
        assert.match(ours[0].message, /16 characters/);
        assert.ok(ours[0].message.includes(':name([^/]+)'), ours[0].message);
        """

  Rule: XROUTE-018 use() prefixes read as Express reads them, and paths without their leading slash

    Scenario Outline: use('<prefix>') is Express 4's pattern: <request> is <answer>
      Given the Express app:
        """js
        app.use('<prefix>', (req, res) => res.send(`under ${req.baseUrl}`));
        app.use((req, res) => res.status(404).send('not under it'));
        """
      When I GET "<request>"
      Then the body is "<answer>"

      Examples:
        | prefix   | request    | answer         |
        | /rou+ter | /router/x  | under /router  |
        | /rou+ter | /rouuter   | under /rouuter |
        | /rou+ter | /rou+ter/x | not under it   |
        | /rou+ter | /routerx   | not under it   |
        | /a{2}    | /aa/x      | under /aa      |
        | /a{2}    | /a/x       | not under it   |
        | /v[12]   | /v2/x      | under /v2      |
        | /v[12]   | /v3/x      | not under it   |

    Scenario: A router mounted at /rou+ter and a route of ['/gre+t', '/hel{2}o'] answer as in Express 4
      Given the Express app:
        """js
        const router = express.Router();
        router.get('/', (req, res) => res.send(`router at ${req.baseUrl}`));
        app.use('/rou+ter', router);
        app.get(['/gre+t', '/hel{2}o'], (req, res) => res.send(`hi from ${req.path}`));
        """
      When I GET "/rouuter"
      Then the body is "router at /rouuter"
      When I GET "/greeet"
      Then the body is "hi from /greeet"
      When I GET "/hello"
      Then the body is "hi from /hello"
      When I GET "/helo"
      Then the status is 404

    Scenario: A path without its leading slash registers and matches as path-to-regexp 0.1 reads it
      Given the Express app:
        """js
        app.use('', (req, res, next) => { res.set('X-Seen', `${req.baseUrl}|${req.url}`); next(); });
        app.get('foo', (req, res) => res.send('foo'));
        app.use('api', (req, res) => res.send('api'));
        app.get('*.js', (req, res) => res.send(`script ${req.params[0]}`));
        app.use('*', (req, res) => res.status(404).send(`nothing at ${req.originalUrl}, base [${req.baseUrl}]`));
        """
      When I GET "/foo"
      Then the status is 404
      And the header "X-Seen" is "|/foo"
      And the body is "nothing at /foo, base [/foo]"
      When I GET "/api/x"
      Then the status is 404
      When I GET "/app.js"
      Then the body is "script /app"
      When I GET "/"
      Then the body is "nothing at /, base []"

    Scenario: kit() keeps its own reading: /a+b is text, and a path without its leading slash is refused
      Given the app:
        """js
        app.use('/a+b', (req, res) => res.send(`text ${req.baseUrl}`));
        world.refusals = [() => app.get('foo', () => {}), () => app.use('api', () => {})].map((register) => {
          try {
            register();
            return 'registered';
          } catch (err) {
            return `${err.name}: ${err.message}`;
          }
        });
        """
      When I GET "/a+b/x"
      Then the body is "text /a+b"
      When I GET "/aab/x"
      Then the status is 404
      And this holds:
        """js
        assert.deepEqual(world.refusals, [
          'TypeError: route path "foo" must start with "/"',
          `TypeError: use('api'): a path prefix must start with "/"`,
        ]);
        """

  Rule: XROUTE-019 app.param(fn) and router.param(fn), Express 4's deprecated form

    Scenario: app.param(fn) makes the callback of app.param(name, regexp), which validates the parameter
      Given the Express app:
        """js
        world.warnings = [];
        const listen = (warning) => world.warnings.push(warning.message);
        process.on('warning', listen);
        world.stop = () => process.off('warning', listen);
        // not typed: param(fn) is Express 4's deprecated form, which kitjs's types leave out
        world.answered = app.param((name, pattern) => {
          if (!(pattern instanceof RegExp)) return undefined;
          return (req, res, next, value) => {
            const found = pattern.exec(String(value));
            if (!found) return next('route');
            req.params[name] = found[1];
            next();
          };
        }) === app;
        // not typed: what param(fn) makes a callback of, here a RegExp, is the app's own affair
        app.param(':user', /^([a-z]+)$/);
        app.get('/user/:user', (req, res) => res.send(`user ${req.params.user}`));
        app.use((req, res) => res.status(404).send('no such user'));
        """
      When I GET "/user/tj"
      Then the body is "user tj"
      When I GET "/user/42"
      Then the status is 404
      And the body is "no such user"
      And this holds:
        """js
        await new Promise((resolve) => setImmediate(resolve));
        world.stop();
        assert.equal(world.answered, true);
        assert.deepEqual(
          world.warnings.filter((message) => message.includes('param(fn)')),
          ['router.param(fn): Refactor to use path params'],
        );
        """

    Scenario: router.param(fn) serves its own router; what is left must be a function; kit() refuses the form
      Given the Express app:
        """js
        const router = express.Router();
        const other = express.Router();
        // not typed: param(fn) is Express 4's deprecated form, which kitjs's types leave out
        world.answer = router.param((name, arg) => {
          if (typeof arg !== 'number') return undefined;
          return (req, res, next, value) => (Number(value) <= arg ? next() : next('route'));
        });
        // not typed: what param(fn) makes a callback of, here a number, is the router's own affair
        router.param('n', 10);
        router.get('/:n', (req, res) => res.send(`small ${req.params.n}`));
        app.use('/r', router);
        const attempt = (register) => {
          try {
            register();
            return 'registered';
          } catch (err) {
            return `${err.name}: ${err.message}`;
          }
        };
        // not typed: each call is a misuse that throws a TypeError
        world.refusals = [
          attempt(() => other.param('n', 10)),
          attempt(() => router.param('id', 'bob')),
          attempt(() => kit().param(() => undefined)),
        ];
        """
      When I GET "/r/7"
      Then the body is "small 7"
      When I GET "/r/70"
      Then the status is 404
      And this holds:
        """js
        assert.equal(world.answer, undefined);
        assert.match(world.refusals[0], /^TypeError: param\("n", fn\): fn must be a function/);
        assert.equal(world.refusals[1], 'TypeError: invalid param() call for id, got bob');
        assert.match(world.refusals[2], /^TypeError: param\(fn\): .*Express 4's deprecated form/);
        """

  Rule: XROUTE-020 One request's route regexes that can backtrack share one budget

    Scenario: 200 quadratic routes in a kit() app and its router cost a 2,043-character path what one does
      Given the app:
        """js
        const router = new Router();
        for (let i = 0; i < 100; i++) router.get(new RegExp(`.*fly${i}$`), (req, res) => res.send(`fly${i}`));
        app.use(router);
        for (let i = 100; i < 200; i++) app.get(new RegExp(`.*fly${i}$`), (req, res) => res.send(`fly${i}`));
        app.use((req, res) => res.status(404).send('no route'));
        """
      Then this holds:
        """js
        const port = world.server.address().port;
        const get = async (path) => {
          const response = await fetch(`http://127.0.0.1:${port}${path}`);
          return `${response.status} ${await response.text()}`;
        };
        // The first route's try costs 2043^2 of the 2^22 steps: none of the 199 after it fits in what is left.
        const long = `/${'a'.repeat(2036)}fly199`;
        assert.equal(long.length, 2043);
        assert.equal(await get(long), '404 no route');
        // The route a request reaches first answers a long path, as it would alone (XROUTE-016).
        assert.equal(await get(`/${'a'.repeat(2037)}fly0`), '200 fly0');
        // An ordinary path leaves room for all 200 (200 × 107^2 steps); each request has its own budget.
        assert.equal(await get(`/${'a'.repeat(100)}fly199`), '200 fly199');
        assert.equal(await get(long), '404 no route');
        """

    Scenario: Express 4 routes under other literal prefixes cost nothing; a use() pattern draws on the same budget
      Given the Express app:
        """js
        for (const area of ['assets', 'docs', 'files']) {
          app.get(`/${area}/:from-:to`, (req, res) => res.send(`${area} ${req.params.to}`));
        }
        const items = express.Router();
        items.get('/items/:from-:to', (req, res) => res.send(`items ${req.params.to}`));
        app.use('/v:major-:minor', items);
        """
      Then this holds:
        """js
        const port = world.server.address().port;
        const get = async (path) => {
          const response = await fetch(`http://127.0.0.1:${port}${path}`);
          return `${response.status} ${response.status === 200 ? await response.text() : ''}`;
        };
        // /assets/ and /docs/ cannot match a /files/ path: the one route that can gets the whole budget.
        assert.equal(await get(`/files/${'a'.repeat(2000)}-b`), '200 files b');
        // The prefix /v:major-:minor can backtrack: on 1,514 characters it takes 1514^2 steps, and the route
        // under it, which sees 1,509, cannot have 1509^2 more; on a path half as long both fit.
        assert.equal(await get(`/v1-2/items/${'a'.repeat(1500)}-b`), '404 ');
        assert.equal(await get(`/v1-2/items/${'a'.repeat(700)}-b`), '200 items b');
        """
