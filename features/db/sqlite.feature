@sqlite
Feature: SQLiteManager
  A SQLiteManager gives an app one SQLite database, in memory or in a file, on the fastest driver at hand:
  prepared statements with bound values (db.all, db.get, db.run, db.exec) and Sequelize's models on the same
  connection, with errors that name the problem, SQL logged at debug level, and request data that cannot
  act as an operator or as SQL.

  Rule: SQLITE-001 A manager opens one SQLite database, private and in memory by default

    Scenario: two default managers are two separate in-memory databases
      Given the app:
        """
        const { DataTypes } = require('sequelize');
        const a = new SQLiteManager();
        const b = new SQLiteManager();
        const NoteA = a.sequelize.define('Note', { text: DataTypes.STRING });
        const NoteB = b.sequelize.define('Note', { text: DataTypes.STRING });
        await a.sequelize.sync({ force: true });
        await b.sequelize.sync({ force: true });
        await NoteA.create({ text: 'only in a' });
        app.get('/counts', async (req, res) => {
          res.json({ a: await NoteA.count(), b: await NoteB.count(), path: a.path });
        });
        """
      When I GET "/counts"
      Then the status is 200
      And the JSON body is:
        """
        { "a": 1, "b": 0, "path": ":memory:" }
        """

    Scenario: a path that is not a non-empty string is refused when the manager is created
      Given the app:
        """
        app.get('/bad', (req, res) => {
          const names = [];
          for (const path of ['', 42, {}]) {
            // not typed: paths of the wrong type are refused with a TypeError
            try { new SQLiteManager(path); names.push('accepted'); } catch (err) { names.push(err.name); }
          }
          res.json(names);
        });
        """
      When I GET "/bad"
      Then the JSON body is:
        """
        ["TypeError", "TypeError", "TypeError"]
        """

  Rule: SQLITE-002 connect() opens the database, checks it answers, and reports a status line

    Scenario: connect resolves to a status line naming the storage, in memory and on a file
      Given the app:
        """
        const path = require('node:path');
        const file = path.join(tmpDir, 'status.sqlite');
        const memory = new SQLiteManager();
        const onDisk = new SQLiteManager(file);
        app.get('/status', async (req, res) => {
          res.json({ memory: await memory.connect(), again: await memory.connect(), file: (await onDisk.connect()) === `SQLite connected (${file})` });
        });
        """
      When I GET "/status"
      Then the status is 200
      And the JSON body is:
        """
        { "memory": "SQLite connected (:memory:)", "again": "SQLite connected (:memory:)", "file": true }
        """

  Rule: SQLITE-003 Models are defined, synchronised and queried through manager.sequelize

    Scenario Outline: notes are written and read through HTTP routes, <storage>
      Given the app:
        """
        const path = require('node:path');
        const { DataTypes } = require('sequelize');
        const db = '<storage>' === 'in a temp file' ? new SQLiteManager(path.join(tmpDir, 'notes.sqlite')) : new SQLiteManager();
        const Note = db.sequelize.define('Note', { text: { type: DataTypes.STRING, allowNull: false } });
        await db.connect();
        await db.sequelize.sync({ force: true });
        app.use(json());
        app.post('/notes', async (req, res) => {
          const note = await Note.create({ text: String(req.body.text) });
          res.status(201).json({ id: note.get('id'), text: note.get('text') });
        });
        app.get('/notes', async (req, res) => {
          res.json(await Note.findAll({ attributes: ['id', 'text'], order: [['id', 'ASC']], raw: true }));
        });
        app.post('/reset', async (req, res) => {
          await db.sequelize.sync({ force: true });
          res.sendStatus(204);
        });
        """
      When I POST "/notes" with the JSON body:
        """
        { "text": "buy milk" }
        """
      Then the status is 201
      And the JSON body is:
        """
        { "id": 1, "text": "buy milk" }
        """
      When I POST "/notes" with the JSON body:
        """
        { "text": "call Ada" }
        """
      And I GET "/notes"
      Then the JSON body is:
        """
        [{ "id": 1, "text": "buy milk" }, { "id": 2, "text": "call Ada" }]
        """
      When I POST "/reset"
      And I GET "/notes"
      Then the JSON body is:
        """
        []
        """

      Examples:
        | storage         |
        | in memory       |
        | in a temp file  |

  Rule: SQLITE-004 A file database keeps its data across managers

    Scenario: a note written through one manager is read through the next one on the same file
      Given the app:
        """
        const path = require('node:path');
        const { DataTypes } = require('sequelize');
        const file = path.join(tmpDir, 'data', 'kept.sqlite');
        const open = () => {
          const manager = new SQLiteManager(file);
          return { manager, Note: manager.sequelize.define('Note', { text: DataTypes.STRING }) };
        };
        let current = open();
        await current.manager.connect();
        await current.Note.sync({ force: true });
        app.use(json());
        app.post('/notes', async (req, res) => {
          res.status(201).json(await current.Note.create({ text: String(req.body.text) }));
        });
        app.post('/reopen', async (req, res) => {
          await current.manager.close();
          current = open();
          res.json({ status: await current.manager.connect() === `SQLite connected (${file})` });
        });
        app.get('/notes', async (req, res) => {
          // not typed: with raw: true sequelize answers plain rows, which its types still call models
          res.json((await current.Note.findAll({ raw: true })).map((note) => note.text));
        });
        """
      When I POST "/notes" with the JSON body:
        """
        { "text": "survives a restart" }
        """
      And I POST "/reopen"
      Then the JSON body is:
        """
        { "status": true }
        """
      When I GET "/notes"
      Then the JSON body is:
        """
        ["survives a restart"]
        """

  Rule: SQLITE-005 A path that cannot be opened makes connect() reject with KIT_ERR_DB_CONNECT

    @kit-error-codes
    Scenario: a regular file where a directory should be
      Given the app:
        """
        const fs = require('node:fs');
        const path = require('node:path');
        fs.writeFileSync(path.join(tmpDir, 'blocker'), 'not a directory');
        const file = path.join(tmpDir, 'blocker', 'app.sqlite');
        app.get('/connect', async (req, res) => {
          const manager = new SQLiteManager(file);
          try {
            await manager.connect();
            res.json({ connected: true });
          } catch (err) {
            res.json({ code: err.code, status: err.status, namesPath: err.message.includes(file), hasCause: err.cause instanceof Error });
          }
        });
        """
      When I GET "/connect"
      Then the JSON body is:
        """
        { "code": "KIT_ERR_DB_CONNECT", "status": 500, "namesPath": true, "hasCause": true }
        """

    Scenario: passed to next(), the error is a 500 that does not show the path to the client
      Given the app:
        """
        const fs = require('node:fs');
        const path = require('node:path');
        fs.writeFileSync(path.join(tmpDir, 'blocker'), 'not a directory');
        app.get('/connect', async (req, res) => {
          await new SQLiteManager(path.join(tmpDir, 'blocker', 'secret-name.sqlite')).connect();
          res.send('connected');
        });
        app.get('/ping', (req, res) => res.send('pong'));
        """
      When I GET "/connect"
      Then the status is 500
      And the body does not contain "secret-name"
      And the body does not contain "blocker"
      And the server still answers GET "/ping" with 200

  Rule: SQLITE-006 close() releases the database and is safe to repeat

    @kit-error-codes
    Scenario: closing twice is fine, and a closed manager does not reconnect
      Given the app:
        """
        const db = new SQLiteManager();
        await db.connect();
        app.post('/close', async (req, res) => {
          await db.close();
          await db.close();
          try {
            await db.connect();
            res.json({ reconnected: true });
          } catch (err) {
            res.json({ code: err.code });
          }
        });
        """
      When I POST "/close"
      Then the status is 200
      And the JSON body is:
        """
        { "code": "KIT_ERR_DB_NOT_CONNECTED" }
        """

    @kit-error-codes @kit-lifecycle
    Scenario: a manager registered with app.onClose is closed when the app shuts down
      Given the app:
        """
        const db = new SQLiteManager();
        await db.connect();
        const service = kit();
        service.onClose(() => db.close());
        service.get('/', (req, res) => res.send('ok'));
        const server = service.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        app.post('/shutdown', async (req, res) => {
          await service.close();
          const after = await db.connect().then(() => 'open', (err) => err.code);
          res.json({ listening: server.listening, after });
        });
        """
      When I POST "/shutdown"
      Then the status is 200
      And the JSON body is:
        """
        { "listening": false, "after": "KIT_ERR_DB_NOT_CONNECTED" }
        """

  Rule: SQLITE-007 Sequelize's SQL log goes to kitjs's logger at debug level

    Scenario: statements reach the logger at debug level, with placeholders instead of values
      Given the app:
        """
        const fs = require('node:fs');
        const path = require('node:path');
        const { DataTypes } = require('sequelize');
        const logFile = path.join(tmpDir, 'kit.log');
        world.setEnv('LOG_FILE', logFile);
        app.get('/run', async (req, res) => {
          const previous = logger.level;
          logger.level = 'debug';
          try {
            const db = new SQLiteManager();
            const User = db.sequelize.define('User', { email: DataTypes.STRING });
            await db.connect();
            await User.sync({ force: true });
            await User.create({ email: 'private@example.com' });
            await db.close();
          } finally {
            logger.level = previous;
          }
          const lines = fs.readFileSync(logFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
          const queries = lines.filter((line) => line.msg === 'sequelize query');
          res.json({
            levels: [...new Set(queries.map((line) => line.level))],
            authenticate: queries.some((line) => line.sql.includes('SELECT 1+1')),
            insert: queries.some((line) => line.sql.includes('INSERT INTO')),
            leaksValue: fs.readFileSync(logFile, 'utf8').includes('private@example.com'),
          });
        });
        """
      When I GET "/run"
      Then the status is 200
      And the JSON body is:
        """
        { "levels": [20], "authenticate": true, "insert": true, "leaksValue": false }
        """

  Rule: SQLITE-008 Request data cannot act as a query operator

    Background:
      Given the app:
        """
        const { DataTypes, QueryTypes } = require('sequelize');
        const db = new SQLiteManager();
        const User = db.sequelize.define('User', {
          email: { type: DataTypes.STRING, allowNull: false, unique: true },
          password: { type: DataTypes.STRING, allowNull: false },
        });
        await db.sequelize.sync({ force: true });
        await User.create({ email: 'ada@example.com', password: 'analytical' });
        app.use(json());
        app.post('/login', async (req, res) => {
          const user = await User.findOne({ where: { email: req.body.email, password: req.body.password } });
          if (!user) return res.status(401).json({ error: 'Invalid credentials' });
          res.json({ email: user.get('email') });
        });
        app.post('/users', async (req, res) => {
          const user = await User.create(req.body);
          res.status(201).json({ email: user.get('email') });
        });
        app.post('/search', async (req, res) => {
          const rows = await db.sequelize.query('SELECT email FROM Users WHERE email = $email', {
            bind: { email: String(req.body.email) },
            type: QueryTypes.SELECT,
          });
          res.json(rows);
        });
        """

    Scenario: a login body with {"$ne": null} is refused with 400, and a real login still works
      When I POST "/login" with the JSON body:
        """
        { "email": { "$ne": null }, "password": { "$ne": null } }
        """
      Then the status is 400
      And the body contains "Invalid value for"
      And the body does not contain "ada@example.com"
      When I POST "/login" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical" }
        """
      Then the status is 200
      And the JSON body is:
        """
        { "email": "ada@example.com" }
        """

    Scenario: a record that fails validation is a 400, not a 500
      When I POST "/users" with the JSON body:
        """
        { "email": "grace@example.com" }
        """
      Then the status is 400
      And the server still answers GET "/nothing-here" with 404

    Scenario: a bound value in raw SQL is data, never SQL
      When I POST "/search" with the JSON body:
        """
        { "email": "x' OR '1'='1" }
        """
      Then the status is 200
      And the JSON body is:
        """
        []
        """
      When I POST "/search" with the JSON body:
        """
        { "email": "ada@example.com" }
        """
      Then the JSON body is:
        """
        [{ "email": "ada@example.com" }]
        """

  Rule: SQLITE-009 The driver loads when a manager is created, sequelize when manager.sequelize is first read

    Scenario: importing kitjs loads no SQLite package
      Then importing the implementation in a fresh process loads none of "sequelize, sqlite3, better-sqlite3"

    Scenario: an app on the direct API alone never loads sequelize
      Then in a fresh process, this code loads none of "sequelize":
        """
        const db = new SQLiteManager();
        await db.connect();
        await db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
        await db.run('INSERT INTO notes (text) VALUES (?)', ['fast']);
        if ((await db.all('SELECT text FROM notes'))[0].text !== 'fast') throw new Error('not read back');
        await db.close();
        """

    @kit-error-codes
    Scenario Outline: without <package>, <step> fails with an error naming it
      Then in a process where the package "<package>" cannot be found, this code throws KIT_ERR_PEER_MISSING naming it:
        """
        <code>
        """

      Examples:
        | package        | step                                  | code                                                      |
        | sequelize      | reading manager.sequelize             | new SQLiteManager().sequelize;                            |
        | sqlite3        | creating a manager on sqlite3         | new SQLiteManager(':memory:', { driver: 'sqlite3' });        |
        | better-sqlite3 | creating a manager on better-sqlite3  | new SQLiteManager(':memory:', { driver: 'better-sqlite3' }); |

  @kit-http-error @kit-error-codes
  Rule: SQLITE-010 A fault a request's data causes in a model call is an HttpError 4xx with a stable code

    Background:
      Given the app:
        """
        const { DataTypes } = require('sequelize');
        const db = new SQLiteManager();
        const Team = db.sequelize.define('Team', { name: DataTypes.STRING });
        const User = db.sequelize.define('User', {
          email: { type: DataTypes.STRING, allowNull: false, unique: true },
          age: DataTypes.INTEGER,
          role: { type: DataTypes.STRING, validate: { isIn: [['reader', 'editor']] } },
        });
        User.belongsTo(Team);
        await db.sequelize.sync({ force: true });
        await User.create({ email: 'ada@example.com', age: 36 });
        app.use(json());
        app.post('/login', async (req, res) => {
          res.json({ found: Boolean(await User.findOne({ where: { email: req.body.email } })) });
        });
        app.post('/users', async (req, res) => {
          // not typed: the model is defined in the scenario, so its typings know no `id` attribute
          res.status(201).json({ id: (await User.create(req.body)).id });
        });
        app.get('/users/:id', async (req, res) => res.json(await User.findByPk(req.params.id)));
        app.get('/broken', async (req, res) => res.json(await db.sequelize.define('Missing', {}).findAll()));
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
      And the body does not contain "SELECT"

      Examples:
        | case                              | path   | body                                      | status | code                  |
        | an operator object                | /login | { "email": { "$ne": null } }              | 400    | KIT_ERR_DB_OPERATOR   |
        | an object where a value belongs   | /login | { "email": { "x": 1 } }                   | 400    | KIT_ERR_DB_VALIDATION |
        | a nested object                   | /login | { "email": { "x": { "y": 1 } } }          | 400    | KIT_ERR_DB_VALIDATION |
        | a list of objects                 | /login | { "email": [{ "x": 1 }] }                 | 400    | KIT_ERR_DB_VALIDATION |
        | a boolean for a string            | /login | { "email": true }                         | 400    | KIT_ERR_DB_VALIDATION |
        | a list for a string, written      | /users | { "email": ["grace@example.com"] }        | 400    | KIT_ERR_DB_VALIDATION |
        | a text for an integer             | /users | { "email": "grace@example.com", "age": "old" } | 400 | KIT_ERR_DB_VALIDATION |
        | a missing required field          | /users | { "age": 3 }                              | 400    | KIT_ERR_DB_VALIDATION |
        | a value a validator refuses       | /users | { "email": "grace@example.com", "role": "root" } | 400 | KIT_ERR_DB_VALIDATION |
        | a duplicate of a unique field     | /users | { "email": "ada@example.com" }            | 409    | KIT_ERR_DB_UNIQUE     |
        | a reference to no record          | /users | { "email": "grace@example.com", "TeamId": 999 } | 409 | KIT_ERR_DB_REFERENCE |

    Scenario: a key of the wrong type in the path is a 400, and a fault of the server's own stays a 500
      When I GET "/users/abc"
      Then the status is 400
      And the JSON body includes:
        """
        { "code": "KIT_ERR_DB_VALIDATION" }
        """
      When I GET "/users/1"
      Then the status is 200
      When I GET "/broken"
      Then the status is 500
      And the JSON body is:
        """
        { "error": "Internal error" }
        """

    Scenario: the client's message names the field, and the database's own words stay out
      When I POST "/users" with the JSON body:
        """
        { "email": "ada@example.com" }
        """
      Then the status is 409
      And the JSON body is:
        """
        { "error": "A record with this \"email\" already exists", "code": "KIT_ERR_DB_UNIQUE" }
        """
      When I POST "/users" with the JSON body:
        """
        { "email": "grace@example.com", "TeamId": 999 }
        """
      Then the status is 409
      And the body does not contain "FOREIGN KEY"
      And the body does not contain "SQLITE"

  Rule: SQLITE-011 The driver: better-sqlite3 where it loads, else node:sqlite, else sqlite3

    Scenario: a manager runs on the driver asked for, or on one of the three, and says which
      Given the app:
        """
        app.get('/drivers', async (req, res) => {
          const chosen = new SQLiteManager(':memory:', { driver: 'sqlite3' });
          const fastest = new SQLiteManager();
          res.json({
            chosen: chosen.driver,
            answers: (await chosen.get('SELECT 1 AS one')).one,
            fastestIsKnown: ['node:sqlite', 'better-sqlite3', 'sqlite3'].includes(fastest.driver),
          });
          await Promise.all([chosen.close(), fastest.close()]);
        });
        """
      When I GET "/drivers"
      Then the JSON body is:
        """
        { "chosen": "sqlite3", "answers": 1, "fastestIsKnown": true }
        """

    @kit-error-codes
    Scenario: a driver it does not know is a TypeError at once
      Given the app:
        """
        app.get('/unknown', (req, res) => {
          try {
            // not typed: a driver of no such name is refused with a TypeError
            new SQLiteManager(':memory:', { driver: 'mysql' });
            res.json({ created: true });
          } catch (err) {
            res.json({ typeError: err instanceof TypeError, code: err.code, namesIt: err.message.includes('"mysql"') });
          }
        });
        """
      When I GET "/unknown"
      Then the JSON body is:
        """
        { "typeError": true, "code": "KIT_ERR_SETUP_DB_OPTIONS", "namesIt": true }
        """

  Rule: SQLITE-012 The direct API: prepared statements with bound values, plain rows

    Background:
      Given the app:
        """
        const db = new SQLiteManager();
        await db.connect();
        await db.exec(`
          CREATE TABLE notes (id INTEGER PRIMARY KEY AUTOINCREMENT, ownerId TEXT NOT NULL, text TEXT NOT NULL);
          CREATE INDEX notes_owner ON notes (ownerId);
        `);
        app.use(json());
        app.post('/users/:owner/notes', async (req, res) => {
          const { changes, lastInsertRowid } = await db.run('INSERT INTO notes (ownerId, text) VALUES (?, ?)', [
            req.params.owner,
            req.body.text,
          ]);
          res.status(201).json({ changes, id: Number(lastInsertRowid) });
        });
        app.get('/users/:owner/notes', async (req, res) => {
          res.json(await db.all('SELECT id, text FROM notes WHERE ownerId = ? ORDER BY id LIMIT 20', [req.params.owner]));
        });
        app.get('/notes/:id', async (req, res) => {
          const note = await db.get('SELECT id, ownerId, text FROM notes WHERE id = :id', { id: req.params.id, unused: 1 });
          if (note === undefined) return res.status(404).json({ error: 'No such note' });
          res.json(note);
        });
        app.get('/search', async (req, res) => {
          res.json(await db.all('SELECT text FROM notes WHERE text = ?', [String(req.query.text)]));
        });
        app.post('/close', async (req, res) => {
          await db.close();
          res.json({ after: await db.all('SELECT 1').then(() => 'answered', (err) => err.code) });
        });
        """

    Scenario: rows written with db.run are read with db.all and db.get as plain objects
      When I POST "/users/ada/notes" with the JSON body:
        """
        { "text": "first" }
        """
      Then the status is 201
      And the JSON body is:
        """
        { "changes": 1, "id": 1 }
        """
      When I POST "/users/ada/notes" with the JSON body:
        """
        { "text": "second" }
        """
      And I POST "/users/grace/notes" with the JSON body:
        """
        { "text": "hers" }
        """
      And I GET "/users/ada/notes"
      Then the JSON body is:
        """
        [{ "id": 1, "text": "first" }, { "id": 2, "text": "second" }]
        """
      When I GET "/notes/3"
      Then the JSON body is:
        """
        { "id": 3, "ownerId": "grace", "text": "hers" }
        """
      When I GET "/notes/99"
      Then the status is 404

    Scenario: a bound value is data, never SQL
      When I POST "/users/ada/notes" with the JSON body:
        """
        { "text": "x' OR '1'='1" }
        """
      And I GET "/search?text=anything%27%20OR%20%271%27%3D%271"
      Then the JSON body is:
        """
        []
        """
      When I GET "/search?text=x%27%20OR%20%271%27%3D%271"
      Then the JSON body is:
        """
        [{ "text": "x' OR '1'='1" }]
        """

    @kit-error-codes
    Scenario: after close() every call rejects with KIT_ERR_DB_NOT_CONNECTED
      When I POST "/close"
      Then the JSON body is:
        """
        { "after": "KIT_ERR_DB_NOT_CONNECTED" }
        """

  @kit-http-error @kit-error-codes
  Rule: SQLITE-013 The direct API's faults are the model API's KitErrors

    Background:
      Given the app:
        """
        const db = new SQLiteManager();
        await db.exec(`
          CREATE TABLE owners (id INTEGER PRIMARY KEY);
          CREATE TABLE notes (
            id INTEGER PRIMARY KEY, ownerId INTEGER NOT NULL REFERENCES owners (id),
            slug TEXT UNIQUE, text TEXT NOT NULL
          );
          INSERT INTO owners (id) VALUES (1);
          INSERT INTO notes (ownerId, slug, text) VALUES (1, 'taken', 'first');
        `);
        app.use(json());
        app.post('/notes', async (req, res) => {
          const { ownerId, slug, text } = req.body;
          await db.run('INSERT INTO notes (ownerId, slug, text) VALUES (:ownerId, :slug, :text)', { ownerId, slug, text });
          res.sendStatus(201);
        });
        app.get('/broken', async (req, res) => res.json(await db.all('SELECT * FROM missing')));
        // The README's error handler, which answers an HttpError's status and a 500 for anything else.
        app.setErrorHandler((err, req, res) => {
          const status = err instanceof HttpError ? err.status : 500;
          res.status(status).json({
            error: err instanceof HttpError && err.expose ? err.message : 'Internal error',
            code: err instanceof HttpError ? err.code : undefined,
          });
        });
        """

    Scenario Outline: <case> answers <status> <code>
      When I POST "/notes" with the JSON body:
        """
        <body>
        """
      Then the status is <status>
      And the JSON body includes:
        """
        { "code": "<code>" }
        """
      And the body does not contain "SQLITE"
      And the body does not contain "notes"

      Examples:
        | case                          | body                                                  | status | code                  |
        | an operator object            | { "ownerId": 1, "text": { "$ne": null } }             | 400    | KIT_ERR_DB_VALIDATION |
        | a list where a value belongs  | { "ownerId": 1, "text": ["a", "b"] }                  | 400    | KIT_ERR_DB_VALIDATION |
        | a missing required value      | { "ownerId": 1 }                                      | 400    | KIT_ERR_DB_VALIDATION |
        | a duplicate of a unique value | { "ownerId": 1, "slug": "taken", "text": "again" }    | 409    | KIT_ERR_DB_UNIQUE     |
        | a reference to no record      | { "ownerId": 9, "text": "orphan" }                    | 409    | KIT_ERR_DB_REFERENCE  |

    Scenario: the client's message names the field; a fault of the SQL itself is a 500
      When I POST "/notes" with the JSON body:
        """
        { "ownerId": 1, "slug": "taken", "text": "again" }
        """
      Then the JSON body is:
        """
        { "error": "A record with this \"slug\" already exists", "code": "KIT_ERR_DB_UNIQUE" }
        """
      When I POST "/notes" with the JSON body:
        """
        { "ownerId": 1, "text": { "x": 1 } }
        """
      Then the JSON body is:
        """
        {
          "error": "Invalid data: the value of \"text\" is an object; only a string, a number, a bigint, a boolean, null or bytes can be stored",
          "code": "KIT_ERR_DB_VALIDATION"
        }
        """
      When I GET "/broken"
      Then the status is 500
      And the JSON body is:
        """
        { "error": "Internal error" }
        """

  Rule: SQLITE-014 A statement waits for another connection's lock without blocking the event loop

    Scenario: past busyTimeoutMs a locked database is a 503 with Retry-After, and the app served others meanwhile
      Given the app:
        """
        const path = require('node:path');
        const file = path.join(tmpDir, 'notes.sqlite');
        const db = new SQLiteManager(file, { busyTimeoutMs: 200 });
        // Another connection to the file, as another process writing to it would hold its lock.
        const other = new SQLiteManager(file);
        await db.exec('CREATE TABLE notes (text TEXT)');
        app.post('/lock', async (req, res) => {
          await other.exec('BEGIN EXCLUSIVE');
          res.sendStatus(204);
        });
        app.post('/unlock', async (req, res) => {
          await other.exec('COMMIT');
          res.sendStatus(204);
        });
        app.get('/notes', async (req, res) => {
          let timersRan = false;
          setImmediate(() => {
            timersRan = true;
          });
          try {
            res.json(await db.all('SELECT text FROM notes'));
          } catch (err) {
            // A wait inside a synchronous call would have failed before any timer ran.
            if (!timersRan) throw new Error('the wait blocked the event loop');
            throw err;
          }
        });
        """
      When I POST "/lock"
      And I GET "/notes"
      Then the status is 503
      And the header "Retry-After" is "2"
      And the body is "Service Unavailable"
      When I POST "/unlock"
      And I GET "/notes"
      Then the status is 200
      And the JSON body is:
        """
        []
        """

  Rule: SQLITE-015 One database through both APIs: Sequelize runs on the manager's driver and connection

    Scenario: in memory, a row written with db.run is read by a model, and one a model wrote by db.all
      Given the app:
        """
        const { DataTypes } = require('sequelize');
        const db = new SQLiteManager();
        const Note = db.sequelize.define('Note', { text: DataTypes.STRING }, { tableName: 'notes', timestamps: false });
        await db.connect();
        await db.sequelize.sync();
        app.get('/both', async (req, res) => {
          await db.run('INSERT INTO notes (text) VALUES (?)', ['from db.run']);
          // not typed: with raw: true sequelize answers plain rows, which its types still call models
          const byModel = (await Note.findAll({ raw: true })).map((note) => note.text);
          await Note.create({ text: 'from a model' });
          const byDirect = (await db.all('SELECT text FROM notes ORDER BY id')).map((note) => note.text);
          res.json({ byModel, byDirect });
        });
        """
      When I GET "/both"
      Then the JSON body is:
        """
        { "byModel": ["from db.run"], "byDirect": ["from db.run", "from a model"] }
        """
