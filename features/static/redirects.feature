@static
Feature: serveStatic redirects a directory to its slash form

  Rule: STATIC-004 A directory named without its trailing slash is redirected

    Scenario: the redirect adds the slash and keeps the query string
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/nested?lang=en&v=2"
      Then the status is 301
      And the header "Location" is "/nested/?lang=en&v=2"
      And the content type is "text/html; charset=UTF-8"
      And the header "Content-Security-Policy" is "default-src 'none'"
      And the header "X-Content-Type-Options" is "nosniff"
      And the body contains "<pre>Redirecting to /nested/?lang=en&amp;v=2</pre>"
      When I GET "/nested/?lang=en&v=2"
      Then the status is 200
      And the body contains "Nested index"

    Scenario: under a mount prefix the redirect keeps the prefix
      Given the app:
        """
        const { join } = require('node:path');
        app.use('/site', serveStatic(join(fixtures, 'static')));
        """
      When I GET "/site/nested"
      Then the status is 301
      And the header "Location" is "/site/nested/"

    Scenario: a directory reached through a doubled slash never redirects to another host
      Given the app:
        """
        // A directory whose name looks like a host, the classic open-redirect bait.
        const { mkdirSync, writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        mkdirSync(join(tmpDir, 'evil.com'));
        writeFileSync(join(tmpDir, 'evil.com', 'index.html'), '<p>local page</p>');
        app.use(serveStatic(tmpDir));
        """
      When I GET the raw path "//evil.com"
      Then the status is 301
      And the header "Location" is "/evil.com/"
      When I GET the raw path "//evil.com?next=1"
      Then the status is 301
      And the header "Location" is "/evil.com/?next=1"
      When I GET the raw path "///evil.com/"
      Then the status is 200
      And the body is "<p>local page</p>"
      And the server still answers GET "/evil.com/" with 200

    Scenario: HEAD of a directory gets the redirect without a body
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I HEAD the raw path "/nested"
      Then the status is 301
      And the header "Location" is "/nested/"
      And the body is empty

    Scenario Outline: a directory reached after a handler started the response is cut, not redirected, on <flavour>
      Given the <flavour>:
        """
        const { join } = require('node:path');
        // A handler that starts the answer and passes it on anyway (ERR-009's misuse).
        app.use((req, res, next) => {
          if (req.query.started) res.flushHeaders();
          next();
        });
        app.use(<factory>(join(fixtures, 'static')));
        """
      When I send the raw request:
        """
        GET /nested?started=1 HTTP/1.1
        Host: 127.0.0.1
        Connection: close

        """
      Then the status is 200
      And the header "Location" is absent
      And the server still answers GET "/nested" with 301

      Examples:
        | flavour         | factory        |
        | app             | serveStatic    |
        | Express app     | express.static |
        | Express 5 app   | express.static |

  Rule: STATIC-027 The mount point named without its slash is redirected to it

    Scenario Outline: GET /static on <flavour> redirects to /static/, whose index then loads
      Given <given>:
        """js
        const { join } = require('node:path');
        app.use('/static', serveStatic(join(fixtures, 'static')));
        """
      When I GET "/static?v=2"
      Then the status is 301
      And the header "Location" is "/static/?v=2"
      And the body contains "Redirecting to /static/?v=2"
      When I HEAD "/static"
      Then the status is 301
      And the header "Location" is "/static/"
      When I GET "/static/"
      Then the status is 200
      And the body contains "Home page"

      Examples:
        | flavour       | given           |
        | kit()         | the app         |
        | kitjs/express | the Express app |

    Scenario: Without index or redirect the mount point falls through; a root that is a file is served
      Given the app:
        """js
        const { join } = require('node:path');
        app.use('/plain', serveStatic(join(fixtures, 'static'), { redirect: false }));
        app.use('/bare', serveStatic(join(fixtures, 'static'), { index: false }));
        app.use('/data.json', serveStatic(join(fixtures, 'static', 'data.json')));
        app.use((req, res) => res.status(404).send(`fell through: ${req.originalUrl}`));
        """
      When I GET "/plain"
      Then the status is 404
      And the body is "fell through: /plain"
      When I GET "/bare"
      Then the body is "fell through: /bare"
      When I GET "/data.json"
      Then the status is 200
      And the media type is "application/json"
      When I GET "/data.json/"
      Then the body is "fell through: /data.json/"
