@static
Feature: serveStatic serves the files below a directory

  serveStatic(root, options) answers GET and HEAD with the files below root, typed by extension and
  streamed; whatever is not a file is left to the next handler.

  Rule: STATIC-001 Files are served with a type from their extension

    Scenario: an HTML page, a stylesheet, JSON and an unknown extension
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/index.html"
      Then the status is 200
      And the content type is "text/html; charset=utf-8"
      And the body contains "<h1>Home page</h1>"
      When I GET "/css/site.css"
      Then the status is 200
      And the content type is "text/css; charset=utf-8"
      And the body is byte for byte the fixture "static/css/site.css"
      When I GET "/data.json"
      Then the media type is "application/json"
      When I GET "/assets/logo.svg"
      Then the media type is "image/svg+xml"
      When I GET "/large.bin"
      Then the content type is "application/octet-stream"

    Scenario: names with a space and with non-ASCII letters are reached percent-encoded
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/hello%20world.txt"
      Then the status is 200
      And the body is byte for byte the fixture "static/hello world.txt"
      When I GET "/caf%C3%A9.txt"
      Then the status is 200
      And the body is byte for byte the fixture "static/café.txt"

    Scenario: mounted under a prefix, the path below the prefix is looked up
      Given the app:
        """
        const { join } = require('node:path');
        app.use('/assets', serveStatic(join(fixtures, 'static')));
        """
      When I GET "/assets/css/site.css"
      Then the status is 200
      And the media type is "text/css"
      When I GET "/css/site.css"
      Then the status is 404

  Rule: STATIC-002 What is not a file falls through to the next handler

    Scenario: a missing file reaches the route registered after the middleware
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        app.get('/health', (req, res) => res.json({ ok: true }));
        """
      When I GET "/health"
      Then the status is 200
      And the JSON body is:
        """
        { "ok": true }
        """
      When I GET "/no-such-file.txt"
      Then the status is 404

    Scenario Outline: <method> is not served and falls through
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        app.all('/data.json', (req, res) => res.send(`route saw ${req.method}`));
        """
      When I <method> "/data.json"
      Then the status is 200
      And the body is "route saw <method>"

      Examples:
        | method |
        | POST   |
        | PUT    |
        | DELETE |
        | PATCH  |

    Scenario: a directory without an index file is not listed
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/assets/"
      Then the status is 404
      And the body does not contain "logo.svg"
      And the server still answers GET "/assets/logo.svg" with 200

    Scenario: a root directory that does not exist makes every request fall through
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(tmpDir, 'not-built-yet')));
        app.get('/', (req, res) => res.send('home route'));
        """
      When I GET "/"
      Then the status is 200
      And the body is "home route"
      When I GET "/index.html"
      Then the status is 404

  Rule: STATIC-003 A directory path ending in a slash serves its index file

    Scenario: the root and a nested directory serve index.html
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/"
      Then the status is 200
      And the media type is "text/html"
      And the body contains "Home page"
      When I GET "/nested/"
      Then the status is 200
      And the body contains "Nested index"

    Scenario: another index file name
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static'), { index: 'site.css' }));
        """
      When I GET "/css/"
      Then the status is 200
      And the body is byte for byte the fixture "static/css/site.css"

    Scenario: index false never serves a directory
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static'), { index: false }));
        app.get('/', (req, res) => res.send('the route answers /'));
        """
      When I GET "/"
      Then the status is 200
      And the body is "the route answers /"
      When I GET "/nested/"
      Then the status is 404
      When I GET "/nested"
      Then the status is 404
      And the header "Location" is absent
      And the server still answers GET "/nested/index.html" with 200

  Rule: STATIC-010 HEAD answers like GET without a body

    Scenario: HEAD has the full Content-Length and no body
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I HEAD the raw path "/large.bin"
      Then the status is 200
      And the header "Content-Length" is "204800"
      And the content type is "application/octet-stream"
      And the header "ETag" contains "W/"
      And the body is empty

  Rule: STATIC-011 Files are streamed

    Scenario: a 200 KB file arrives whole and byte for byte identical
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/large.bin"
      Then the status is 200
      And the header "Content-Length" is "204800"
      And the body is byte for byte the fixture "static/large.bin"
