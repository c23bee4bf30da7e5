@static
Feature: serveStatic and dotfiles

  Rule: STATIC-005 Dotfiles are ignored by default, and can be denied or allowed

    Scenario: by default a dotfile and a file in a dot-directory look missing
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static')));
        """
      When I GET "/.secret"
      Then the status is 404
      And the body does not contain "do-not-serve"
      When I GET "/.private/notes.txt"
      Then the status is 404
      And the server still answers GET "/index.html" with 200

    Scenario: ignore lets a later route answer the same path
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static'), { dotfiles: 'ignore' }));
        app.get('/.secret', (req, res) => res.send('route, not file'));
        """
      When I GET "/.secret"
      Then the status is 200
      And the body is "route, not file"

    Scenario: deny answers 403
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static'), { dotfiles: 'deny' }));
        """
      When I GET "/.secret"
      Then the status is 403
      And the body does not contain "do-not-serve"
      When I GET "/.private/notes.txt"
      Then the status is 403
      And the server still answers GET "/css/site.css" with 200

    Scenario: allow serves them
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static'), { dotfiles: 'allow' }));
        """
      When I GET "/.secret"
      Then the status is 200
      And the body is byte for byte the fixture "static/.secret"
      When I GET "/.private/notes.txt"
      Then the body is byte for byte the fixture "static/.private/notes.txt"

    Scenario: a dot in the root directory's own path does not count
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static', '.private')));
        """
      When I GET "/notes.txt"
      Then the status is 200
      And the body is byte for byte the fixture "static/.private/notes.txt"

  Rule: STATIC-018 No spelling of an ignored dotfile answers differently from a missing file

    Scenario Outline: "<path>" answers exactly what a missing file answers
      Given the app:
        """js
        const { mkdirSync, writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        writeFileSync(join(tmpDir, '.env'), 'SECRET=from-dotenv');
        mkdirSync(join(tmpDir, 'sub', '.git'), { recursive: true });
        writeFileSync(join(tmpDir, 'sub', '.git', 'config'), 'from-git-config');
        writeFileSync(join(tmpDir, 'plain.txt'), 'plain');
        app.use(serveStatic(tmpDir));
        """
      When I GET the raw path "/no-such-file"
      Then the status is 404
      And this holds:
        """js
        world.missing = { status: response.status, type: response.headers['content-type'], body: response.text };
        """
      When I GET the raw path "<path>"
      Then this holds:
        """js
        const answer = { status: response.status, type: response.headers['content-type'], body: response.text };
        assert.deepEqual(answer, world.missing);
        """
      And the server still answers GET "/plain.txt" with 200

      Examples:
        | path                      |
        | /.env                     |
        | /%2eenv                   |
        | /%2Eenv                   |
        | /%2E%65%6E%76             |
        | /./.env                   |
        | /x/../.env                |
        | /x/%2e%2e/.env            |
        | //.env                    |
        | /.env/                    |
        | /sub/.git/config          |
        | /sub/%2egit/config        |
        | /sub/.git/./config        |
        | /sub%2F.git%2Fconfig      |
        | /sub%2f.git/config        |
        | /sub/.git%5Cconfig        |
        | /SUB/.GIT/CONFIG          |

