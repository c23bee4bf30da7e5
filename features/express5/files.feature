@express5
Feature: kitjs/express5 files: dotfiles and hidden directories ignored, send 1.x's charset
  Express 5's express.static (serve-static 2) and res.sendFile (send 1.x) treat any dot part of the path
  as missing unless dotfiles are allowed.

  Background:
    Given the environment variable "NODE_ENV" is "production"

  Rule: X5-014 express.static and res.sendFile ignore dotfiles, hidden directories too; send 1.x's charset

    Scenario: express.static passes dotfiles and hidden directories on; text is charset=utf-8
      Given the Express 5 app:
        """js
        const { mkdirSync, writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        mkdirSync(join(tmpDir, '.hidden'));
        writeFileSync(join(tmpDir, '.hidden', 'inside.txt'), 'inside');
        writeFileSync(join(tmpDir, '.env'), 'SECRET=1');
        writeFileSync(join(tmpDir, 'plain.txt'), 'plain');
        app.use(express.static(tmpDir));
        app.use('/allow', express.static(tmpDir, { dotfiles: 'allow' }));
        app.use((req, res) => res.status(404).send('app 404'));
        """
      When I GET "/plain.txt"
      Then the status is 200
      And the content type is "text/plain; charset=utf-8"
      And the body is "plain"
      When I GET "/.env"
      Then the status is 404
      And the body is "app 404"
      When I GET "/.hidden/inside.txt"
      Then the status is 404
      And the body is "app 404"
      When I GET "/allow/.hidden/inside.txt"
      Then the status is 200
      And the body is "inside"

    Scenario: dotfiles 'deny' with the default fallthrough passes on to the app's 404; without fallthrough it is 403
      Given the Express 5 app:
        """js
        const { writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        writeFileSync(join(tmpDir, '.env'), 'SECRET=1');
        app.use('/deny', express.static(tmpDir, { dotfiles: 'deny' }));
        app.use('/strict', express.static(tmpDir, { dotfiles: 'deny', fallthrough: false }));
        app.use((req, res) => res.status(404).send('app 404'));
        app.use((err, req, res, next) => res.status(err.status).send(`error ${err.status}`));
        """
      When I GET "/deny/.env"
      Then the status is 404
      And the body is "app 404"
      When I GET "/strict/.env"
      Then the status is 403
      And the body is "error 403"

    Scenario: res.sendFile refuses a file under a hidden directory with a 404 error unless dotfiles are allowed
      Given the Express 5 app:
        """js
        const { mkdirSync, writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        mkdirSync(join(tmpDir, '.config'));
        const file = join(tmpDir, '.config', 'settings.txt');
        writeFileSync(file, 'settings');
        app.get('/hidden', (req, res) => res.sendFile(file, (err) => {
          if (err) res.status(err.status).send(`refused ${err.status}`);
        }));
        app.get('/allowed', (req, res) => res.sendFile(file, { dotfiles: 'allow' }));
        app.get('/rooted', (req, res) => res.sendFile('.config/settings.txt', { root: tmpDir }, (err) => {
          if (err) res.status(err.status).send(`refused ${err.status}`);
        }));
        """
      When I GET "/hidden"
      Then the status is 404
      And the body is "refused 404"
      When I GET "/rooted"
      Then the status is 404
      And the body is "refused 404"
      When I GET "/allowed"
      Then the status is 200
      And the content type is "text/plain; charset=utf-8"
      And the body is "settings"
