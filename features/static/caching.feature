@static
Feature: serveStatic validators, conditional requests and Cache-Control

  Rule: STATIC-006 ETag and Last-Modified are sent unless turned off

    Scenario: both validators by default
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/css/site.css"
      Then the status is 200
      And the header "ETag" contains "W/"
      And the header "Accept-Ranges" is "bytes"
      And this holds:
        """
        const modified = Date.parse(response.headers['last-modified']);
        assert.ok(Number.isFinite(modified), 'Last-Modified is an HTTP date');
        """

    Scenario: etag false drops the ETag and never matches If-None-Match
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static'), { etag: false }));
        """
      When I GET "/css/site.css" with headers:
        | name          | value            |
        | If-None-Match | W/"16-a1b2c3d4e" |
      Then the status is 200
      And the header "ETag" is absent
      And the header "Last-Modified" contains "GMT"

    Scenario: lastModified false drops Last-Modified and ignores If-Modified-Since
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static'), { lastModified: false }));
        """
      When I GET "/css/site.css" with headers:
        | name              | value                         |
        | If-Modified-Since | Fri, 01 Jan 2100 00:00:00 GMT |
      Then the status is 200
      And the header "Last-Modified" is absent
      And the header "ETag" contains "W/"

  Rule: STATIC-007 Conditional requests answer 304 Not Modified

    Scenario: If-None-Match with the current ETag
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/index.html"
      And I GET "/index.html" again, sending its ETag as If-None-Match
      Then the status is 304
      And the body is empty
      When I GET "/index.html" with headers:
        | name          | value          |
        | If-None-Match | W/"not-it-123" |
      Then the status is 200

    Scenario: If-Modified-Since not earlier than Last-Modified
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/data.json"
      And I GET "/data.json" again, sending its Last-Modified as If-Modified-Since
      Then the status is 304
      And the body is empty
      When I GET "/data.json" with headers:
        | name              | value                         |
        | If-Modified-Since | Thu, 01 Jan 1970 00:00:00 GMT |
      Then the status is 200
      And the body is byte for byte the fixture "static/data.json"

    Scenario: a failing If-Match answers 412
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/data.json" with headers:
        | name     | value          |
        | If-Match | "someone-else" |
      Then the status is 412
      And the server still answers GET "/data.json" with 200

  Rule: STATIC-008 Cache-Control follows maxAge

    Scenario: max-age 0 by default
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/css/site.css"
      Then the header "Cache-Control" is "public, max-age=0"

    Scenario Outline: maxAge <maxAge> sends max-age=<seconds>
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static'), { maxAge: <maxAge> }));
        """
      When I GET "/css/site.css"
      Then the status is 200
      And the header "Cache-Control" is "public, max-age=<seconds>"

      Examples:
        | maxAge    | seconds  |
        | 60000     | 60       |
        | 1500      | 1        |
        | '1d'      | 86400    |
        | '2h'      | 7200     |
        | '2 days'  | 172800   |
        | '10y'     | 31536000 |
