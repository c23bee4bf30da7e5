@schemas @kit-error-codes
Feature: Route schemas validate the request before the handlers
  A route's options may carry a schema for its params, headers, query and body: a Standard Schema (Zod,
  Valibot) or a JSON Schema (TypeBox). What passes replaces the part; what fails is a 400 with its issues.

  Rule: SCHEMA-001 Route options sit between the path and the handlers

    Scenario: a route with options runs its handlers after the check, a route without them as before
      Given the app:
        """js
        const { z } = require('zod');
        app.use(json());
        const users = new Router();
        users.post('/', { schema: { body: z.object({ name: z.string() }) } }, (req, res) => res.json({ saved: req.body }));
        app.use('/users', users);
        app.post('/free', (req, res) => res.json({ body: req.body }));
        """
      When I POST "/users" with the JSON body:
        """
        { "name": "Ada" }
        """
      Then the status is 200
      And the JSON body is:
        """
        { "saved": { "name": "Ada" } }
        """
      When I POST "/free" with the JSON body:
        """
        { "anything": 1 }
        """
      Then the JSON body is:
        """
        { "body": { "anything": 1 } }
        """

    Scenario: route(path) and a rarer method take options too, in kitjs/express as well
      Given the Express app:
        """js
        const { z } = require('zod');
        const id = { schema: { params: z.object({ id: z.string().regex(/^\d+$/) }) } };
        app.route('/books/:id').get(id, (req, res) => res.json(req.params));
        app.propfind('/dav/:id', id, (req, res) => res.status(207).json(req.params));
        """
      When I GET "/books/12"
      Then the JSON body is:
        """
        { "id": "12" }
        """
      When I GET "/books/twelve"
      Then the status is 400
      And the content type is "application/json; charset=utf-8"
      And this holds:
        """js
        const answer = await world.send('PROPFIND', '/dav/x');
        assert.equal(answer.status, 400);
        """

    Scenario Outline: <misuse> is a TypeError at registration that names it
      Given the app:
        """js
        const { z } = require('zod');
        const body = z.object({ name: z.string() });
        try {
          // not typed: each row passes route options the types refuse, which throws a TypeError
          <code>;
          world.thrown = 'nothing';
        } catch (err) {
          world.thrown = `${err.constructor.name}: ${err.message}`;
        }
        """
      Then this holds:
        """js
        assert.match(world.thrown, /^TypeError: /);
        assert.ok(world.thrown.includes('<names>'), world.thrown);
        """

      Examples:
        | misuse                     | code                                                                    | names                    |
        | an unknown schema key      | app.post('/x', { schema: { bdy: body } }, (req, res) => res.end())      | unknown schema key "bdy" |
        | an unknown option          | app.post('/x', { schemas: { body } }, (req, res) => res.end())          | unknown route option     |
        | a schema that is no object | app.post('/x', { schema: { body: 'string' } }, (req, res) => res.end()) | schema.body must be      |
        | options without a handler  | app.post('/x', { schema: { body } })                                    | needs at least one handler |

  Rule: SCHEMA-002 A schema is a Standard Schema or a JSON Schema

    Scenario: an async Valibot schema is awaited
      Given the app:
        """js
        const v = require('valibot');
        const known = new Set(['ada', 'grace']);
        const body = v.objectAsync({
          user: v.pipeAsync(v.string(), v.checkAsync(async (name) => known.has(name), 'unknown user')),
        });
        app.use(json());
        app.post('/greet', { schema: { body } }, (req, res) => res.json({ hello: req.body.user }));
        """
      When I POST "/greet" with the JSON body:
        """
        { "user": "ada" }
        """
      Then the JSON body is:
        """
        { "hello": "ada" }
        """
      When I POST "/greet" with the JSON body:
        """
        { "user": "mallory" }
        """
      Then the status is 400
      And the JSON body includes:
        """
        { "part": "body", "issues": [{ "path": ["user"], "message": "unknown user" }] }
        """

    Scenario: a TypeBox schema is a JSON Schema, and fills its defaults
      Given the app:
        """js
        const { Type } = require('@sinclair/typebox');
        const body = Type.Object({ title: Type.String(), draft: Type.Boolean({ default: true }) });
        app.use(json());
        app.post('/posts', { schema: { body } }, (req, res) => res.json(req.body));
        """
      When I POST "/posts" with the JSON body:
        """
        { "title": "Notes" }
        """
      Then the JSON body is:
        """
        { "title": "Notes", "draft": true }
        """
      When I POST "/posts" with the JSON body:
        """
        { "draft": false }
        """
      Then the status is 400
      And the JSON body includes:
        """
        { "part": "body", "issues": [{ "path": ["title"] }] }
        """

  Rule: SCHEMA-003 The validated value replaces the part

    Scenario: Zod's transforms and defaults reach the handler
      Given the app:
        """js
        const { z } = require('zod');
        const search = z.object({ page: z.coerce.number().int().default(1), q: z.string().trim() });
        app.get('/search', { schema: { query: search } }, (req, res) => res.json(req.query));
        """
      When I GET "/search?q=%20kit%20"
      Then the JSON body is:
        """
        { "page": 1, "q": "kit" }
        """

    Scenario: a JSON Schema coerces params, query and headers, never the body, and leaves req.headers alone
      Given the app:
        """js
        const { Type } = require('@sinclair/typebox');
        app.use(json());
        const schema = {
          params: Type.Object({ id: Type.Integer() }),
          query: Type.Object({ tags: Type.Array(Type.String()) }),
          headers: Type.Object({ 'x-version': Type.Integer() }),
          body: Type.Object({ count: Type.Integer() }),
        };
        app.put('/items/:id', { schema }, (req, res) =>
          res.json({ params: req.params, query: req.query, body: req.body, version: req.headers['x-version'] }),
        );
        """
      When I PUT "/items/7?tags=a" with headers and the body:
        | content-type | application/json |
        | x-version    | 2                |
        | body         | { "count": 3 }   |
      Then the JSON body is:
        """
        { "params": { "id": 7 }, "query": { "tags": ["a"] }, "body": { "count": 3 }, "version": "2" }
        """
      When I PUT "/items/7?tags=a" with headers and the body:
        | content-type | application/json |
        | x-version    | 2                |
        | body         | { "count": "3" } |
      Then the status is 400
      And the JSON body includes:
        """
        { "part": "body", "issues": [{ "path": ["count"], "message": "must be integer" }] }
        """

  Rule: SCHEMA-004 A failed validation is a 400 with its issues

    Scenario: the default answer is JSON with the code, message, part and issues
      Given the app:
        """js
        const { z } = require('zod');
        app.get('/users/:id', { schema: { params: z.object({ id: z.uuid() }) } }, (req, res) => res.json(req.params));
        """
      When I GET "/users/42"
      Then the status is 400
      And the content type is "application/json; charset=utf-8"
      And the JSON body is:
        """
        {
          "code": "KIT_ERR_VALIDATION",
          "message": "Invalid request params",
          "part": "params",
          "issues": [{ "path": ["id"], "message": "Invalid UUID" }]
        }
        """

    Scenario: a body schema without a body parser fails validation, it does not crash
      Given the app:
        """js
        const { z } = require('zod');
        app.post('/users', { schema: { body: z.object({ name: z.string() }) } }, (req, res) => res.json(req.body));
        """
      When I POST "/users" with the JSON body:
        """
        { "name": "Ada" }
        """
      Then the status is 400
      And the JSON body includes:
        """
        { "code": "KIT_ERR_VALIDATION", "part": "body", "issues": [{ "path": [] }] }
        """

    Scenario: error middleware and setErrorHandler see the error, its part and issues
      Given the app:
        """js
        const { z } = require('zod');
        const limits = z.object({ limit: z.coerce.number().max(50) });
        app.get('/list', { schema: { query: limits } }, (req, res) => res.json(req.query));
        app.use((err, req, res, next) => {
          world.seen = `${err.status} ${err.code} ${err.part}`;
          next(err);
        });
        app.setErrorHandler((err, req, res) => {
          res.status(422).json({ problems: err.issues.map((issue) => issue.path.join('.')) });
        });
        """
      When I GET "/list?limit=500"
      Then the status is 422
      And the JSON body is:
        """
        { "problems": ["limit"] }
        """
      And this holds:
        """js
        assert.equal(world.seen, '400 KIT_ERR_VALIDATION query');
        """

    Scenario: a headers schema failing in kitjs/express is the same JSON 400
      Given the Express app:
        """js
        const { Type } = require('@sinclair/typebox');
        const headers = Type.Object({ 'x-api-key': Type.String({ minLength: 8 }) });
        app.get('/private', { schema: { headers } }, (req, res) => res.send('ok'));
        """
      When I GET "/private"
      Then the status is 400
      And the content type is "application/json; charset=utf-8"
      And the JSON body includes:
        """
        { "code": "KIT_ERR_VALIDATION", "part": "headers", "issues": [{ "path": ["x-api-key"] }] }
        """

  Rule: SCHEMA-005 The answer never shows the rejected value or the schema

    Scenario Outline: a secret sent as the wrong type is not echoed (<library>)
      Given the app:
        """js
        const body = <schema>;
        app.use(json());
        app.post('/login', { schema: { body } }, (req, res) => res.end());
        """
      When I POST "/login" with the JSON body:
        """
        { "pin": "hunter2-secret" }
        """
      Then the status is 400
      And the body does not contain "hunter2-secret"
      And the JSON body includes:
        """
        { "issues": [{ "path": ["pin"] }] }
        """

      Examples:
        | library | schema                                                                              |
        | Zod     | require('zod').z.object({ pin: require('zod').z.number() })                        |
        | Valibot | require('valibot').object({ pin: require('valibot').number() })                    |
        | TypeBox | require('@sinclair/typebox').Type.Object({ pin: require('@sinclair/typebox').Type.Integer() }) |

    Scenario: a JSON Schema's pattern is not quoted in the answer
      Given the app:
        """js
        const voucher = { type: 'object', properties: { code: { type: 'string', pattern: '^ZX-[0-9]{4}$' } } };
        app.get('/redeem', { schema: { query: voucher } }, (req, res) => res.end());
        """
      When I GET "/redeem?code=nope"
      Then the status is 400
      And the body does not contain "ZX-"
      And the body does not contain "nope"

  Rule: SCHEMA-014 The common formats are checked with no setup

    Scenario: A TypeBox email field refuses what is not an email, with no setup
      Given the app:
        """js
        const { Type } = require('@sinclair/typebox');
        app.use(json());
        const Signup = Type.Object({ email: Type.String({ format: 'email' }), born: Type.String({ format: 'date' }) });
        app.post('/signup', { schema: { body: Signup } }, (req, res) => res.status(201).json(req.body));
        app.get('/notes/:id', { schema: { params: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } } } }, (req, res) => res.json({ id: req.params.id }));
        """
      When I POST "/signup" with the JSON body:
        """
        {"email": "not-an-email", "born": "1990-01-31"}
        """
      Then the status is 400
      And the JSON body includes:
        """json
        { "code": "KIT_ERR_VALIDATION", "part": "body", "issues": [{ "path": ["email"] }] }
        """
      When I POST "/signup" with the JSON body:
        """
        {"email": "ada@example.com", "born": "1990-02-30"}
        """
      Then the status is 400
      When I POST "/signup" with the JSON body:
        """
        {"email": "ada@example.com", "born": "1990-02-28"}
        """
      Then the status is 201
      When I GET "/notes/42"
      Then the status is 400
      When I GET "/notes/0b9a4b8e-3c1f-4d7e-9f20-6a1c2d3e4f50"
      Then the status is 200

    @kit-lifecycle
    Scenario: formats false makes format an annotation, and a list checks only the formats it names
      Given the app:
        """js
        const assert = require('node:assert/strict');
        const http = require('node:http');
        const Body = { type: 'object', properties: { email: { type: 'string', format: 'email' }, id: { type: 'string', format: 'uuid' } } };
        const make = (ajv) => {
          const one = kit({ ajv });
          one.use(json());
          one.post('/check', { schema: { body: Body } }, (req, res) => res.json({ ok: true }));
          return one;
        };
        const apps = { off: make({ formats: false }), uuid: make({ formats: ['uuid'] }), custom: make({ customOptions: { formats: { email: /@kitjs\.dev$/ } } }) };
        // not typed: formats that are neither true, false nor a list of names, refused at once
        assert.throws(() => kit({ ajv: { formats: 'yes' } }), TypeError);
        return http.createServer((req, res) => {
          const [, name, ...rest] = req.url.split('/');
          req.url = `/${rest.join('/')}`;
          apps[name](req, res);
        });
        """
      When I POST "/off/check" with the JSON body:
        """
        {"email": "not-an-email", "id": "not-a-uuid"}
        """
      Then the status is 200
      When I POST "/uuid/check" with the JSON body:
        """
        {"email": "not-an-email", "id": "not-a-uuid"}
        """
      Then the status is 400
      When I POST "/uuid/check" with the JSON body:
        """
        {"email": "not-an-email", "id": "0b9a4b8e-3c1f-4d7e-9f20-6a1c2d3e4f50"}
        """
      Then the status is 200
      When I POST "/custom/check" with the JSON body:
        """
        {"email": "ada@example.com"}
        """
      Then the status is 400
      When I POST "/custom/check" with the JSON body:
        """
        {"email": "ada@kitjs.dev"}
        """
      Then the status is 200

  Rule: SCHEMA-015 Guards run before the schema check

    Scenario: No token and a bad body is a 401, not the schema's issues; a token and a bad body is the 400
      Given the app:
        """js
        process.env.JWT_SECRET = 'k'.repeat(32);
        const { z } = require('zod');
        app.use(json());
        const schema = { body: z.object({ title: z.string().min(1) }) };
        world.seen = [];
        app.post('/notes', { schema }, authMiddleware, (req, res) => res.status(201).json({ title: req.body.title, by: req.user.id }));
        app.post('/first', authMiddleware, { schema }, (req, res) => res.status(201).json({ title: req.body.title }));
        // A middleware before the handler reads the body as it came; the handler reads the checked value.
        const { Type } = require('@sinclair/typebox');
        app.post(
          '/count',
          { schema: { body: Type.Object({ n: Type.Integer({ default: 1 }) }) } },
          (req, res, next) => { world.seen.push(JSON.stringify(req.body)); next(); },
          (req, res) => res.json(req.body),
          (err, req, res, next) => res.status(err.status).json({ caught: err.code }),
        );
        world.token = generateToken({ id: 7, email: 'a@b.c' });
        """
      When I POST "/notes" with the JSON body:
        """
        {"title": 42}
        """
      Then the status is 401
      And the body does not contain "title"
      When I POST "/first" with the JSON body:
        """
        {"title": 42}
        """
      Then the status is 401
      And this holds:
        """js
        const post = async (body) => {
          const r = await fetch(`http://127.0.0.1:${world.server.address().port}/notes`, {
            method: 'POST',
            headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' },
            body,
          });
          return [r.status, await r.json()];
        };
        // With credentials, the schema's 400 and then the stored note.
        const [status, problem] = await post('{"title": 42}');
        assert.equal(status, 400);
        assert.equal(problem.code, 'KIT_ERR_VALIDATION');
        assert.equal(problem.part, 'body');
        assert.deepEqual(await post('{"title": "groceries"}'), [201, { title: 'groceries', by: 7 }]);
        """
      When I POST "/count" with the JSON body:
        """
        {}
        """
      Then the status is 200
      And the JSON body is:
        """
        { "n": 1 }
        """
      When I POST "/count" with the JSON body:
        """
        {"n": "many"}
        """
      Then the status is 400
      And the JSON body is:
        """
        { "caught": "KIT_ERR_VALIDATION" }
        """
      And this holds:
        """js
        assert.deepEqual(world.seen, ['{}', '{"n":"many"}']);
        """

