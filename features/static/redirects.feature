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
      And the media type is "text/plain"
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
