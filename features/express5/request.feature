@express5
Feature: kitjs/express5 requests: req.query, req.host, and the readings both Express flavours share

  Rule: X5-009 req.query is a getter with the 'simple' parser by default

    Scenario: The default 'simple' parser keeps brackets in keys and makes arrays of repeated keys
      Given the Express 5 app:
        """js
        app.get('/', (req, res) => res.json(req.query));
        """
      When I GET "/?a[b]=1&c=2&c=3"
      Then the JSON body is:
        """json
        { "a[b]": "1", "c": ["2", "3"] }
        """

    Scenario Outline: The query parser setting <setting> reads ?a[b]=1 as <query>
      Given the Express 5 app:
        """js
        app.set('query parser', <setting>);
        app.get('/', (req, res) => res.json(req.query));
        """
      When I GET "/?a[b]=1"
      Then the JSON body is:
        """json
        <query>
        """

      Examples:
        | setting    | query                |
        | 'extended' | { "a": { "b": "1" } } |
        | false      | {}                   |

    Scenario: req.query is read from req.url when it is read, and a middleware replaces it with defineProperty
      Given the Express 5 app:
        """js
        app.use('/rewrite', (req, res, next) => { req.url = '/?page=2'; next(); });
        app.get('/rewrite', (req, res) => res.json(req.query));
        app.use('/define', (req, res, next) => {
          Object.defineProperty(req, 'query', { value: { page: Number(req.query.page) }, writable: true, configurable: true, enumerable: true });
          next();
        });
        app.get('/define', (req, res) => res.json(req.query));
        """
      When I GET "/rewrite?page=1"
      Then the JSON body is:
        """json
        { "page": "2" }
        """
      When I GET "/define?page=3"
      Then the JSON body is:
        """json
        { "page": 3 }
        """

    @kit-better
    Scenario: A validating middleware may assign req.query, which Express 5's getter refuses
      Given the Express 5 app:
        """js
        app.use((req, res, next) => {
          req.query = { page: Math.max(1, Number(req.query.page) || 1) };
          next();
        });
        app.get('/list', (req, res) => res.json(req.query));
        """
      When I GET "/list?page=-4&debug=1"
      Then the JSON body is:
        """json
        { "page": 1 }
        """
      When I GET "/list?page=3"
      Then the JSON body is:
        """json
        { "page": 3 }
        """

  Rule: X5-013 req.host keeps the port

    Scenario: req.host is the Host header with its port; req.hostname drops it
      Given the Express 5 app:
        """js
        app.get('/', (req, res) => res.json({ host: req.host, hostname: req.hostname }));
        """
      When I send the raw request:
        """
        GET / HTTP/1.1
        Host: example.com:8080
        Connection: close
        """
      Then the JSON body is:
        """json
        { "host": "example.com:8080", "hostname": "example.com" }
        """

    Scenario: With trust proxy, req.host is the first X-Forwarded-Host, port included
      Given the Express 5 app:
        """js
        app.set('trust proxy', true);
        app.get('/', (req, res) => res.json({ host: req.host, hostname: req.hostname }));
        """
      When I send the raw request:
        """
        GET / HTTP/1.1
        Host: inner.local:3000
        X-Forwarded-Host: public.example:8443, other.example
        Connection: close
        """
      Then the JSON body is:
        """json
        { "host": "public.example:8443", "hostname": "public.example" }
        """

  Rule: X5-018 The request's Express readings both flavours share

    Scenario: req.get('set-cookie') is an array; req.is() is null without a body
      Given the Express 5 app:
        """js
        app.get('/', (req, res) => res.json({
          setCookie: req.get('set-cookie'),
          header: req.header('Set-Cookie'),
          is: req.is('json'),
        }));
        """
      When I send the raw request:
        """
        GET / HTTP/1.1
        Host: localhost
        Set-Cookie: a=1
        Set-Cookie: b=2
        Connection: close
        """
      Then the JSON body is:
        """json
        { "setCookie": ["a=1", "b=2"], "header": ["a=1", "b=2"], "is": null }
        """

    Scenario: req.path and req.url keep a doubled slash as sent
      Given the Express 5 app:
        """js
        app.use((req, res) => res.json({ path: req.path, url: req.url, originalUrl: req.originalUrl }));
        """
      When I GET the raw path "//a//b?x=1"
      Then the JSON body is:
        """json
        { "path": "//a//b", "url": "//a//b?x=1", "originalUrl": "//a//b?x=1" }
        """

    Scenario: A doubled slash is a segment of its own: no route or prefix of the plain spelling takes it
      Given the Express 5 app:
        """js
        app.get('/a/b', (req, res) => res.send('route /a/b'));
        app.get('/p/:id', (req, res) => res.send('param'));
        app.use('/a', (req, res) => res.json({ under: req.path, baseUrl: req.baseUrl }));
        app.use((req, res) => res.status(404).json({ path: req.path }));
        """
      When I GET the raw path "//a/b"
      Then the status is 404
      And the JSON body is:
        """json
        { "path": "//a/b" }
        """
      When I GET the raw path "/a//b"
      Then the status is 200
      And the JSON body is:
        """json
        { "under": "//b", "baseUrl": "/a" }
        """
      When I GET the raw path "/p//"
      Then the status is 404
      And the JSON body is:
        """json
        { "path": "/p//" }
        """
      When I GET the raw path "/a/./b"
      Then the status is 200
      And the body is "route /a/b"

    Scenario: A guard reading req.path sees the path the routes match
      Given the Express 5 app:
        """js
        app.use((req, res, next) => (req.path.startsWith('/admin') ? res.status(401).send('guarded') : next()));
        app.get('/admin/:id', (req, res) => res.send('secret'));
        """
      When I GET the raw path "//admin/x"
      Then the status is 404
      And the body does not contain "secret"
      When I GET the raw path "/public/../admin/x"
      Then the status is 401
      And the body is "guarded"

    Scenario: express.static answers a path with // by a 301 to its one spelling, never with the file
      Given the Express 5 app:
        """js
        const { mkdirSync, writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        mkdirSync(join(tmpDir, 'admin'));
        writeFileSync(join(tmpDir, 'admin', 'secret.txt'), 'the-secret');
        mkdirSync(join(tmpDir, 'users'));
        writeFileSync(join(tmpDir, 'users', 'index.html'), '<p>users</p>');
        writeFileSync(join(tmpDir, 'todo.txt'), 'todo');
        app.use('/admin', (req, res) => res.status(401).send('guarded'));
        app.use(express.static(tmpDir));
        app.use('/assets', express.static(tmpDir));
        """
      When I GET the raw path "//admin/secret.txt"
      Then the status is 301
      And the header "Location" is "/admin/secret.txt"
      And the body does not contain "the-secret"
      When I GET the raw path "//todo.txt?v=1"
      Then the status is 301
      And the header "Location" is "/todo.txt?v=1"
      When I GET the raw path "//users/"
      Then the status is 301
      And the header "Location" is "/users/"
      When I GET the raw path "/assets//todo.txt"
      Then the status is 301
      And the header "Location" is "/assets/todo.txt"
      When I GET the raw path "//missing.txt"
      Then the status is 404
      When I GET the raw path "/admin/secret.txt"
      Then the status is 401
