@reference-app
Feature: npm start runs the reference server
  `npm start` builds kitjs and runs `node --import tsx reference-app/server.ts`. These scenarios run that
  script in a child process (from another working directory), with a module resolve hook that points its
  `import ... from 'kitjs'` at the implementation under test instead of the built package in dist/.

  Rule: REF-011 The server reads its settings from the environment and prints where it listens

    Scenario: PORT=0 picks a free port, printed with the docs URL; without JWT_SECRET a random one is used
      When I start the reference server with the environment:
        | PORT | 0         |
        | HOST | 127.0.0.1 |
      Then the reference server printed its API URL and its docs URL
      And the reference server's output contains "JWT_SECRET is not set"
      And the reference server's output contains "will not survive a restart"
      When I POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then the status is 201
      When I POST "/login" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then the status is 200
      And I keep the JSON field "token" of the response as the token "ada"
      When I GET "/me" with the Authorization header "Bearer {{ada}}"
      Then the status is 200
      And the JSON body includes:
        """
        { "user": { "id": 1, "email": "ada@example.com" } }
        """
      When the reference server receives SIGTERM
      Then the reference server exits with the code 0

    Scenario: with JWT_SECRET set, there is no warning
      When I start the reference server with the environment:
        | PORT       | 0                           |
        | HOST       | 127.0.0.1                   |
        | JWT_SECRET | reference-secret-0123456789-abcdefghij |
      Then the reference server printed its API URL and its docs URL
      And the reference server's output does not contain "JWT_SECRET"

    Scenario: in production, a missing JWT_SECRET refuses to start
      When I start the reference server with the environment:
        | PORT     | 0          |
        | HOST     | 127.0.0.1  |
        | NODE_ENV | production |
      Then the reference server exits with the code 1
      And the reference server's output contains "JWT_SECRET is not set"
      And the reference server's output contains "refusing to start"

    Scenario: in production, a 6-byte JWT_SECRET refuses to start
      When I start the reference server with the environment:
        | PORT       | 0          |
        | HOST       | 127.0.0.1  |
        | NODE_ENV   | production |
        | JWT_SECRET | sixbyt     |
      Then the reference server exits with the code 1
      And the reference server's output contains "JWT_SECRET is 6 bytes long"
      And the reference server's output contains "refusing to start"
      And the reference server's output does not contain "sixbyt"

    Scenario: in production, a 32-byte JWT_SECRET starts
      When I start the reference server with the environment:
        | PORT       | 0                                |
        | HOST       | 127.0.0.1                        |
        | NODE_ENV   | production                       |
        | JWT_SECRET | exactly-32-bytes-long-0123456789 |
      Then the reference server printed its API URL and its docs URL

    Scenario: a PORT that is not a port refuses to start
      When I start the reference server with the environment:
        | PORT | eighty |
      Then the reference server exits with the code 1
      And the reference server's output contains "PORT must be a number from 0 to 65535"

  Rule: REF-030 DATABASE_URL picks PostgreSQL, before MONGODB_URI and DATABASE_PATH

    Scenario: a DATABASE_URL that is not a PostgreSQL URL refuses to start
      When I start the reference server with the environment:
        | PORT         | 0                              |
        | DATABASE_URL | mysql://app@127.0.0.1:3306/app |
      Then the reference server exits with the code 1
      And the reference server's output contains "DATABASE_URL must be a PostgreSQL URL"

    Scenario: a PostgreSQL server that does not answer refuses to start, naming it without the password
      When I start the reference server with the environment:
        | PORT         | 0                                          |
        | DATABASE_URL | postgres://app:hunter2@127.0.0.1:1/nowhere |
      Then the reference server exits with the code 1
      And the reference server's output contains "Cannot open the database (PostgreSQL 127.0.0.1:1/nowhere (DATABASE_URL))"
      And the reference server's output does not contain "hunter2"

  Rule: REF-012 SIGINT and SIGTERM stop the server cleanly

    Scenario Outline: <signal> lets the request in flight finish, closes the database and exits 0
      When I start the reference server with the environment:
        | PORT          | 0                           |
        | HOST          | 127.0.0.1                   |
        | JWT_SECRET    | reference-secret-0123456789 |
        | DATABASE_PATH | users.sqlite                |
      And a client sends the headers and the first half of a POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      And the reference server receives <signal>
      And the client sends the rest of the body
      Then the status is 201
      And the reference server exits with the code 0
      And the reference server's output contains "stopped cleanly"
      And the reference server's port no longer accepts connections
      And the SQLite file "users.sqlite" in the scenario directory holds the account "ada@example.com"

      Examples:
        | signal  |
        | SIGTERM |
        | SIGINT  |

  Rule: REF-036 /readyz answers 200 while the database answers, 503 when it does not or while closing

    Scenario: from SIGTERM on, /readyz answers 503 while /healthz and the API still answer (REF-035)
      When I start the reference server with the environment:
        | PORT              | 0                           |
        | HOST              | 127.0.0.1                   |
        | JWT_SECRET        | reference-secret-0123456789 |
        | SHUTDOWN_DELAY_MS | 600000                      |
      And I GET "/readyz"
      Then the status is 200
      When the reference server receives SIGTERM
      And I GET "/readyz"
      Then the answer is a JSON error with the status 503
      And the header "Cache-Control" is "no-store"
      When I GET "/healthz"
      Then the status is 200
      And the JSON body is:
        """
        { "status": "ok" }
        """
      When I POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then the status is 201

  Rule: REF-037 On a signal, the server serves SHUTDOWN_DELAY_MS more before it stops accepting

    Scenario: during the delay the API serves on, each answer with Connection: close
      # The delay (10 minutes) outlasts the scenario, whose end stops the server.
      When I start the reference server with the environment:
        | PORT              | 0                           |
        | HOST              | 127.0.0.1                   |
        | JWT_SECRET        | reference-secret-0123456789 |
        | SHUTDOWN_DELAY_MS | 600000                      |
      And the reference server receives SIGTERM
      And I POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then the status is 201
      And the header "Connection" is "close"
      When I POST "/login" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then the status is 200
      And the header "Connection" is "close"
      And I keep the JSON field "token" of the response as the token "ada"
      When I GET "/me" with the Authorization header "Bearer {{ada}}"
      Then the status is 200
      And the header "Connection" is "close"
      And the reference server's output contains "shutting down: not ready"

    Scenario: after the delay, the request in flight finishes, the database is closed and the server exits 0
      When I start the reference server with the environment:
        | PORT              | 0                           |
        | HOST              | 127.0.0.1                   |
        | JWT_SECRET        | reference-secret-0123456789 |
        | DATABASE_PATH     | users.sqlite                |
        | SHUTDOWN_DELAY_MS | 200                         |
      And a client sends the headers and the first half of a POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      And the reference server receives SIGTERM
      And the client sends the rest of the body
      Then the status is 201
      And the header "Connection" is "close"
      And the reference server exits with the code 0
      And the reference server's output contains "stopped cleanly"
      And the reference server's port no longer accepts connections
      And the SQLite file "users.sqlite" in the scenario directory holds the account "ada@example.com"

    Scenario Outline: a SHUTDOWN_DELAY_MS of "<value>" refuses to start
      When I start the reference server with the environment:
        | PORT              | 0       |
        | SHUTDOWN_DELAY_MS | <value> |
      Then the reference server exits with the code 1
      And the reference server's output contains "SHUTDOWN_DELAY_MS must be"

      Examples:
        | value      |
        | 1.5s       |
        | 9999999999 |

  Rule: REF-020 npm start builds only what is stale, and npm install stays light

    Scenario: a second start finds dist/ up to date and does not build again
      Then this holds:
        """js
        const { execFileSync } = require('node:child_process');
        const { readFileSync } = require('node:fs');
        const { join } = require('node:path');
        const root = process.cwd(); // the suite runs from the repository's root
        const start = () => execFileSync(process.execPath, [join(root, 'scripts', 'build-if-stale.mjs')], { cwd: root, encoding: 'utf8' });
        start(); // builds only when an earlier step left dist/ stale
        assert.match(start(), /dist\/ is up to date, not rebuilding/);
        const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
        assert.match(manifest.scripts.start, /^node scripts\/build-if-stale\.mjs && exec node --import tsx reference-app\/server\.ts$/);
        assert.equal(manifest.devDependencies.fastify, undefined, 'the benchmark competitors are bench/ dependencies');
        """
