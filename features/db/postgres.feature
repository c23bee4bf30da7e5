@db
Feature: PostgreSQLManager and the Sequelize code SQLite shares with it
  PostgreSQLManager gives an app a pool of connections to one PostgreSQL database through Sequelize, with
  the same models, guards, error names and SQL logging as SQLiteManager: both are SequelizeManagers. The
  scenarios tagged postgres run against a real server, which the suite starts (or finds at POSTGRES_URL).

  Rule: PG-001 PostgreSQLManager opens a pool on a postgres:// URL

    Scenario: a URL of another scheme, a malformed URL or a bad pool option is a TypeError that does not repeat the URL
      Given the app:
        """
        app.get('/bad', (req, res) => {
          const outcomes = [];
          const attempts = [
            ['mysql://app:hunter2@127.0.0.1/db', {}],
            ['postgres://app:hunter2@[broken/db', {}],
            ['postgres://app:hunter2@127.0.0.1/db', { maxConnections: 0 }],
            ['postgres://app:hunter2@127.0.0.1/db', { connectTimeoutMs: 1.5 }],
            [42, {}],
          ];
          for (const [url, options] of attempts) {
            // not typed: some attempts pass a URL or options of the wrong type
            try { new PostgreSQLManager(url, options); outcomes.push('accepted'); }
            catch (err) { outcomes.push(err.name + (err.message.includes('hunter2') ? ' leaking the password' : '')); }
          }
          res.json(outcomes);
        });
        """
      When I GET "/bad"
      Then the JSON body is:
        """
        ["TypeError", "TypeError", "TypeError", "TypeError", "TypeError"]
        """

    Scenario: the constructor reads the URL and opens nothing
      Given the app:
        """
        const db = new PostgreSQLManager('postgresql://app:hunter2@db.internal:6543/shop', { maxConnections: 3 });
        app.get('/manager', async (req, res) => {
          res.json({ dialect: db.dialect, location: db.location, pool: db.sequelize.config.pool.max });
          await db.close();
        });
        """
      When I GET "/manager"
      Then the JSON body is:
        """
        { "dialect": "postgres", "location": "db.internal:6543/shop", "pool": 3 }
        """

  Rule: PG-002 connect() checks the server answers, and names the server but never the password

    @postgres
    Scenario: connect resolves to a status line naming host, port and database
      Given a PostgreSQL database for the app as world.postgresUrl
      And the app:
        """
        const db = new PostgreSQLManager(world.postgresUrl);
        app.get('/status', async (req, res) => {
          try { res.json({ status: await db.connect(), again: await db.connect() }); } finally { await db.close(); }
        });
        """
      When I GET "/status"
      Then this holds:
        """
        const { status, again } = response.json();
        const { host, port, pathname } = new URL(world.postgresUrl);
        assert.equal(status, `PostgreSQL connected (${host.split(':')[0]}:${port}${pathname})`);
        assert.equal(again, status);
        """

    @kit-error-codes
    Scenario: an unreachable server makes connect reject with KIT_ERR_DB_CONNECT, without the password
      Given the app:
        """
        const net = require('node:net');
        const probe = net.createServer();
        await new Promise((done) => probe.listen(0, '127.0.0.1', () => done()));
        const port = probe.address().port;
        await new Promise((done) => probe.close(done));
        const db = new PostgreSQLManager(`postgres://app:hunter2@127.0.0.1:${port}/nowhere`, { connectTimeoutMs: 2000 });
        app.get('/connect', async (req, res) => {
          try { await db.connect(); res.json('connected'); }
          catch (err) {
            res.json({ code: err.code, names: err.message.includes(`127.0.0.1:${port}/nowhere`), leaks: err.message.includes('hunter2') });
          } finally { await db.close(); }
        });
        """
      When I GET "/connect"
      Then the JSON body is:
        """
        { "code": "KIT_ERR_DB_CONNECT", "names": true, "leaks": false }
        """

  @postgres
  Rule: PG-003 The same models, guards and error names as on SQLite

    @kit-error-codes
    Scenario: a unique value inserted eight times at once is stored once; the losers get KIT_ERR_DB_UNIQUE
      Given a PostgreSQL database for the app as world.postgresUrl
      And the app:
        """
        const { DataTypes } = require('sequelize');
        const db = new PostgreSQLManager(world.postgresUrl, { maxConnections: 8 });
        const User = db.sequelize.define('User', { email: { type: DataTypes.STRING, allowNull: false, unique: true } });
        await db.sequelize.sync();
        await db.sequelize.sync();
        app.get('/race', async (req, res) => {
          try {
            const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => User.create({ email: 'ada@example.com' })));
            res.json({
              created: outcomes.filter((o) => o.status === 'fulfilled').length,
              refused: [...new Set(outcomes.filter((o) => o.status === 'rejected').map((o) => `${o.reason.code} ${o.reason.cause.name}`))],
              rows: await User.count(),
            });
          } finally { await db.close(); }
        });
        """
      When I GET "/race"
      Then the JSON body is:
        """
        { "created": 1, "refused": ["KIT_ERR_DB_UNIQUE SequelizeUniqueConstraintError"], "rows": 1 }
        """

    @kit-lifecycle
    Scenario: an operator object from a JSON body is a 400, and so is failed validation
      Given a PostgreSQL database for the app as world.postgresUrl
      And the app:
        """
        const { DataTypes } = require('sequelize');
        const db = new PostgreSQLManager(world.postgresUrl);
        const User = db.sequelize.define('User', { email: { type: DataTypes.STRING, allowNull: false } });
        await db.sequelize.sync();
        app.onClose(() => db.close());
        app.use(json());
        app.post('/find', async (req, res) => res.json(await User.findOne({ where: { email: req.body.email } })));
        app.post('/create', async (req, res) => res.status(201).json(await User.create({ email: req.body.email })));
        app.get('/close', async (req, res) => { await db.close(); res.json('closed'); });
        """
      When I POST "/find" with the JSON body:
        """
        { "email": { "$ne": null } }
        """
      Then the status is 400
      And the body contains "email"
      When I POST "/create" with the JSON body:
        """
        { "email": null }
        """
      Then the status is 400
      When I GET "/close"
      Then the status is 200

  @postgres
  Rule: PG-004 close() ends the pool and is safe to repeat

    @kit-error-codes
    Scenario: the pool stays within maxConnections, close is idempotent, and connect afterwards is refused
      Given a PostgreSQL database for the app as world.postgresUrl
      And the app:
        """
        const db = new PostgreSQLManager(world.postgresUrl, { maxConnections: 2 });
        const database = new URL(world.postgresUrl).pathname.slice(1);
        app.get('/pool', async (req, res) => {
          const sleepers = Array.from({ length: 6 }, () => db.sequelize.query('SELECT pg_sleep(0.1)'));
          const [[{ sessions }]] = await db.sequelize.query(
            "SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'",
            { bind: [database] },
          );
          await Promise.all(sleepers);
          await db.close();
          await db.close();
          let after;
          try { await db.connect(); after = 'connected'; } catch (err) { after = err.code; }
          res.json({ withinPool: sessions <= 2, after });
        });
        """
      When I GET "/pool"
      Then the JSON body is:
        """
        { "withinPool": true, "after": "KIT_ERR_DB_NOT_CONNECTED" }
        """

  Rule: PG-005 pg loads only when a manager is created, with the usual "install pg" error

    Scenario: importing kitjs loads neither sequelize nor pg
      Then importing the implementation in a fresh process loads none of "sequelize, pg"

    @kit-error-codes
    Scenario: without pg, creating a manager fails with an error naming it
      Then in a process where the package "pg" cannot be found, this code throws KIT_ERR_PEER_MISSING naming it:
        """
        new PostgreSQLManager('postgres://app@127.0.0.1:5432/app');
        """

  Rule: PG-006 sequelizeManager(target) picks the dialect, and both managers are SequelizeManagers

    Scenario: a postgres URL gives PostgreSQL, anything else SQLite, and both share one class
      Given the app:
        """
        const managers = [sequelizeManager('postgres://app@127.0.0.1:5432/app'), sequelizeManager('postgresql://app@10.0.0.1/x'), sequelizeManager(), sequelizeManager(':memory:')];
        app.get('/dialects', async (req, res) => {
          res.json(managers.map((m) => ({
            dialect: m.dialect,
            location: m.location,
            shared: m instanceof SequelizeManager,
            kind: m instanceof PostgreSQLManager ? 'PostgreSQLManager' : m instanceof SQLiteManager ? 'SQLiteManager' : 'other',
          })));
          for (const m of managers) await m.close();
        });
        """
      When I GET "/dialects"
      Then the JSON body is:
        """
        [
          { "dialect": "postgres", "location": "127.0.0.1:5432/app", "shared": true, "kind": "PostgreSQLManager" },
          { "dialect": "postgres", "location": "10.0.0.1:5432/x", "shared": true, "kind": "PostgreSQLManager" },
          { "dialect": "sqlite", "location": ":memory:", "shared": true, "kind": "SQLiteManager" },
          { "dialect": "sqlite", "location": ":memory:", "shared": true, "kind": "SQLiteManager" }
        ]
        """

  @postgres @kit-http-error @kit-error-codes
  Rule: PG-007 Client faults are the same KitErrors as on SQLite, the server's refusals included

    Background:
      Given a PostgreSQL database for the app as world.postgresUrl
      And the app:
        """
        const { DataTypes } = require('sequelize');
        const db = new PostgreSQLManager(world.postgresUrl);
        const Team = db.sequelize.define('Team', { name: DataTypes.STRING });
        const User = db.sequelize.define('User', {
          email: { type: DataTypes.STRING, allowNull: false, unique: true },
          nick: DataTypes.STRING(8),
          age: DataTypes.INTEGER,
          role: { type: DataTypes.STRING, validate: { isIn: [['reader', 'editor']] } },
        });
        User.belongsTo(Team);
        await db.sequelize.sync();
        await User.create({ email: 'ada@example.com', age: 36 });
        app.use(json());
        app.post('/login', async (req, res) => {
          res.json({ found: Boolean(await User.findOne({ where: { email: req.body.email } })) });
        });
        app.post('/search', async (req, res) => res.json({ count: await User.count({ where: { age: req.body.age } }) }));
        app.post('/users', async (req, res) => {
          // not typed: the model is defined in the scenario, so its typings know no `id` attribute
          res.status(201).json({ id: (await User.create(req.body)).id });
        });
        app.get('/close', async (req, res) => { await db.close(); res.json('closed'); });
        // The README's error handler, which answers an HttpError's status and a 500 for anything else.
        app.setErrorHandler((err, req, res) => {
          const status = err instanceof HttpError ? err.status : 500;
          res.status(status).json({
            error: err instanceof HttpError && err.expose ? err.message : 'Internal error',
            code: err instanceof HttpError ? err.code : undefined,
          });
        });
        """

    Scenario Outline: <case> answers <status> <code> through the README's error handler
      When I POST "<path>" with the JSON body:
        """
        <body>
        """
      Then the status is <status>
      And the JSON body includes:
        """
        { "code": "<code>" }
        """
      And the body does not contain "Internal error"
      And the body does not contain "constraint"
      When I GET "/close"
      Then the status is 200

      Examples:
        | case                              | path    | body                                      | status | code                  |
        | an operator object                | /login  | { "email": { "$ne": null } }              | 400    | KIT_ERR_DB_OPERATOR   |
        | an object where a value belongs   | /login  | { "email": { "x": 1 } }                   | 400    | KIT_ERR_DB_VALIDATION |
        | a nested object                   | /login  | { "email": { "x": { "y": 1 } } }          | 400    | KIT_ERR_DB_VALIDATION |
        | a list of objects                 | /login  | { "email": [{ "x": 1 }] }                 | 400    | KIT_ERR_DB_VALIDATION |
        | a boolean for a string            | /login  | { "email": true }                         | 400    | KIT_ERR_DB_VALIDATION |
        | a list for a string, written      | /users  | { "email": ["grace@example.com"] }        | 400    | KIT_ERR_DB_VALIDATION |
        | a text for an integer             | /users  | { "email": "grace@example.com", "age": "old" } | 400 | KIT_ERR_DB_VALIDATION |
        | a missing required field          | /users  | { "age": 3 }                              | 400    | KIT_ERR_DB_VALIDATION |
        | a value a validator refuses       | /users  | { "email": "grace@example.com", "role": "root" } | 400 | KIT_ERR_DB_VALIDATION |
        | a text too long for its column    | /users  | { "email": "grace@example.com", "nick": "much too long" } | 400 | KIT_ERR_DB_VALIDATION |
        | a number out of its column's range | /search | { "age": "99999999999" }                 | 400    | KIT_ERR_DB_VALIDATION |
        | a duplicate of a unique field     | /users  | { "email": "ada@example.com" }            | 409    | KIT_ERR_DB_UNIQUE     |
        | a reference to no record          | /users  | { "email": "grace@example.com", "TeamId": 999 } | 409 | KIT_ERR_DB_REFERENCE |
