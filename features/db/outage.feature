@db
Feature: A database outage is a 503 with Retry-After
  While a database is stopped, restarting, unreachable or locked, every manager rejects an application's
  calls with KIT_ERR_DB_UNAVAILABLE: a 503 that says "try again" with Retry-After, where a 500 would say
  "bug" to a client and a load balancer. Nothing of the driver's error reaches the client, and once the
  database answers again the same app serves without a restart. The SQLite scenarios, a refused
  connection and mongoose's buffering timeout run anywhere; the postgres ones stop, start and cut a real
  server (a server of the scenario's own when it is stopped); the mongodb one needs a MongoDB server.

  Rule: DB-001 A database that cannot serve now is a 503 with Retry-After, not a 500

    @sqlite
    Scenario: a write waiting on another connection's lock past the busy timeout is a 503; once the lock is gone it is stored
      Given the app:
        """
        const path = require('node:path');
        const { DataTypes } = require('sequelize');
        const file = path.join(tmpDir, 'notes.sqlite');
        // A statement waits busyTimeoutMs for a lock (SQLITE-014), then Sequelize retries five times: a short
        // wait keeps the test quick.
        const db = new SQLiteManager(file, { busyTimeoutMs: 10 });
        const Note = db.sequelize.define('Note', { text: { type: DataTypes.STRING, allowNull: false } });
        await db.sequelize.sync();
        // A second connection to the file, as another process writing to it would hold its lock. Another
        // manager, so the same SQLite library: two copies of SQLite in one process do not see each other's locks.
        const other = new SQLiteManager(file);
        app.use(json());
        app.post('/lock', async (req, res) => {
          await other.exec('BEGIN EXCLUSIVE');
          res.sendStatus(204);
        });
        app.post('/unlock', async (req, res) => {
          await other.exec('COMMIT');
          res.sendStatus(204);
        });
        app.post('/notes', async (req, res) => {
          res.status(201).json({ id: (await Note.create({ text: String(req.body.text) })).get('id') });
        });
        app.get('/notes', async (req, res) => res.json((await Note.findAll()).map((note) => note.get('text'))));
        """
      When I POST "/lock"
      And I POST "/notes" with the JSON body:
        """
        { "text": "waits for the lock" }
        """
      Then the status is 503
      And the header "Retry-After" is "2"
      And the body is "Service Unavailable"
      When I GET "/notes"
      Then the status is 503
      And the header "Retry-After" is "2"
      When I POST "/unlock"
      And I POST "/notes" with the JSON body:
        """
        { "text": "waits for the lock" }
        """
      Then the status is 201
      When I GET "/notes"
      Then the JSON body is:
        """
        ["waits for the lock"]
        """

    @kit-http-error @kit-error-codes
    Scenario: a refused connection: model calls, transactions and raw SQL reject with KIT_ERR_DB_UNAVAILABLE, which names nothing
      Given the app:
        """
        const net = require('node:net');
        const { DataTypes } = require('sequelize');
        const probe = net.createServer();
        await new Promise((done) => probe.listen(0, '127.0.0.1', () => done()));
        const port = probe.address().port;
        await new Promise((done) => probe.close(done));
        const db = new PostgreSQLManager(`postgres://app:hunter2@127.0.0.1:${port}/shop`, { connectTimeoutMs: 1000 });
        const Note = db.sequelize.define('Note', { text: DataTypes.STRING });
        const describe = (err) => ({
          code: err.code,
          status: err.status,
          httpError: err instanceof HttpError,
          retryAfter: err.headers?.['Retry-After'],
          message: err.message,
          cause: err.cause?.name,
        });
        app.get('/calls', async (req, res) => {
          const calls = [
            () => Note.findAll(),
            () => Note.create({ text: 'x' }),
            () => db.sequelize.transaction(async () => 'never'),
            () => db.sequelize.query('SELECT 1'),
          ];
          const outcomes = [];
          for (const call of calls) outcomes.push(await call().then(() => 'answered', describe));
          res.json(outcomes);
        });
        app.get('/notes', async (req, res) => res.json(await Note.findAll()));
        """
      When I GET "/calls"
      Then this holds:
        """
        const unavailable = {
          code: 'KIT_ERR_DB_UNAVAILABLE',
          status: 503,
          httpError: true,
          retryAfter: '2',
          message: 'The database is unavailable; try again shortly',
          cause: 'SequelizeConnectionRefusedError',
        };
        assert.deepEqual(response.json(), [unavailable, unavailable, unavailable, unavailable]);
        """
      When I GET "/notes"
      Then the status is 503
      And the header "Retry-After" is "2"
      And the body is "Service Unavailable"

    @postgres @kit-lifecycle
    Scenario: PostgreSQL stops under a request: 503 with Retry-After while it is down; started again, the same app serves
      Given a PostgreSQL server of the scenario's own as world.postgresUrl, which the scenario stops and starts
      And the app:
        """
        const { DataTypes } = require('sequelize');
        const db = new PostgreSQLManager(world.postgresUrl, { connectTimeoutMs: 1000 });
        const Note = db.sequelize.define('Note', { text: { type: DataTypes.STRING, allowNull: false } });
        await db.sequelize.sync();
        app.use(json());
        app.get('/report', async (req, res) => {
          // A slow statement, so the server can stop while it runs.
          await db.sequelize.query('SELECT pg_sleep(30)');
          res.send('done');
        });
        app.post('/notes', async (req, res) => {
          res.status(201).json({ id: (await Note.create({ text: String(req.body.text) })).get('id') });
        });
        app.get('/notes', async (req, res) => res.json((await Note.findAll({ order: [['id', 'ASC']] })).map((note) => note.get('text'))));
        app.onClose(() => db.close());
        """
      When I POST "/notes" with the JSON body:
        """
        { "text": "before" }
        """
      Then the status is 201
      When I GET "/report" while the PostgreSQL server stops
      Then the status is 503
      And the header "Retry-After" is "2"
      And the body is "Service Unavailable"
      When I POST "/notes" with the JSON body:
        """
        { "text": "while it is down" }
        """
      Then the status is 503
      And the header "Retry-After" is "2"
      And the body does not contain "127.0.0.1"
      And the body does not contain "ECONNREFUSED"
      When the PostgreSQL server starts again
      And I POST "/notes" with the JSON body:
        """
        { "text": "after" }
        """
      Then the status is 201
      When I GET "/notes"
      Then the JSON body is:
        """
        ["before", "after"]
        """

    @postgres
    Scenario: an administrator ends the app's session under a request (57P01): 503 with Retry-After, and the next request is served
      Given a PostgreSQL database for the app as world.postgresUrl
      And the app:
        """
        const db = new PostgreSQLManager(world.postgresUrl, { connectTimeoutMs: 1000 });
        app.get('/report', async (req, res) => {
          const [rows] = await db.sequelize.query(req.query.slow === 'yes' ? 'SELECT pg_sleep(30) AS done' : 'SELECT 1 AS done');
          res.json(rows);
        });
        """
      When I GET "/report?slow=yes" while an administrator ends the app's database sessions
      Then the status is 503
      And the header "Retry-After" is "2"
      And the body is "Service Unavailable"
      When I GET "/report"
      Then the status is 200
      And the JSON body is:
        """
        [{ "done": 1 }]
        """

    Scenario: a model call while MongoDB cannot be reached (never connected, or its connect failed) is a 503
      Given the app:
        """
        const mongoose = require('mongoose');
        // Not connected: mongoose holds the call for bufferTimeoutMS, then gives up (after a connect() that
        // failed, as an earlier scenario's may have, it gives up at once).
        const Note = mongodbManager.createCollection('OutageNote', new mongoose.Schema({ text: String }, { bufferTimeoutMS: 100 }));
        app.get('/notes', async (req, res) => res.json(await Note.find().lean()));
        """
      When I GET "/notes"
      Then the status is 503
      And the header "Retry-After" is "2"
      And the body is "Service Unavailable"

    @mongodb
    Scenario: MongoDB out of reach: 503 with Retry-After; once it is back, the same app serves
      Given a MongoDB database for the app as world.mongoUri, reached through a proxy that can lose its connections
      And the app:
        """
        const mongoose = require('mongoose');
        const Memo = mongodbManager.createCollection('OutageMemo', new mongoose.Schema({ text: String }, { bufferTimeoutMS: 500 }));
        await mongodbManager.connect(world.mongoUri, { serverSelectionTimeoutMS: 500, heartbeatFrequencyMS: 500 });
        await Memo.deleteMany({});
        await Memo.create({ text: 'kept' });
        app.get('/memos', async (req, res) => res.json((await Memo.find().lean()).map((memo) => memo.text)));
        """
      When I GET "/memos"
      Then the status is 200
      When the network to the database fails
      And I GET "/memos"
      Then the status is 503
      And the header "Retry-After" is "2"
      And the body is "Service Unavailable"
      When the network to the database is back
      Then GET "/memos" answers 200 again within 10 seconds
      And the JSON body is:
        """
        ["kept"]
        """

  Rule: DB-002 A write answered 503 may have been stored: its retry meets the unique index

    @postgres
    Scenario: an INSERT committed as its connection was lost answers 503; the retry answers 409, and one row is stored
      Given a PostgreSQL database for the app as world.postgresUrl, reached through a proxy that can lose its connections
      And the app:
        """
        const { DataTypes } = require('sequelize');
        const db = new PostgreSQLManager(world.postgresUrl, { connectTimeoutMs: 1000 });
        const Account = db.sequelize.define('Account', { email: { type: DataTypes.STRING, allowNull: false, unique: true } });
        await db.sequelize.sync();
        app.use(json());
        app.post('/accounts', async (req, res) => {
          res.status(201).json({ id: (await Account.create({ email: String(req.body.email) })).get('id') });
        });
        app.get('/accounts', async (req, res) => res.json((await Account.findAll()).map((account) => account.get('email'))));
        """
      When the database's next INSERT is committed and its answer lost
      And I POST "/accounts" with the JSON body:
        """
        { "email": "ada@example.com" }
        """
      Then the status is 503
      And the header "Retry-After" is "2"
      When I POST "/accounts" with the JSON body:
        """
        { "email": "ada@example.com" }
        """
      Then the status is 409
      When I GET "/accounts"
      Then the JSON body is:
        """
        ["ada@example.com"]
        """
