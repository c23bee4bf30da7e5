@static
Feature: serveStatic never serves anything outside its root

  The root in these scenarios is features/fixtures/static/nested, so features/fixtures/static/index.html
  ("Home page") and .secret lie just outside it: no request may reach them.

  Rule: STATIC-013 A request path can only ever name a location inside root

    Scenario Outline: the plain and encoded dot-segment <path> stays inside root
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static', 'nested')));
        """
      When I GET the raw path "<path>"
      Then the body does not contain "Home page"
      And the body does not contain "do-not-serve"
      And this holds:
        """
        assert.ok([200, 400, 403, 404].includes(response.status), `status ${response.status}`);
        """
      And the server still answers GET "/deeper/file.txt" with 200

      Examples:
        | path                               |
        | /../index.html                     |
        | /../../static/index.html           |
        | /deeper/../../index.html           |
        | /%2e%2e/index.html                 |
        | /%2E%2E/%2e%2e/.secret             |
        | /.%2e/index.html                   |
        | /deeper/%2e%2e/%2e%2e/index.html   |
        | //../index.html                    |

    Scenario: the canonical path inside root is still served
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static', 'nested')));
        """
      When I GET the raw path "/deeper/../deeper/./file.txt"
      Then the status is 200
      And the body is byte for byte the fixture "static/nested/deeper/file.txt"

  Rule: STATIC-014 Malformed encoding and NUL bytes answer 400

    Scenario Outline: <path> answers 400
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static', 'nested')));
        """
      When I GET the raw path "<path>"
      Then the status is 400
      And the server still answers GET "/index.html" with 200

      Examples:
        | path                      |
        | /index.html%00            |
        | /index.html%00.txt        |
        | /deeper/%00/file.txt      |
        | /%                        |
        | /%zz                      |
        | /index.html%E0%A4%A       |
        | /%C0%AE%C0%AE/index.html  |
        | /%ED%A0%80                |

  Rule: STATIC-015 Disguised dot-segments answer 403

    Scenario Outline: <path> answers 403
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static', 'nested')));
        app.use((req, res) => res.send('a route saw it'));
        """
      When I GET the raw path "<path>"
      Then the status is 403
      And the body does not contain "Home page"
      And the body does not contain "a route saw it"
      And the server still answers GET "/deeper/file.txt" with 200

      Examples:
        | path                          |
        | /..%2findex.html              |
        | /..%2Findex.html              |
        | /deeper/..%2f..%2findex.html  |
        | /..%5cindex.html              |
        | /..%5C..%5C.secret            |
        | /%2e%2e%2findex.html          |
        | /..\\index.html               |
        | /deeper\\..\\..\\index.html   |

  Rule: STATIC-016 An encoded separator inside a segment is a miss, never a file

    Scenario Outline: <path> is not looked up and reaches the route
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static', 'nested')));
        app.get('/:name', (req, res) => res.send(`route got ${req.params.name}`));
        """
      When I GET the raw path "<path>"
      Then the status is 200
      And the body is "route got <name>"
      And the server still answers GET "/deeper/file.txt" with 200

      Examples:
        | path                  | name                  |
        | /deeper%2ffile.txt    | deeper/file.txt       |
        | /deeper%2Ffile.txt    | deeper/file.txt       |
        | /deeper%5cfile.txt    | deeper\\file.txt      |
        | /deeper\\file.txt     | deeper\\file.txt      |

  Rule: STATIC-017 Refusals reach the error handler as KitErrors

    @kit-error-codes
    Scenario: setErrorHandler sees the code and status of each refusal
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static'), { dotfiles: 'deny' }));
        app.setErrorHandler((err, req, res) => {
          res.status(err.status).json({ code: err.code, status: err.status });
        });
        """
      When I GET the raw path "/..%2f..%2fpackage.json"
      Then the status is 403
      And the JSON body is:
        """
        { "code": "KIT_ERR_STATIC_FORBIDDEN", "status": 403 }
        """
      When I GET the raw path "/%C0%AE%C0%AE/index.html"
      Then the JSON body is:
        """
        { "code": "KIT_ERR_STATIC_BAD_PATH", "status": 400 }
        """
      When I GET "/.secret"
      Then the JSON body is:
        """
        { "code": "KIT_ERR_STATIC_FORBIDDEN", "status": 403 }
        """
      When I GET "/large.bin" with headers:
        | name  | value         |
        | Range | bytes=999999- |
      Then the status is 416
      And the JSON body is:
        """
        { "code": "KIT_ERR_STATIC_RANGE", "status": 416 }
        """
      And the header "Content-Range" is "bytes */204800"
      And the server still answers GET "/css/site.css" with 200

    Scenario: without an error handler the default answer is a short text
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET the raw path "/..%2f..%2fpackage.json"
      Then the status is 403
      And the media type is "text/plain"
      And the body does not contain "package.json"
      And the body does not contain "node_modules"

  Rule: STATIC-019 A file is served under every spelling of its name

    Scenario Outline: "<path>" and "<plain>" both serve the file
      Given the app:
        """js
        const { mkdirSync, writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        for (const name of ['@team', 'a!b', 'k=v', 'x:y', "it's", 'a+b']) {
          mkdirSync(join(tmpDir, name));
          writeFileSync(join(tmpDir, name, 'f.txt'), 'the file');
        }
        writeFileSync(join(tmpDir, 'icon@2x.png'), 'the icon');
        app.use(serveStatic(tmpDir));
        """
      When I GET the raw path "<path>"
      Then the status is 200
      And the body is "<body>"
      When I GET the raw path "<plain>"
      Then the status is 200
      And the body is "<body>"

      Examples:
        | path            | plain         | body     |
        | /%40team/f.txt  | /@team/f.txt  | the file |
        | /a%21b/f.txt    | /a!b/f.txt    | the file |
        | /k%3dv/f.txt    | /k=v/f.txt    | the file |
        | /x%3Ay/f.txt    | /x:y/f.txt    | the file |
        | /it%27s/f.txt   | /it's/f.txt   | the file |
        | /a%2Bb/f.txt    | /a+b/f.txt    | the file |
        | /icon%402x.png  | /icon@2x.png  | the icon |
