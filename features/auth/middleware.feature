@auth
Feature: The authMiddleware route guard
  authMiddleware lets a request through only with a valid bearer token, puts the token's payload on
  req.user and req.locals.user, and otherwise answers 401 with a JSON error and a Bearer challenge.

  Background:
    Given the environment variable "JWT_SECRET" is "guard-secret-0123456789"

  Rule: AUTH-010 authMiddleware admits a valid bearer token and stores its payload

    Scenario: register, log in, and read /me with the token
      Given the app:
        """
        const users = new Map();
        let nextId = 1;
        app.use(json());
        app.post('/register', async (req, res) => {
          const { email, password } = req.body;
          const user = { id: nextId++, email, passwordHash: await hashPassword(password) };
          users.set(email, user);
          res.status(201).json({ id: user.id, email });
        });
        app.post('/login', async (req, res) => {
          const user = users.get(req.body.email);
          if (!user || !(await comparePassword(req.body.password, user.passwordHash))) {
            return res.status(401).json({ error: 'Invalid credentials' });
          }
          res.json({ token: generateToken({ id: user.id, email: user.email }) });
        });
        app.get('/me', authMiddleware, (req, res) => {
          res.json({ user: { id: req.user.id, email: req.user.email }, sameInLocals: req.locals.user === req.user, inResLocals: res.locals.user === req.user });
        });
        """
      When I POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      And I POST "/login" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      And I keep the JSON field "token" of the response as the token "ada"
      And I GET "/me" with the Authorization header "Bearer {{ada}}"
      Then the status is 200
      And the JSON body is:
        """
        { "user": { "id": 1, "email": "ada@example.com" }, "sameInLocals": true, "inResLocals": true }
        """

    Scenario Outline: the scheme is matched whatever its case, with spaces around the token
      Given a token "t" signed with HS256 and the secret "guard-secret-0123456789", carrying:
        """
        { "id": "u-9", "email": "grace@example.com" }
        """
      And the app:
        """
        app.get('/me', authMiddleware, (req, res) => res.json({ email: req.user.email }));
        """
      When I GET "/me" with the Authorization header "<header>"
      Then the status is 200
      And the JSON body is:
        """
        { "email": "grace@example.com" }
        """

      Examples:
        | header           |
        | Bearer {{t}}     |
        | bearer {{t}}     |
        | BEARER {{t}}     |
        | Bearer   {{t}}   |

    Scenario: a guard mounted on a prefix covers every route below it
      Given a token "t" signed with HS256 and the secret "guard-secret-0123456789", carrying:
        """
        { "id": 1, "email": "root@example.com" }
        """
      And the app:
        """
        app.use('/admin', authMiddleware);
        app.get('/admin/stats', (req, res) => res.json({ by: req.user.email }));
        app.get('/public', (req, res) => res.json({ open: true }));
        """
      When I GET "/admin/stats"
      Then the status is 401
      When I GET "/admin/stats" with the Authorization header "Bearer {{t}}"
      Then the status is 200
      And the JSON body is:
        """
        { "by": "root@example.com" }
        """
      And the server still answers GET "/public" with 200

    Scenario Outline: a guard on a prefix cannot be skipped by spelling the path <path>
      Given the app:
        """
        app.use('/admin', authMiddleware);
        app.get('/admin/secret', (req, res) => res.send('SECRET'));
        app.get('/admin/:name', (req, res) => res.send(`SECRET ${req.params.name}`));
        app.get('/public/*', (req, res) => res.send('public'));
        """
      When I GET the raw path "<path>"
      Then the body does not contain "SECRET"
      And the server still answers GET "/public/page" with 200

      Examples:
        | path                      |
        | /admin/secret             |
        | /admin/secret/            |
        | /ADMIN/secret             |
        | //admin/secret            |
        | /./admin/secret           |
        | /public/../admin/secret   |
        | /public/..%2fadmin/secret |
        | /admin%2fsecret           |
        | /admin;x/secret           |
        | /admin\\secret            |
        | \\admin\\secret           |
        | /%61dmin/secret           |
        | /admin//secret            |

  Rule: AUTH-011 Anything else is a 401 with a JSON error and a Bearer challenge

    Scenario: no Authorization header
      Given the app:
        """
        app.get('/me', authMiddleware, (req, res) => res.send('handler ran'));
        """
      When I GET "/me"
      Then the status is 401
      And the header "WWW-Authenticate" is "Bearer"
      And the content type is "application/json; charset=utf-8"
      And the JSON body is:
        """
        { "error": "Missing bearer token" }
        """

    Scenario Outline: another scheme gets a challenge without an error code
      Given a token "t" signed with HS256 and the secret "guard-secret-0123456789", carrying:
        """
        { "id": 1, "email": "a@example.com" }
        """
      And the app:
        """
        app.get('/me', authMiddleware, (req, res) => res.send('handler ran'));
        """
      When I GET "/me" with the Authorization header "<header>"
      Then the status is 401
      And the header "WWW-Authenticate" is "Bearer"
      And the JSON body is:
        """
        { "error": "Authorization scheme must be Bearer" }
        """

      Examples:
        | header                 |
        | Basic dXNlcjpwYXNz     |
        | Token {{t}}            |
        | {{t}}                  |

    Scenario Outline: a Bearer header without exactly one token is an invalid request
      Given the app:
        """
        app.get('/me', authMiddleware, (req, res) => res.send('handler ran'));
        """
      When I GET "/me" with the Authorization header "<header>"
      Then the status is 401
      And the header "WWW-Authenticate" contains "Bearer error=\"invalid_request\""
      And the JSON body is:
        """
        { "error": "Malformed Authorization header" }
        """

      Examples:
        | header          |
        | Bearer          |
        | Bearer one two  |

    Scenario Outline: a token verifyToken refuses is an invalid token
      Given a token "foreign" signed with HS256 and the secret "not-the-guard-secret", carrying:
        """
        { "id": 1, "email": "a@example.com" }
        """
      And an unsigned alg-none token "unsigned", carrying:
        """
        { "id": 1, "email": "a@example.com" }
        """
      And a token "hs512" signed with HS512 and the secret "guard-secret-0123456789", carrying:
        """
        { "id": 1, "email": "a@example.com" }
        """
      And a token "rs256" signed with RS256 by a fresh key pair, carrying:
        """
        { "id": 1, "email": "a@example.com" }
        """
      And the app:
        """
        app.get('/me', authMiddleware, (req, res) => res.send('handler ran'));
        """
      When I GET "/me" with the Authorization header "Bearer <token>"
      Then the status is 401
      And the header "WWW-Authenticate" is "Bearer error=\"invalid_token\", error_description=\"The token is invalid\""
      And the body does not contain "handler ran"
      And the JSON body is:
        """
        { "error": "Invalid token" }
        """

      Examples:
        | token         |
        | not-a-jwt     |
        | a.b.c         |
        | {{foreign}}   |
        | {{unsigned}}  |
        | {{hs512}}     |
        | {{rs256}}     |

    Scenario: an expired token is told apart from an invalid one
      Given a token "old" signed with HS256 and the secret "guard-secret-0123456789" that expired 30 seconds ago, carrying:
        """
        { "id": 1, "email": "a@example.com" }
        """
      And the app:
        """
        app.get('/me', authMiddleware, (req, res) => res.send('handler ran'));
        """
      When I GET "/me" with the Authorization header "Bearer {{old}}"
      Then the status is 401
      And the header "WWW-Authenticate" is "Bearer error=\"invalid_token\", error_description=\"The token has expired\""
      And the JSON body is:
        """
        { "error": "Token expired" }
        """

  Rule: AUTH-012 authMiddleware answers its refusals itself, unless the app answers problems

    Scenario: a refusal reaches neither the handler nor the app's error handler
      Given the app:
        """
        let handlerRan = false;
        let errorHandlerRan = false;
        app.get('/me', authMiddleware, (req, res) => {
          handlerRan = true;
          res.send('handler ran');
        });
        app.get('/ran', (req, res) => res.json({ handlerRan, errorHandlerRan }));
        app.setErrorHandler((err, req, res) => {
          errorHandlerRan = true;
          res.status(418).json({ teapot: true });
        });
        """
      When I GET "/me" with the Authorization header "Bearer not-a-jwt"
      Then the status is 401
      When I GET "/ran"
      Then the JSON body is:
        """
        { "handlerRan": false, "errorHandlerRan": false }
        """

    @kit-lifecycle @kit-error-answers @kit-error-codes @kit-http-error
    Scenario: in an app that answers problems, a refusal goes to the app's error handler with its challenge
      Given the app:
        """
        const api = kit({ errors: 'problem+json' });
        world.handlerRan = false;
        api.get('/me', authMiddleware, (req, res) => {
          world.handlerRan = true;
          res.send('handler ran');
        });
        api.setErrorHandler((err, req, res) => {
          if (!(err instanceof HttpError)) return res.status(500).json({ error: 'Internal error' });
          res.set(err.headers ?? {}).status(err.status).json({ error: err.message, code: err.code });
        });
        return api.listen(0, '127.0.0.1');
        """
      When I GET "/me" with the Authorization header "Bearer not-a-jwt"
      Then the status is 401
      And the header "WWW-Authenticate" is "Bearer error=\"invalid_token\", error_description=\"The token is invalid\""
      And the JSON body is:
        """
        { "error": "Invalid token", "code": "KIT_ERR_AUTH_INVALID_TOKEN" }
        """
      And this holds:
        """js
        assert.equal(world.handlerRan, false);
        """

    @kit-lifecycle @kit-error-answers @kit-error-codes
    Scenario: in an app that answers problems without an error handler, a refusal is a problem with its challenge
      Given the app:
        """
        const api = kit({ errors: 'problem+json' });
        api.use('/admin', authMiddleware);
        api.get('/admin/stats', (req, res) => res.json({ by: req.user?.email }));
        return api.listen(0, '127.0.0.1');
        """
      When I GET "/admin/stats" with the Authorization header "Basic dXNlcjpwYXNz"
      Then the status is 401
      And the content type is "application/problem+json"
      And the header "WWW-Authenticate" is "Bearer"
      And the JSON body is:
        """json
        {
          "type": "about:blank", "title": "Unauthorized", "status": 401,
          "detail": "Authorization scheme must be Bearer", "code": "KIT_ERR_AUTH_WRONG_SCHEME"
        }
        """

    Scenario: with cors() mounted first, a preflight for the Authorization header is not refused
      Given the app:
        """
        app.use(cors({ origin: 'https://app.example.com' }));
        app.use('/api', authMiddleware);
        app.get('/api/me', (req, res) => res.json({ user: req.user }));
        """
      When I OPTIONS "/api/me" with headers:
        | Origin                         | https://app.example.com |
        | Access-Control-Request-Method  | GET                     |
        | Access-Control-Request-Headers | authorization           |
      Then the status is 204
      And the header "Access-Control-Allow-Origin" is "https://app.example.com"
      And the header "Access-Control-Allow-Headers" contains "authorization"
      And the header "WWW-Authenticate" is absent
      When I GET "/api/me" with headers:
        | Origin | https://app.example.com |
      Then the status is 401

    Scenario: an OPTIONS request without cors() in front is guarded like any other
      Given the app:
        """
        app.use('/api', authMiddleware);
        app.all('/api/me', (req, res) => res.json({ secret: 'reached' }));
        """
      When I OPTIONS "/api/me" with headers:
        | Origin                         | https://app.example.com |
        | Access-Control-Request-Method  | GET                     |
        | Access-Control-Request-Headers | authorization           |
      Then the status is 401
      And the body does not contain "reached"

  Rule: AUTH-013 A missing JWT_SECRET reaches the error handler, not the client as a 401

    Scenario: the default answer is a 500 that does not mention the secret
      Given a token "t" signed with HS256 and the secret "guard-secret-0123456789", carrying:
        """
        { "id": 1, "email": "a@example.com" }
        """
      And the environment variable "JWT_SECRET" is unset
      And the app:
        """
        app.get('/me', authMiddleware, (req, res) => res.send('handler ran'));
        """
      When I GET "/me" with the Authorization header "Bearer {{t}}"
      Then the status is 500
      And the header "WWW-Authenticate" is absent
      And the body does not contain "JWT_SECRET"
      And the body does not contain "handler ran"

    @kit-error-codes
    Scenario: the app's error handler receives KIT_ERR_AUTH_NO_SECRET
      Given a token "t" signed with HS256 and the secret "guard-secret-0123456789", carrying:
        """
        { "id": 1, "email": "a@example.com" }
        """
      And the environment variable "JWT_SECRET" is ""
      And the app:
        """
        app.get('/me', authMiddleware, (req, res) => res.send('handler ran'));
        app.setErrorHandler((err, req, res) => {
          res.status(err.status ?? 500).json({ code: err.code, expose: err.expose });
        });
        """
      When I GET "/me" with the Authorization header "Bearer {{t}}"
      Then the status is 500
      And the JSON body is:
        """
        { "code": "KIT_ERR_AUTH_NO_SECRET", "expose": false }
        """

  Rule: AUTH-014 Listening without a usable JWT_SECRET is warned about at start-up

    Scenario: an app guarding a route in a mounted router starts without JWT_SECRET
      Given the log lines are captured
      And the environment variable "JWT_SECRET" is unset
      And the app:
        """js
        const api = new Router();
        api.get('/me', authMiddleware, (req, res) => res.json(req.user));
        app.use('/api', api);
        """
      Then a log line includes:
        """json
        { "level": 40, "variable": "JWT_SECRET", "msg": "authMiddleware is used but JWT_SECRET is not set: every request with a token will answer 500 until it is set" }
        """

    Scenario: a secret shorter than 32 bytes is warned about
      Given the log lines are captured
      And the environment variable "JWT_SECRET" is "only-31-bytes-long-0123456789ab"
      And the app:
        """js
        app.use('/admin', authMiddleware());
        """
      Then a log line includes:
        """json
        { "level": 40, "variable": "JWT_SECRET", "bytes": 31 }
        """

    Scenario Outline: no warning when <why>
      Given the log lines are captured
      And the environment variable "JWT_SECRET" is "<secret>"
      And the app:
        """js
        <code>
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I GET "/ok"
      Then the status is 200
      And no log line contains "JWT_SECRET"

      Examples:
        | why                                   | secret                           | code                                                  |
        | the secret has 32 bytes               | exactly-32-bytes-long-0123456789 | app.get('/me', authMiddleware, (req, res) => res.end()); |
        | the app does not use authMiddleware   |                                  | app.get('/public', (req, res) => res.end());          |

  Rule: AUTH-015 authMiddleware and the token helpers take their secret per use

    Scenario: a guard with its own secret trusts its tokens only, and the plain guard is unchanged
      Given a token "own" signed with HS256 and the secret "an-app-secret-of-more-than-32-bytes", carrying:
        """
        { "id": 5, "email": "own@example.com" }
        """
      And a token "env" signed with HS256 and the secret "guard-secret-0123456789", carrying:
        """
        { "id": 6, "email": "env@example.com" }
        """
      And the app:
        """
        const own = authMiddleware({ secret: 'an-app-secret-of-more-than-32-bytes' });
        app.get('/own', own, (req, res) => res.json({ email: req.user.email }));
        app.get('/plain', authMiddleware, (req, res) => res.json({ email: req.user.email }));
        """
      When I GET "/own" with the Authorization header "Bearer {{own}}"
      Then the status is 200
      And the JSON body is:
        """
        { "email": "own@example.com" }
        """
      When I GET "/own" with the Authorization header "Bearer {{env}}"
      Then the status is 401
      When I GET "/plain" with the Authorization header "Bearer {{own}}"
      Then the status is 401
      When I GET "/plain" with the Authorization header "Bearer {{env}}"
      Then the status is 200

    Scenario: a guard that accepts HS512 only
      Given a token "hs512" signed with HS512 and the secret "guard-secret-0123456789", carrying:
        """
        { "id": 7, "email": "a@example.com" }
        """
      And a token "hs256" signed with HS256 and the secret "guard-secret-0123456789", carrying:
        """
        { "id": 7, "email": "a@example.com" }
        """
      And the app:
        """
        app.get('/me', authMiddleware({ algorithms: ['HS512'] }), (req, res) => res.json({ id: req.user.id }));
        """
      When I GET "/me" with the Authorization header "Bearer {{hs512}}"
      Then the status is 200
      When I GET "/me" with the Authorization header "Bearer {{hs256}}"
      Then the status is 401
      And the JSON body is:
        """
        { "error": "Invalid token" }
        """

    Scenario: generateToken and verifyToken with a secret given per call
      Given the environment variable "JWT_SECRET" is unset
      And the app:
        """
        const secret = 'per-call-secret-of-more-than-32-bytes';
        app.get('/round-trip', (req, res) => {
          const token = generateToken({ id: 8, email: 'b@example.com' }, { secret, expiresIn: '5m' });
          const claims = verifyToken(token, { secret });
          const lifetime = Number(claims?.exp) - Number(claims?.iat);
          res.json({ email: claims?.email, lifetime, otherSecret: verifyToken(token, { secret: secret + '!' }) });
        });
        """
      When I GET "/round-trip"
      Then the status is 200
      And the JSON body is:
        """
        { "email": "b@example.com", "lifetime": 300, "otherSecret": null }
        """

    Scenario Outline: a bad option is a TypeError when the guard is made: <option>
      Given the app:
        """
        let refused = null;
        try {
          // not typed: each option is wrong on purpose
          authMiddleware(<option>);
        } catch (err) {
          refused = { type: err.constructor.name, message: err.message };
        }
        app.get('/refused', (req, res) => res.json(refused));
        """
      When I GET "/refused"
      Then the JSON body includes:
        """
        { "type": "TypeError", "message": "<message>" }
        """

      Examples:
        | option                      | message                                                      |
        | { secret: '' }              | authMiddleware(): secret must not be empty                   |
        | { algorithms: ['RS256'] }   | authMiddleware(): algorithm must be one of HS256, HS384, HS512, got RS256 |
        | { expiresIn: '1h' }         | authMiddleware(): unknown option \"expiresIn\" (known: secret, algorithms, allowNoExpiry) |

  Rule: AUTH-016 A token without exp is refused unless the app allows it

    Scenario: a well-signed token without exp is a 401 saying so, unless the guard allows it
      Given a token "forever" signed with HS256 and the secret "guard-secret-0123456789", without exp, carrying:
        """
        { "id": 9, "email": "forever@example.com" }
        """
      And the app:
        """
        app.get('/me', authMiddleware, (req, res) => res.send('handler ran'));
        app.get('/legacy', authMiddleware({ allowNoExpiry: true }), (req, res) => res.json({ email: req.user.email }));
        app.get('/verify', (req, res) => {
          const token = req.get('authorization').slice(7);
          res.json({ strict: verifyToken(token), allowed: verifyToken(token, { allowNoExpiry: true }).email });
        });
        """
      When I GET "/me" with the Authorization header "Bearer {{forever}}"
      Then the status is 401
      And the header "WWW-Authenticate" is "Bearer error=\"invalid_token\", error_description=\"The token has no expiry\""
      And the JSON body is:
        """
        { "error": "Token has no expiry" }
        """
      When I GET "/legacy" with the Authorization header "Bearer {{forever}}"
      Then the status is 200
      And the JSON body is:
        """
        { "email": "forever@example.com" }
        """
      When I GET "/verify" with the Authorization header "Bearer {{forever}}"
      Then the JSON body is:
        """
        { "strict": null, "allowed": "forever@example.com" }
        """

    Scenario: a token without exp signed with another secret is only "invalid"
      Given a token "forged" signed with HS256 and the secret "not-the-guard-secret", without exp, carrying:
        """
        { "id": 9, "email": "forever@example.com" }
        """
      And the app:
        """
        app.get('/me', authMiddleware, (req, res) => res.send('handler ran'));
        """
      When I GET "/me" with the Authorization header "Bearer {{forged}}"
      Then the status is 401
      And the JSON body is:
        """
        { "error": "Invalid token" }
        """

  Rule: AUTH-017 Handlers after authMiddleware see req.user defined

    Scenario: every handler after the guard in the call reads req.user without a check
      Given a token "t" signed with HS256 and the secret "guard-secret-0123456789", carrying:
        """
        { "id": 10, "email": "typed@example.com" }
        """
      And the app:
        """
        const seen = [];
        app.get(
          '/me',
          authMiddleware,
          (req, res, next) => { seen.push(req.user.id); next(); },
          (req, res) => res.json({ seen, email: req.user.email }),
        );
        app.route('/route-me').get(authMiddleware, (req, res) => res.json({ id: req.user.id }));
        """
      When I GET "/me"
      Then the status is 401
      When I GET "/me" with the Authorization header "Bearer {{t}}"
      Then the JSON body is:
        """
        { "seen": [10], "email": "typed@example.com" }
        """
      When I GET "/route-me" with the Authorization header "Bearer {{t}}"
      Then the JSON body is:
        """
        { "id": 10 }
        """

  Rule: AUTH-018 In production, a missing or short secret refuses to start

    @kit-error-codes @kit-lifecycle
    Scenario Outline: an app in production with <secret> does not listen
      Given the environment variable "JWT_SECRET" is "<secret>"
      And the app:
        """
        const outcome = {};
        for (const [name, guard] of Object.entries({ plain: authMiddleware, own: authMiddleware({ secret: 'sixbyt' }) })) {
          const production = kit({ logger: { level: 'silent' } });
          production.set('env', 'production');
          production.get('/me', guard, (req, res) => res.end());
          try {
            const server = production.listen(0, '127.0.0.1');
            outcome[name] = 'listening';
            server.close();
          } catch (err) {
            outcome[name] = { code: err.code, mentionsSecret: err.message.includes('<secret>') };
          }
        }
        app.get('/outcome', (req, res) => res.json(outcome));
        """
      When I GET "/outcome"
      Then the JSON body is:
        """
        {
          "plain": { "code": "KIT_ERR_AUTH_WEAK_SECRET", "mentionsSecret": false },
          "own": { "code": "KIT_ERR_AUTH_WEAK_SECRET", "mentionsSecret": false }
        }
        """

      Examples:
        | secret                          |
        | sixbyt                          |
        | only-31-bytes-long-0123456789ab |

    @kit-lifecycle
    Scenario: with a 32-byte secret, or outside production, it listens
      Given the environment variable "JWT_SECRET" is "exactly-32-bytes-long-0123456789"
      And the app:
        """
        const listens = (env, guard) => {
          const other = kit({ logger: { level: 'silent' } });
          other.set('env', env);
          other.use(guard);
          try {
            other.listen(0, '127.0.0.1').close();
            return true;
          } catch {
            return false;
          }
        };
        app.get('/outcome', (req, res) => res.json({
          production: listens('production', authMiddleware),
          developmentShort: listens('development', authMiddleware({ secret: 'sixbyt' })),
        }));
        """
      When I GET "/outcome"
      Then the JSON body is:
        """
        { "production": true, "developmentShort": true }
        """
