@static
Feature: serveStatic checks its arguments at setup

  Rule: STATIC-012 Bad arguments throw a TypeError at setup

    Scenario Outline: <call> throws a TypeError naming <name>
      Given the app:
        """
        try {
          // not typed: some rows call serveStatic with arguments of the wrong type, which throw a TypeError
          <call>;
          world.thrown = undefined;
        } catch (err) {
          world.thrown = err;
        }
        """
      Then this holds:
        """
        assert.ok(world.thrown instanceof TypeError, 'a TypeError at setup');
        assert.match(world.thrown.message, /<name>/);
        """

      Examples:
        | call                                               | name         |
        | serveStatic()                                      | root         |
        | serveStatic('')                                    | root         |
        | serveStatic(42)                                    | root         |
        | serveStatic('public', 'cached')                    | options      |
        | serveStatic('public', { maxAge: -1 })              | maxAge       |
        | serveStatic('public', { maxAge: 'forever' })       | maxAge       |
        | serveStatic('public', { maxAge: Infinity })        | maxAge       |
        | serveStatic('public', { index: true })             | index        |
        | serveStatic('public', { index: '../outside.html' }) | index       |
        | serveStatic('public', { dotfiles: 'hide' })        | dotfiles     |
        | serveStatic('public', { etag: 'weak' })            | etag         |
        | serveStatic('public', { lastModified: 0 })         | lastModified |
        | serveStatic('public', { maxage: 1000 })            | maxage       |

    Scenario: valid options do not throw and the app serves
      Given the app:
        """
        const { join } = require('node:path');
        app.use(serveStatic(join(fixtures, 'static'), {
          maxAge: '1h',
          index: 'index.html',
          dotfiles: 'deny',
          etag: true,
          lastModified: false,
        }));
        """
      When I GET "/"
      Then the status is 200
      And the header "Cache-Control" is "public, max-age=3600"
