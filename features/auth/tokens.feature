@auth
Feature: Signed tokens
  generateToken signs HS256 JWTs with JWT_SECRET; verifyToken accepts only those and answers null for
  everything else.

  Background:
    Given the environment variable "JWT_SECRET" is "feature-secret-0123456789"

  Rule: AUTH-006 Tokens are HS256 JWTs signed with JWT_SECRET, valid one hour by default

    Scenario: a token carries the payload, HS256, and one hour by default
      Given the app:
        """
        const jwt = require('jsonwebtoken');
        app.get('/token', (req, res) => {
          const token = generateToken({ id: 7, email: 'ada@example.com', role: 'admin' });
          const { header } = jwt.verify(token, 'feature-secret-0123456789', { complete: true });
        const payload = jwt.decode(token, { json: true });
          res.json({ alg: header.alg, id: payload.id, email: payload.email, role: payload.role, lifetime: payload.exp - payload.iat });
        });
        """
      When I GET "/token"
      Then the status is 200
      And the JSON body is:
        """
        { "alg": "HS256", "id": 7, "email": "ada@example.com", "role": "admin", "lifetime": 3600 }
        """

    Scenario: expiresIn takes a timespan or seconds, and a verified payload can be signed again
      Given the app:
        """
        const jwt = require('jsonwebtoken');
        const lifetime = (token) => {
          const { iat, exp } = jwt.decode(token, { json: true });
          return exp - iat;
        };
        app.get('/lifetimes', (req, res) => {
          const user = { id: 'u-1', email: 'b@example.com' };
          const verified = verifyToken(generateToken(user, '15m'));
          res.json({
            minutes15: lifetime(generateToken(user, '15m')),
            days7: lifetime(generateToken(user, '7d')),
            seconds90: lifetime(generateToken(user, 90)),
            resigned: lifetime(generateToken(verified, '2h')),
          });
        });
        """
      When I GET "/lifetimes"
      Then the status is 200
      And the JSON body is:
        """
        { "minutes15": 900, "days7": 604800, "seconds90": 90, "resigned": 7200 }
        """

    Scenario: a payload that is not an object and an unreadable expiresIn are TypeErrors
      Given the app:
        """
        const attempt = (...args) => {
          try {
            // not typed: the scenario hands generateToken payloads and options of every wrong type
            generateToken(...args);
            return 'signed';
          } catch (err) {
            return err.name;
          }
        };
        app.get('/misuse', (req, res) => {
          const user = { id: 1, email: 'a@example.com' };
          res.json({ stringPayload: attempt('user'), nullPayload: attempt(null), soon: attempt(user, 'soon'), zero: attempt(user, 0) });
        });
        """
      When I GET "/misuse"
      Then the JSON body is:
        """
        { "stringPayload": "TypeError", "nullPayload": "TypeError", "soon": "TypeError", "zero": "TypeError" }
        """

    Scenario: JWT_SECRET is read at each call, so a new secret retires old tokens
      Given the app:
        """
        app.get('/token', (req, res) => res.json({ token: generateToken({ id: 1, email: 'a@example.com' }) }));
        app.get('/check', (req, res) => res.json({ valid: verifyToken(req.get('authorization').slice(7)) !== null }));
        """
      When I GET "/token"
      And I keep the JSON field "token" of the response as the token "old"
      And I GET "/check" with the Authorization header "Bearer {{old}}"
      Then the JSON body is:
        """
        { "valid": true }
        """
      Given the environment variable "JWT_SECRET" is "a-rotated-secret-9876543210"
      When I GET "/check" with the Authorization header "Bearer {{old}}"
      Then the JSON body is:
        """
        { "valid": false }
        """
      When I GET "/token"
      And I keep the JSON field "token" of the response as the token "new"
      And I GET "/check" with the Authorization header "Bearer {{new}}"
      Then the JSON body is:
        """
        { "valid": true }
        """

  Rule: AUTH-007 A missing JWT_SECRET is a server fault, never an empty key

    @kit-error-codes
    Scenario Outline: without a secret, generating a token is a 500 that does not leak
      Given the environment variable "JWT_SECRET" is <value>
      And the app:
        """
        let seen;
        app.get('/token', (req, res) => res.json({ token: generateToken({ id: 1, email: 'a@example.com' }) }));
        app.get('/seen', (req, res) => res.json({ seen }));
        app.use((err, req, res, next) => {
          seen = err.code;
          next(err);
        });
        """
      When I GET "/token"
      Then the status is 500
      And the body does not contain "JWT_SECRET"
      And the body does not contain "is not set"
      When I GET "/seen"
      Then the JSON body is:
        """
        { "seen": "KIT_ERR_AUTH_NO_SECRET" }
        """

      Examples:
        | value   |
        | ""      |
        | "   "   |

    @kit-error-codes
    Scenario: an unset secret makes verifyToken throw rather than answer null
      Given the environment variable "JWT_SECRET" is unset
      And the app:
        """
        app.get('/verify', (req, res) => {
          try {
            res.json({ result: verifyToken('a.b.c') });
          } catch (err) {
            res.status(500).json({ code: err.code, status: err.status, expose: err.expose });
          }
        });
        """
      When I GET "/verify"
      Then the status is 500
      And the JSON body is:
        """
        { "code": "KIT_ERR_AUTH_NO_SECRET", "status": 500, "expose": false }
        """

  Rule: AUTH-008 Verification accepts HS256 only

    Scenario Outline: a token made with <how> verifies to null
      Given <token step>
        """
        { "id": 1, "email": "mallory@example.com", "role": "admin" }
        """
      And the app:
        """
        app.get('/verify', (req, res) => res.json({ payload: verifyToken(req.get('authorization').slice(7)) }));
        """
      When I GET "/verify" with the Authorization header "Bearer {{forged}}"
      Then the status is 200
      And the JSON body is:
        """
        { "payload": null }
        """

      Examples:
        | how                      | token step                                                                                                              |
        | alg none                 | an unsigned alg-none token "forged", carrying:                                                                          |
        | HS384 and the secret     | a token "forged" signed with HS384 and the secret "feature-secret-0123456789", carrying:                                |
        | HS512 and the secret     | a token "forged" signed with HS512 and the secret "feature-secret-0123456789", carrying:                                |
        | RS256                    | a token "forged" signed with RS256 by a fresh key pair, carrying:                                                       |
        | an RS256 header on HMAC  | a token "forged" whose header says RS256 but which is an HMAC-SHA256 with the secret "feature-secret-0123456789", carrying: |

    Scenario: the same claims signed HS256 with the secret do verify
      Given a token "genuine" signed with HS256 and the secret "feature-secret-0123456789", carrying:
        """
        { "id": 1, "email": "ada@example.com" }
        """
      And the app:
        """
        app.get('/verify', (req, res) => res.json({ payload: verifyToken(req.get('authorization').slice(7)) }));
        """
      When I GET "/verify" with the Authorization header "Bearer {{genuine}}"
      Then the JSON body includes:
        """
        { "payload": { "id": 1, "email": "ada@example.com" } }
        """

  Rule: AUTH-009 verifyToken answers null for every token it cannot vouch for

    Scenario: tampered, foreign and expired tokens verify to null
      Given a token "genuine" signed with HS256 and the secret "feature-secret-0123456789", carrying:
        """
        { "id": 2, "email": "eve@example.com", "role": "user" }
        """
      And a token "tampered" that is "genuine" with its payload replaced by:
        """
        { "id": 2, "email": "eve@example.com", "role": "admin" }
        """
      And a token "foreign" signed with HS256 and the secret "some-other-secret", carrying:
        """
        { "id": 2, "email": "eve@example.com" }
        """
      And a token "expired" signed with HS256 and the secret "feature-secret-0123456789" that expired 60 seconds ago, carrying:
        """
        { "id": 2, "email": "eve@example.com" }
        """
      And the app:
        """
        app.get('/verify', (req, res) => res.json({ valid: verifyToken(req.get('authorization').slice(7)) !== null }));
        """
      When I GET "/verify" with the Authorization header "Bearer {{genuine}}"
      Then the JSON body is:
        """
        { "valid": true }
        """
      When I GET "/verify" with the Authorization header "Bearer {{tampered}}"
      Then the JSON body is:
        """
        { "valid": false }
        """
      When I GET "/verify" with the Authorization header "Bearer {{foreign}}"
      Then the JSON body is:
        """
        { "valid": false }
        """
      When I GET "/verify" with the Authorization header "Bearer {{expired}}"
      Then the JSON body is:
        """
        { "valid": false }
        """

    Scenario: malformed strings and non-strings verify to null without throwing
      Given the app:
        """
        const jwt = require('jsonwebtoken');
        app.get('/malformed', (req, res) => {
          const good = generateToken({ id: 3, email: 'c@example.com' });
          const inputs = ['', 'abc', 'a.b.c', '..', good + '.x', ' ' + good, good.slice(0, -1), jwt.sign('just text', 'feature-secret-0123456789'), undefined, null, 42, {}, [good]];
          // not typed: verifyToken is handed non-strings on purpose
          res.json({ results: inputs.map((input) => verifyToken(input)), goodStillVerifies: verifyToken(good)?.id });
        });
        """
      When I GET "/malformed"
      Then the status is 200
      And the JSON body is:
        """
        { "results": [null, null, null, null, null, null, null, null, null, null, null, null, null], "goodStillVerifies": 3 }
        """
