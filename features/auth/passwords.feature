@auth
Feature: Password hashing
  hashPassword and comparePassword store and check passwords with bcrypt (cost 10), refuse what bcrypt
  would silently truncate, and never throw on a hash they cannot read.

  Rule: AUTH-001 Passwords are hashed with bcrypt at cost 10

    Scenario: a hash is a salted bcrypt hash that matches only its own password
      Given the app:
        """
        app.get('/hash', async (req, res) => {
          const first = await hashPassword('correct horse battery staple');
          const second = await hashPassword('correct horse battery staple');
          res.json({
            shape: first.startsWith('$2b$10$') && first.length === 60,
            salted: first !== second,
            right: await comparePassword('correct horse battery staple', first),
            wrong: await comparePassword('correct horse battery stable', first),
          });
        });
        """
      When I GET "/hash"
      Then the status is 200
      And the JSON body is:
        """
        { "shape": true, "salted": true, "right": true, "wrong": false }
        """

    Scenario: the reference flow stores a hash and logs in with the password
      Given the app:
        """
        const users = new Map();
        app.use(json());
        app.post('/register', async (req, res) => {
          users.set(req.body.email, await hashPassword(req.body.password));
          res.status(201).json({ email: req.body.email, storedPlainText: users.get(req.body.email) === req.body.password });
        });
        app.post('/login', async (req, res) => {
          const hash = users.get(req.body.email);
          const ok = hash !== undefined && (await comparePassword(req.body.password, hash));
          if (!ok) return res.status(401).json({ error: 'Invalid credentials' });
          res.json({ ok: true });
        });
        """
      When I POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "s3cret-enough" }
        """
      Then the status is 201
      And the JSON body is:
        """
        { "email": "ada@example.com", "storedPlainText": false }
        """
      When I POST "/login" with the JSON body:
        """
        { "email": "ada@example.com", "password": "s3cret-enough" }
        """
      Then the status is 200
      When I POST "/login" with the JSON body:
        """
        { "email": "ada@example.com", "password": "S3cret-enough" }
        """
      Then the status is 401
      And the JSON body is:
        """
        { "error": "Invalid credentials" }
        """

  Rule: AUTH-002 Hashing does not hold up other requests

    Scenario: a fast route answers while eight hashes are still being computed
      Given the app:
        """
        app.get('/ping', (req, res) => res.send('pong'));
        app.get('/hash-and-ping', async (req, res) => {
          let finished = 0;
          // Twice libuv's default pool of four threads, so the last hashes wait behind the first ones.
          const hashes = Array.from({ length: 8 }, () => hashPassword('a password').then(() => finished++));
          const pong = await fetch(`http://127.0.0.1:${req.socket.localPort}/ping`).then((r) => r.text());
          const finishedWhenPonged = finished;
          await Promise.all(hashes);
          res.json({ pong, answeredWhileHashing: finishedWhenPonged < 8, finished });
        });
        """
      When I GET "/hash-and-ping"
      Then the status is 200
      And the JSON body is:
        """
        { "pong": "pong", "answeredWhileHashing": true, "finished": 8 }
        """

  Rule: AUTH-003 Passwords bcrypt cannot hash faithfully are refused

    @kit-error-codes
    Scenario: non-strings, empty strings and passwords over 72 bytes are refused with their codes
      Given the app:
        """
        const attempt = async (password) => {
          try {
            await hashPassword(password);
            return 'hashed';
          } catch (err) {
            return `${err.status} ${err.code}`;
          }
        };
        app.get('/attempts', async (req, res) => {
          res.json({
            number: await attempt(12345678),
            missing: await attempt(undefined),
            object: await attempt({ toString: () => 'pw' }),
            empty: await attempt(''),
            exactly72Bytes: await attempt('€'.repeat(24)),
            bytes73: await attempt('a'.repeat(73)),
            chars25Bytes75: await attempt('€'.repeat(25)),
          });
        });
        """
      When I GET "/attempts"
      Then the status is 200
      And the JSON body is:
        """
        {
          "number": "400 KIT_ERR_AUTH_BAD_PASSWORD",
          "missing": "400 KIT_ERR_AUTH_BAD_PASSWORD",
          "object": "400 KIT_ERR_AUTH_BAD_PASSWORD",
          "empty": "400 KIT_ERR_AUTH_BAD_PASSWORD",
          "exactly72Bytes": "hashed",
          "bytes73": "400 KIT_ERR_AUTH_PASSWORD_TOO_LONG",
          "chars25Bytes75": "400 KIT_ERR_AUTH_PASSWORD_TOO_LONG"
        }
        """

    Scenario: a refused password passed to next becomes a 400, and the server goes on
      Given the app:
        """
        app.use(json());
        app.post('/register', async (req, res) => {
          const hash = await hashPassword(req.body.password);
          res.status(201).json({ stored: hash.length > 0 });
        });
        """
      When I POST "/register" with the JSON body:
        """
        { "password": "0123456789012345678901234567890123456789012345678901234567890123456789012" }
        """
      Then the status is 400
      When I POST "/register" with the JSON body:
        """
        { "password": 42 }
        """
      Then the status is 400
      When I POST "/register" with the JSON body:
        """
        { "password": "fine" }
        """
      Then the status is 201

  Rule: AUTH-004 comparePassword answers false, never rejects, for input that cannot match

    Scenario: malformed hashes and unusable passwords compare as false
      Given the app:
        """
        app.get('/compare', async (req, res) => {
          const good = await hashPassword('pw');
          const first72 = 'x'.repeat(72);
          const hash72 = await hashPassword(first72);
          res.json({
            // not typed: a hash that is not a string compares as false
            hashNotAString: await comparePassword('pw', 42),
            hashMissing: await comparePassword('pw', undefined),
            hashGarbage: await comparePassword('pw', 'not-a-hash'),
            hashCut: await comparePassword('pw', good.slice(0, 40)),
            hashImpossibleCost: await comparePassword('pw', '$2b$99$' + 'a'.repeat(53)),
            // not typed: a password that is not a string compares as false
            passwordNotAString: await comparePassword(42, good),
            passwordEmpty: await comparePassword('', good),
            longerThan72ButSamePrefix: await comparePassword(first72 + 'tail', hash72),
            stillWorks: await comparePassword('pw', good),
          });
        });
        """
      When I GET "/compare"
      Then the status is 200
      And the JSON body is:
        """
        {
          "hashNotAString": false,
          "hashMissing": false,
          "hashGarbage": false,
          "hashCut": false,
          "hashImpossibleCost": false,
          "passwordNotAString": false,
          "passwordEmpty": false,
          "longerThan72ButSamePrefix": false,
          "stillWorks": true
        }
        """

  Rule: AUTH-005 bcrypt is an optional peer, loaded on first use

    @kit-error-codes
    Scenario: without the bcrypt package kitjs loads and the helpers name the missing package
      When a process in which the package "bcrypt" cannot be found calls hashPassword and comparePassword
      Then the implementation still loaded there
      And both calls failed with the code "KIT_ERR_PEER_MISSING"
      And both error messages contain "npm install bcrypt"
