@express @static
Feature: Express's serve-static options on serveStatic
  serveStatic takes serve-static 1.x's options; kitjs's path safety (STATIC-013 to STATIC-019) applies
  whatever they say.

  Background:
    Given the app:
      """js
      const { mkdirSync, writeFileSync } = require('node:fs');
      const { join } = require('node:path');
      world.site = join(tmpDir, 'site');
      mkdirSync(join(world.site, 'docs'), { recursive: true });
      mkdirSync(join(world.site, 'blog'), { recursive: true });
      writeFileSync(join(world.site, 'about.html'), '<h1>About</h1>');
      writeFileSync(join(world.site, 'contact.htm'), '<h1>Contact</h1>');
      writeFileSync(join(world.site, 'notes.txt'), '0123456789');
      writeFileSync(join(world.site, '.env'), 'SECRET=1');
      writeFileSync(join(world.site, 'docs', 'index.html'), '<h1>Docs</h1>');
      writeFileSync(join(world.site, 'blog', 'default.htm'), '<h1>Blog</h1>');
      writeFileSync(join(tmpDir, 'secret.html'), 'outside root');
      """

  Rule: STATIC-020 acceptRanges: false ignores Range

    Scenario Outline: acceptRanges <value> with a Range header answers <status>
      Given the app:
        """js
        app.use(serveStatic(world.site, { acceptRanges: <value> }));
        """
      When I GET "/notes.txt" with headers:
        | Range | bytes=0-3 |
      Then the status is <status>
      And the body is "<body>"
      And this holds:
        """js
        assert.equal(response.headers['accept-ranges'], <value> ? 'bytes' : undefined);
        """

      Examples:
        | value | status | body       |
        | true  | 206    | 0123       |
        | false | 200    | 0123456789 |

  Rule: STATIC-021 cacheControl and immutable shape Cache-Control

    Scenario: immutable is added to the max-age
      Given the app:
        """js
        app.use(serveStatic(world.site, { maxAge: '1d', immutable: true }));
        """
      When I GET "/about.html"
      Then the header "Cache-Control" is "public, max-age=86400, immutable"

    Scenario: cacheControl: false sends no Cache-Control, whatever maxAge says
      Given the app:
        """js
        app.use(serveStatic(world.site, { cacheControl: false, maxAge: '1d', immutable: true }));
        """
      When I GET "/about.html"
      Then the status is 200
      And the header "Cache-Control" is absent

  Rule: STATIC-022 extensions are tried for a path that names no file

    Scenario: /about finds about.html, /contact finds contact.htm, in the order given
      Given the app:
        """js
        app.use(serveStatic(world.site, { extensions: ['html', 'htm'] }));
        app.use((req, res) => res.status(404).send('no page'));
        """
      When I GET "/about"
      Then the status is 200
      And the body is "<h1>About</h1>"
      And the media type is "text/html"
      When I GET "/contact"
      Then the body is "<h1>Contact</h1>"
      When I GET "/missing"
      Then the body is "no page"

    Scenario: Without extensions, /about is a miss
      Given the app:
        """js
        app.use(serveStatic(world.site));
        app.use((req, res) => res.status(404).send('no page'));
        """
      When I GET "/about"
      Then the status is 404
      And the body is "no page"

    Scenario: An extension never leads out of root
      Given the app:
        """js
        app.use('/site', serveStatic(world.site, { extensions: ['html'] }));
        app.use((req, res) => res.status(404).send('no page'));
        """
      When I GET the raw path "/site/..%2Fsecret"
      Then the status is 403
      When I GET the raw path "/site/../secret"
      Then the status is 404
      And the body does not contain "outside root"

  Rule: STATIC-023 index takes a list tried in order

    Scenario: The first index that exists is served
      Given the app:
        """js
        app.use(serveStatic(world.site, { index: ['default.htm', 'index.html'] }));
        """
      When I GET "/blog/"
      Then the body is "<h1>Blog</h1>"
      When I GET "/docs/"
      Then the body is "<h1>Docs</h1>"

    Scenario: An empty list serves no index, as index: false
      Given the app:
        """js
        app.use(serveStatic(world.site, { index: [] }));
        app.use((req, res) => res.status(404).send('no index'));
        """
      When I GET "/docs/"
      Then the body is "no index"
      When I GET "/docs"
      Then the body is "no index"

  Rule: STATIC-024 fallthrough: false answers misses with errors

    Scenario: A missing file is a 404 error and another method a 405 with Allow
      Given the app:
        """js
        app.use(serveStatic(world.site, { fallthrough: false }));
        app.use((req, res) => res.send('later handler'));
        app.use((err, req, res, next) => {
          res.status(err.status).json({ status: err.status, message: err.message });
        });
        """
      When I GET "/nope.txt"
      Then the JSON body is:
        """json
        { "status": 404, "message": "Not Found" }
        """
      When I POST "/about.html"
      Then the status is 405
      When I GET "/about.html"
      Then the body is "<h1>About</h1>"

    Scenario: Without an error handler the 405 carries Allow
      Given the app:
        """js
        app.use(serveStatic(world.site, { fallthrough: false }));
        """
      When I DELETE "/about.html"
      Then the status is 405
      And the header "Allow" is "GET, HEAD"
      When I GET "/.env"
      Then the status is 404
      And the body does not contain "SECRET"

    Scenario: The default fallthrough lets a later route answer
      Given the app:
        """js
        app.use(serveStatic(world.site));
        app.post('/about.html', (req, res) => res.send('posted'));
        app.get('/nope.txt', (req, res) => res.send('route'));
        """
      When I POST "/about.html"
      Then the body is "posted"
      When I GET "/nope.txt"
      Then the body is "route"

  Rule: STATIC-025 redirect: false does not redirect a directory

    Scenario Outline: GET /docs with redirect <value> answers <status>
      Given the app:
        """js
        app.use(serveStatic(world.site, { redirect: <value> }));
        app.use((req, res) => res.status(404).send('fell through'));
        """
      When I GET "/docs"
      Then the status is <status>
      And the body contains "<body>"

      Examples:
        | value | status | body         |
        | true  | 301    | /docs/       |
        | false | 404    | fell through |

  Rule: STATIC-026 setHeaders sets headers on served files

    Scenario: setHeaders sees the file's path and stats, and its headers win over the defaults
      Given the app:
        """js
        app.use(serveStatic(world.site, {
          setHeaders(res, path, stat) {
            world.seen = { path, size: stat.size };
            res.setHeader('X-Served-By', 'kitjs');
            if (path.endsWith('.txt')) res.setHeader('Cache-Control', 'no-store');
          },
        }));
        """
      When I GET "/notes.txt"
      Then the status is 200
      And the header "X-Served-By" is "kitjs"
      And the header "Cache-Control" is "no-store"
      And this holds:
        """js
        const { join } = require('node:path');
        assert.deepEqual(world.seen, { path: join(world.site, 'notes.txt'), size: 10 });
        """

    Scenario: setHeaders is not called for a miss, and a throw is a 500 without a crash
      Given the app:
        """js
        world.calls = 0;
        app.use(serveStatic(world.site, {
          setHeaders(res, path) {
            world.calls += 1;
            if (path.endsWith('about.html')) throw new Error('broken hook');
          },
        }));
        """
      When I GET "/missing.txt"
      Then the status is 404
      When I GET "/about.html"
      Then the status is 500
      And the body does not contain "broken hook"
      And the server still answers GET "/notes.txt" with 200
      And this holds:
        """js
        assert.equal(world.calls, 2);
        """

  Rule: STATIC-012 Bad arguments throw a TypeError at setup

    Scenario Outline: serveStatic with <option> throws a TypeError naming it
      Given the app:
        """js
        // not typed: some rows pass options of the wrong type, which throw a TypeError
        try { serveStatic('public', { <option>: <value> }); world.thrown = undefined; } catch (err) { world.thrown = err; }
        """
      Then this holds:
        """js
        assert.ok(world.thrown instanceof TypeError, 'a TypeError at setup');
        assert.match(world.thrown.message, /<option>/);
        """

      Examples:
        | option       | value              |
        | acceptRanges | 'yes'              |
        | cacheControl | 1                  |
        | immutable    | 'true'             |
        | fallthrough  | null               |
        | redirect     | 0                  |
        | extensions   | 'html'             |
        | extensions   | ['.html']          |
        | extensions   | ['../x']           |
        | index        | ['ok.html', 'a/b'] |
        | setHeaders   | 'x-frame'          |

    Scenario: A missing or non-string root is refused in serve-static's words
      Given the Express app:
        """js
        // not typed: the roots are of the kinds serve-static refuses
        world.thrown = [() => express.static(), () => express.static(''), () => express.static(42)].map((make) => {
          try { make(); return 'nothing'; } catch (err) { return String(err); }
        });
        """
      Then this holds:
        """js
        assert.match(world.thrown[0], /^TypeError: serveStatic: root path required/);
        assert.match(world.thrown[1], /^TypeError: serveStatic: root path required/);
        assert.match(world.thrown[2], /^TypeError: serveStatic: root path must be a string; got number/);
        """

  Rule: XFILE-022 express.static reads its options and answers as serve-static 1.x

    Scenario: One string for extensions, and an infinite maxAge held to a year
      Given the Express app:
        """js
        app.use(express.static(world.site, { extensions: 'html', maxAge: Infinity }));
        """
      When I GET "/about"
      Then the status is 200
      And the body is "<h1>About</h1>"
      And the header "Cache-Control" is "public, max-age=31536000"
      And the header "Content-Type" is "text/html; charset=UTF-8"

    Scenario: A directory named without its slash is redirected even with index: false
      Given the Express app:
        """js
        app.use('/site', express.static(world.site, { index: false }));
        app.use((req, res) => res.status(404).send('fell through'));
        """
      When I GET "/site/docs"
      Then the status is 301
      And the header "Location" is "/site/docs/"
      When I GET "/site/docs/"
      Then the status is 404
      And the body is "fell through"

    Scenario: With fallthrough: false, send's own errors go on
      Given the Express app:
        """js
        app.use(express.static(world.site, { fallthrough: false, redirect: false }));
        app.use((err, req, res, next) => {
          res.status(err.status).json({ status: err.status, name: err.name, code: err.code ?? null });
        });
        """
      When I GET "/docs"
      Then the JSON body is:
        """json
        { "status": 404, "name": "NotFoundError", "code": null }
        """
      When I GET "/nope.txt"
      Then the JSON body is:
        """json
        { "status": 404, "name": "Error", "code": "ENOENT" }
        """
