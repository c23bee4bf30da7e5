@db
Feature: mongodbManager
  The process-wide mongodbManager defines mongoose models with timestamps on a connection of its own,
  connects in bounded time, and keeps request data from acting as a query operator. The scenarios
  tagged mongodb need a MongoDB server; the others run anywhere.

  Rule: MONGO-001 mongodbManager is one object per process, on a connection of its own

    Scenario: the manager's models live on its own connection, and the global mongoose is untouched
      Given the app:
        """
        const mongoose = require('mongoose');
        app.get('/where', (req, res) => {
          const Model = mongodbManager.createCollection('FeatWhere', { name: String });
          res.json({
            onManager: mongodbManager.connection.models.FeatWhere === Model,
            onGlobal: mongoose.models.FeatWhere !== undefined,
            globalSanitize: mongoose.get('sanitizeFilter') === true,
          });
        });
        """
      When I GET "/where"
      Then the JSON body is:
        """
        { "onManager": true, "onGlobal": false, "globalSanitize": false }
        """

  Rule: MONGO-002 connect(uri, options) opens the connection and reports a status line

    Scenario: a URI that is not mongodb:// is refused with a TypeError
      Given the app:
        """
        app.get('/connect', async (req, res) => {
          const outcomes = [];
          for (const uri of ['http://127.0.0.1:27017/app', '', undefined]) {
            try { await mongodbManager.connect(uri); outcomes.push('connected'); } catch (err) { outcomes.push(err.name); }
          }
          res.json(outcomes);
        });
        """
      When I GET "/connect"
      Then the JSON body is:
        """
        ["TypeError", "TypeError", "TypeError"]
        """

    @mongodb @kit-error-codes
    Scenario: connect reports the host and database, again for the same URI, and refuses another URI
      Given a MongoDB database for the app as world.mongoUri
      And the app:
        """
        app.get('/connect', async (req, res) => {
          const first = await mongodbManager.connect(world.mongoUri);
          const again = await mongodbManager.connect(world.mongoUri);
          let other;
          try { await mongodbManager.connect('mongodb://127.0.0.2:1/elsewhere'); } catch (err) { other = err.code; }
          res.json({ status: first.startsWith('MongoDB connected ('), same: first === again, other });
        });
        """
      When I GET "/connect"
      Then the status is 200
      And the JSON body is:
        """
        { "status": true, "same": true, "other": "KIT_ERR_DB_CONNECT" }
        """

  Rule: MONGO-003 An unreachable server makes connect() reject in bounded time, naming the host

    @kit-error-codes
    Scenario: a closed loopback port rejects with KIT_ERR_DB_CONNECT naming the host and not the password
      Given the app:
        """
        const net = require('node:net');
        const probe = net.createServer();
        await new Promise((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
        const port = probe.address().port;
        await new Promise((resolve) => probe.close(resolve));
        app.get('/connect', async (req, res) => {
          try {
            await mongodbManager.connect(`mongodb://app:hunter2@127.0.0.1:${port}/shop`, { serverSelectionTimeoutMS: 300 });
            res.json({ connected: true });
          } catch (err) {
            res.json({
              code: err.code,
              namesHost: err.message.includes(`127.0.0.1:${port}`),
              leaksPassword: err.message.includes('hunter2'),
            });
          }
        });
        app.get('/ping', (req, res) => res.send('pong'));
        """
      When I GET "/connect"
      Then the status is 200
      And the JSON body is:
        """
        { "code": "KIT_ERR_DB_CONNECT", "namesHost": true, "leaksPassword": false }
        """
      And the server still answers GET "/ping" with 200

  Rule: MONGO-004 createCollection defines a model with timestamps

    Scenario: a plain definition and a Schema both get createdAt and updatedAt
      Given the app:
        """
        const mongoose = require('mongoose');
        app.get('/models', async (req, res) => {
          const Plain = mongodbManager.createCollection('FeatPlain', { title: { type: String, required: true } });
          const FromSchema = mongodbManager.createCollection('FeatSchema', new mongoose.Schema({ title: String }));
          const describe = (Model) => ({
            createdAt: Model.schema.path('createdAt')?.instance,
            updatedAt: Model.schema.path('updatedAt')?.instance,
            strictQuery: Model.schema.get('strictQuery'),
          });
          const invalid = await new Plain({}).validate().then(() => null, (err) => err);
          res.json({ plain: describe(Plain), schema: describe(FromSchema), required: Boolean(invalid?.cause?.errors?.title) });
        });
        """
      When I GET "/models"
      Then the JSON body is:
        """
        {
          "plain": { "createdAt": "Date", "updatedAt": "Date", "strictQuery": true },
          "schema": { "createdAt": "Date", "updatedAt": "Date", "strictQuery": true },
          "required": true
        }
        """

    @mongodb
    Scenario: stored documents carry their creation and update times
      Given a MongoDB database for the app as world.mongoUri
      And the app:
        """
        const Note = mongodbManager.createCollection('FeatNote', { text: String });
        await mongodbManager.connect(world.mongoUri);
        await Note.deleteMany({});
        app.use(json());
        app.post('/notes', async (req, res) => {
          const note = await Note.create({ text: String(req.body.text) });
          res.status(201).json({ text: note.text, createdAt: note.createdAt instanceof Date, updatedAt: note.updatedAt instanceof Date });
        });
        """
      When I POST "/notes" with the JSON body:
        """
        { "text": "hello" }
        """
      Then the status is 201
      And the JSON body is:
        """
        { "text": "hello", "createdAt": true, "updatedAt": true }
        """

  Rule: MONGO-005 Defining a name twice returns the first model

    Scenario: a second definition of the same name gives back the first model
      Given the app:
        """
        app.get('/twice', (req, res) => {
          const first = mongodbManager.createCollection('FeatTwice', { a: String });
          const second = mongodbManager.createCollection('FeatTwice', { b: Number });
          res.json({ same: first === second, secondSchemaIgnored: second.schema.path('b') === undefined });
        });
        """
      When I GET "/twice"
      Then the JSON body is:
        """
        { "same": true, "secondSchemaIgnored": true }
        """

  Rule: MONGO-006 Request data cannot act as a query operator

    Scenario: a login body with {"$ne": null} is refused with 400 before the database is asked
      Given the app:
        """
        const mongoose = require('mongoose');
        // bufferCommands off: without a server, a query that got past casting would fail at once with a 500.
        const User = mongodbManager.createCollection('FeatLoginOffline', new mongoose.Schema({ email: String, password: String }, { bufferCommands: false }));
        app.use(json());
        app.post('/login', async (req, res) => {
          const user = await User.findOne({ email: req.body.email, password: req.body.password });
          res.json({ found: Boolean(user) });
        });
        app.get('/ping', (req, res) => res.send('pong'));
        """
      When I POST "/login" with the JSON body:
        """
        { "email": { "$ne": null }, "password": { "$gt": "" } }
        """
      Then the status is 400
      And the server still answers GET "/ping" with 200

    @mongodb
    Scenario: with a real database, operator objects match nothing and unknown keys are dropped
      Given a MongoDB database for the app as world.mongoUri
      And the app:
        """
        const User = mongodbManager.createCollection('FeatLogin', { email: String, password: String, role: String });
        await mongodbManager.connect(world.mongoUri);
        await User.deleteMany({});
        await User.create({ email: 'ada@example.com', password: 'analytical', role: 'admin' });
        app.use(json());
        app.post('/login', async (req, res) => {
          const user = await User.findOne({ email: req.body.email, password: req.body.password });
          if (!user) return res.status(401).json({ error: 'Invalid credentials' });
          res.json({ email: user.email });
        });
        app.post('/count', async (req, res) => res.json({ count: await User.countDocuments(req.body) }));
        """
      When I POST "/login" with the JSON body:
        """
        { "email": { "$ne": null }, "password": { "$ne": null } }
        """
      Then the status is 400
      When I POST "/count" with the JSON body:
        """
        { "$where": "true" }
        """
      Then the status is 400
      When I POST "/count" with the JSON body:
        """
        { "notInSchema": "x" }
        """
      Then the JSON body is:
        """
        { "count": 1 }
        """
      When I POST "/login" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical" }
        """
      Then the status is 200
      And the JSON body is:
        """
        { "email": "ada@example.com" }
        """

  Rule: MONGO-007 disconnect() closes the connection and keeps the models

    Scenario: disconnecting when not connected does nothing
      Given the app:
        """
        app.post('/disconnect', async (req, res) => {
          await mongodbManager.disconnect();
          await mongodbManager.disconnect();
          res.json({ readyState: mongodbManager.connection.readyState });
        });
        """
      When I POST "/disconnect"
      Then the JSON body is:
        """
        { "readyState": 0 }
        """

    @mongodb
    Scenario: a model defined before a disconnect works again after the next connect
      Given a MongoDB database for the app as world.mongoUri
      And the app:
        """
        const Counter = mongodbManager.createCollection('FeatCounter', { n: Number });
        await mongodbManager.connect(world.mongoUri);
        await Counter.deleteMany({});
        app.post('/cycle', async (req, res) => {
          await Counter.create({ n: 1 });
          await mongodbManager.disconnect();
          const closed = mongodbManager.connection.readyState;
          await mongodbManager.connect(world.mongoUri);
          res.json({ closed, count: await Counter.countDocuments() });
        });
        """
      When I POST "/cycle"
      Then the JSON body is:
        """
        { "closed": 0, "count": 1 }
        """

  Rule: MONGO-008 mongoose loads only when the manager is first used

    Scenario: importing kitjs does not load mongoose
      Then importing the implementation in a fresh process loads none of "mongoose, mongodb"

    @kit-error-codes
    Scenario: without mongoose, the first use of the manager fails with an error naming it
      Then in a process where the package "mongoose" cannot be found, this code throws KIT_ERR_PEER_MISSING naming it:
        """
        mongodbManager.createCollection('User', { email: String });
        """

  @kit-http-error @kit-error-codes
  Rule: MONGO-009 A fault a request's data causes in a manager's model is an HttpError 4xx with a stable code

    Scenario Outline: without a server, <case> answers <status> <code> through the README's error handler
      Given the app:
        """
        const mongoose = require('mongoose');
        // bufferCommands off: without a server, a call that got past the checks would fail at once with a 500.
        const User = mongodbManager.createCollection('FeatFaultsOffline', new mongoose.Schema({
          email: { type: String, required: true, unique: true },
          age: Number,
          role: { type: String, enum: ['reader', 'editor'] },
        }, { bufferCommands: false }));
        app.use(json());
        app.post('/login', async (req, res) => res.json({ found: Boolean(await User.findOne({ email: req.body.email })) }));
        app.post('/search', async (req, res) => res.json({ count: await User.countDocuments(req.body) }));
        app.post('/users', async (req, res) => res.status(201).json({ id: (await User.create(req.body)).id }));
        app.post('/find', async (req, res) => res.json(await User.findById(req.body.id)));
        // The README's error handler, which answers an HttpError's status and a 500 for anything else.
        app.setErrorHandler((err, req, res) => {
          const status = err instanceof HttpError ? err.status : 500;
          res.status(status).json({
            error: err instanceof HttpError && err.expose ? err.message : 'Internal error',
            code: err instanceof HttpError ? err.code : undefined,
          });
        });
        """
      When I POST "<path>" with the JSON body:
        """
        <body>
        """
      Then the status is <status>
      And the JSON body includes:
        """
        { "code": "<code>" }
        """

      Examples:
        | case                            | path    | body                                              | status | code                  |
        | an operator object              | /login  | { "email": { "$ne": null } }                      | 400    | KIT_ERR_DB_OPERATOR   |
        | $where in a filter              | /search | { "$where": "true" }                              | 400    | KIT_ERR_DB_OPERATOR   |
        | an object where a value belongs | /login  | { "email": { "x": 1 } }                           | 400    | KIT_ERR_DB_VALIDATION |
        | a nested object                 | /login  | { "email": { "x": { "y": 1 } } }                  | 400    | KIT_ERR_DB_VALIDATION |
        | a list of objects               | /login  | { "email": [{ "x": 1 }] }                         | 400    | KIT_ERR_DB_VALIDATION |
        | a text for a number             | /search | { "age": "old" }                                  | 400    | KIT_ERR_DB_VALIDATION |
        | a malformed id                  | /find   | { "id": "abc" }                                   | 400    | KIT_ERR_DB_VALIDATION |
        | a list for a string, written    | /users  | { "email": ["grace@example.com"] }                | 400    | KIT_ERR_DB_VALIDATION |
        | a missing required field        | /users  | { "age": 3 }                                      | 400    | KIT_ERR_DB_VALIDATION |
        | a value a validator refuses     | /users  | { "email": "grace@example.com", "role": "root" }  | 400    | KIT_ERR_DB_VALIDATION |

    @mongodb
    Scenario: with a real database, a duplicate is a 409 and the other faults are the same as without one
      Given a MongoDB database for the app as world.mongoUri
      And the app:
        """
        const User = mongodbManager.createCollection('FeatFaults', {
          email: { type: String, required: true, unique: true },
          age: Number,
        });
        await mongodbManager.connect(world.mongoUri);
        await User.init();
        await User.deleteMany({});
        await User.create({ email: 'ada@example.com', age: 36 });
        app.use(json());
        // not typed: mongoose's typings say the write may give null; the scenario's writes give documents
        app.post('/users', async (req, res) => res.status(201).json({ id: (await User.create(req.body)).id }));
        app.post('/many', async (req, res) => res.status(201).json((await User.insertMany(req.body)).length));
        app.post('/login', async (req, res) => res.json({ found: Boolean(await User.findOne({ email: req.body.email })) }));
        app.setErrorHandler((err, req, res) => {
          const status = err instanceof HttpError ? err.status : 500;
          res.status(status).json({
            error: err instanceof HttpError && err.expose ? err.message : 'Internal error',
            code: err instanceof HttpError ? err.code : undefined,
          });
        });
        """
      When I POST "/users" with the JSON body:
        """
        { "email": "ada@example.com" }
        """
      Then the status is 409
      And the JSON body is:
        """
        { "error": "A record with this \"email\" already exists", "code": "KIT_ERR_DB_UNIQUE" }
        """
      When I POST "/many" with the JSON body:
        """
        [{ "email": "grace@example.com" }, { "email": "ada@example.com" }]
        """
      Then the status is 409
      When I POST "/login" with the JSON body:
        """
        { "email": { "$ne": null } }
        """
      Then the status is 400
      And the JSON body includes:
        """
        { "code": "KIT_ERR_DB_OPERATOR" }
        """
      When I POST "/users" with the JSON body:
        """
        { "age": "old" }
        """
      Then the status is 400
      And the JSON body includes:
        """
        { "code": "KIT_ERR_DB_VALIDATION" }
        """
