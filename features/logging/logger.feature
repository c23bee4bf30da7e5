@logging
Feature: the logger writes structured lines

  Rule: LOG-001 The logger writes one JSON line per call

    Scenario: an object and a message make one JSON line on stdout
      When a fresh Node process runs:
        """
        logger.info({ orderId: 7, items: ['a', 'b'] }, 'order placed');
        """
      Then a log line includes:
        """
        { "level": 30, "orderId": 7, "items": ["a", "b"], "msg": "order placed" }
        """
      And the log lines hold:
        """
        assert.equal(lines.length, 1);
        assert.equal(typeof lines[0].time, 'number');
        assert.equal(typeof lines[0].pid, 'number');
        assert.equal(typeof lines[0].hostname, 'string');
        """

  Rule: LOG-002 The level comes from LOG_LEVEL, default info

    Scenario: info by default: debug is dropped
      Given the environment variable "LOG_LEVEL" is unset
      When a fresh Node process runs:
        """
        logger.debug('too chatty');
        logger.info('kept');
        """
      Then the log lines hold:
        """
        assert.deepEqual(lines.map((line) => line.msg), ['kept']);
        """

    Scenario: LOG_LEVEL=warn keeps warn and above
      Given the environment variable "LOG_LEVEL" is "warn"
      When a fresh Node process runs:
        """
        logger.info('dropped');
        logger.warn('disk almost full');
        logger.error('disk full');
        """
      Then the log lines hold:
        """
        assert.deepEqual(lines.map((line) => [line.level, line.msg]), [[40, 'disk almost full'], [50, 'disk full']]);
        """

    Scenario: the name is case-insensitive
      Given the environment variable "LOG_LEVEL" is "DEBUG"
      When a fresh Node process runs:
        """
        logger.debug('details');
        """
      Then a log line includes:
        """
        { "level": 20, "msg": "details" }
        """

    Scenario: the level can be changed at run time through pino's API
      Given the environment variable "LOG_LEVEL" is "error"
      When a fresh Node process runs:
        """
        logger.info('before');
        logger.level = 'info';
        logger.info('after');
        """
      Then the log lines hold:
        """
        assert.deepEqual(lines.map((line) => line.msg), ['after']);
        """

    Scenario: an unknown level fails at the logger's first use, naming LOG_LEVEL
      Given the environment variable "LOG_LEVEL" is "verbose"
      When a fresh Node process tries to run:
        """
        logger.info('never');
        """
      Then the process failed with an error mentioning "LOG_LEVEL"

  Rule: LOG-003 Secrets are redacted

    Scenario: logging the request's headers and a user object hides the secrets
      Given the log lines are captured
      And the app:
        """
        app.post('/login', json(), (req, res) => {
          logger.info({ headers: req.headers, user: req.body }, 'login attempt');
          res.sendStatus(204);
        });
        """
      When I POST "/login" with headers and the body:
        | name          | value                                   |
        | Authorization | Bearer abc.def.ghi                      |
        | Cookie        | sid=s3cr3t-session                      |
        | Content-Type  | application/json                        |
        | body          | {"email":"a@b.test","password":"hunter2"} |
      Then the status is 204
      And a log line includes:
        """
        {
          "msg": "login attempt",
          "headers": { "authorization": "[Redacted]", "cookie": "[Redacted]" },
          "user": { "email": "a@b.test", "password": "[Redacted]" }
        }
        """
      And no log line contains "abc.def.ghi"
      And no log line contains "s3cr3t-session"
      And no log line contains "hunter2"

  Rule: LOG-004 Errors are logged whole under `err`

    Scenario: an error passed as err keeps its type, message and stack
      Given the log lines are captured
      And the app:
        """
        app.get('/pay', (req, res) => {
          const err = new RangeError('amount out of range');
          logger.error({ err }, 'payment failed');
          res.status(422).json({ error: 'bad amount' });
        });
        """
      When I GET "/pay"
      Then the status is 422
      And a log line includes:
        """
        { "level": 50, "msg": "payment failed", "err": { "type": "RangeError", "message": "amount out of range" } }
        """
      And the log lines hold:
        """
        const line = lines.find((l) => l.msg === 'payment failed');
        assert.match(line.err.stack, /RangeError: amount out of range/);
        """

    Scenario: the default error handler logs a 5xx with the whole error, the body stays bare
      Given the log lines are captured
      And the app:
        """
        app.get('/boom', () => { throw new Error('connection string postgres://u:p@db'); });
        """
      When I GET "/boom"
      Then the status is 500
      And the body does not contain "postgres://"
      And a log line includes:
        """
        { "level": 50, "err": { "type": "Error", "message": "connection string postgres://u:p@db" } }
        """

  Rule: LOG-005 LOG_FILE sends lines to a file, from the next line on

    Scenario: lines of a running app go to the file LOG_FILE names
      Given LOG_FILE names a new file in the scenario directory
      And the app:
        """
        app.get('/hello', (req, res) => { logger.info({ who: 'file' }, 'hello'); res.send('hi'); });
        """
      When I GET "/hello"
      Then a log line includes:
        """
        { "who": "file", "msg": "hello" }
        """

    Scenario: setting and unsetting LOG_FILE switches between stdout and the file
      When a fresh Node process runs:
        """
        const { mkdtempSync, readFileSync } = require('node:fs');
        const { join } = require('node:path');
        const file = join(mkdtempSync(join(require('node:os').tmpdir(), 'kit-log-')), 'app.log');
        logger.info('one');
        process.env.LOG_FILE = file;
        logger.info('two');
        delete process.env.LOG_FILE;
        logger.info('three');
        logger.info({ fileHad: readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l).msg) }, 'report');
        """
      Then the log lines hold:
        """
        assert.deepEqual(lines.map((line) => line.msg), ['one', 'three', 'report']);
        assert.deepEqual(lines[2].fileHad, ['two']);
        """

  Rule: LOG-006 Human-readable lines only when asked for

    Scenario: LOG_PRETTY prints lines for people, not JSON
      Given the environment variable "LOG_PRETTY" is "1"
      When a fresh Node process runs:
        """
        logger.info({ port: 3000 }, 'server started');
        """
      Then the log lines hold:
        """
        const all = text.join('\n');
        assert.match(all, /INFO.*server started/);
        assert.match(all, /port: 3000/);
        assert.ok(lines.every((line) => line === undefined), 'no line is JSON');
        """

  Rule: LOG-011 Importing kitjs builds no logger and reads no logging variable

    @kit-lifecycle
    Scenario: a bad LOG_LEVEL does not break a program that never uses kitjs's logger
      Given the environment variable "LOG_LEVEL" is "verbose"
      When a fresh Node process runs:
        """
        const app = kit({ logger: { level: 'silent' } });
        app.log.info('an app with a logger of its own');
        """
      Then the log lines hold:
        """
        assert.deepEqual(lines, []);
        """

    Scenario: the first use of the logger is what fails, naming LOG_LEVEL
      Given the environment variable "LOG_LEVEL" is "verbose"
      When a fresh Node process tries to run:
        """
        let imported = 'imported';
        try {
          logger.info('never');
        } catch (err) {
          throw new Error(`${imported}, then the first use failed: ${err.message}`);
        }
        """
      Then the process failed with an error mentioning "imported, then the first use failed: LOG_LEVEL must be one of"
