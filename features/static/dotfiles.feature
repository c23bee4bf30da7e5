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
