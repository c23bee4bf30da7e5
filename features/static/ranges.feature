@static
Feature: serveStatic byte ranges

  Rule: STATIC-009 A single byte range answers 206, an unsatisfiable one 416

    Scenario: a range in the middle of the large file
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/large.bin" with headers:
        | name  | value               |
        | Range | bytes=100000-100099 |
      Then the status is 206
      And the header "Content-Range" is "bytes 100000-100099/204800"
      And the header "Content-Length" is "100"
      And the body is bytes 100000 to 100099 of the fixture "static/large.bin"

    Scenario: an open range and a suffix range
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/large.bin" with headers:
        | name  | value         |
        | Range | bytes=204790- |
      Then the status is 206
      And the header "Content-Range" is "bytes 204790-204799/204800"
      And the body is bytes 204790 to 204799 of the fixture "static/large.bin"
      When I GET "/css/site.css" with headers:
        | name  | value    |
        | Range | bytes=-5 |
      Then the status is 206
      And the body is bytes 19 to 23 of the fixture "static/css/site.css"

    Scenario: a range past the end answers 416 with the size
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/large.bin" with headers:
        | name  | value         |
        | Range | bytes=300000- |
      Then the status is 416
      And the header "Content-Range" is "bytes */204800"
      And the header "ETag" is absent
      And the server still answers GET "/large.bin" with 200

    Scenario: several ranges or a malformed one get the whole file
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/css/site.css" with headers:
        | name  | value          |
        | Range | bytes=0-1,5-6  |
      Then the status is 200
      And the body is byte for byte the fixture "static/css/site.css"
      When I GET "/css/site.css" with headers:
        | name  | value       |
        | Range | bytes=x-y   |
      Then the status is 200
      And the header "Content-Range" is absent

    Scenario: an If-Range that no longer matches gets the whole file
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/css/site.css" with headers:
        | name     | value          |
        | Range    | bytes=0-3      |
        | If-Range | "old-etag-1"   |
      Then the status is 200
      And the body is byte for byte the fixture "static/css/site.css"
