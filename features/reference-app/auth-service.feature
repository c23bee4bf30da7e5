@reference-app
Feature: The reference app, an auth service built on kitjs
  reference-app/ is the example a newcomer runs first (`npm start`): POST /register, POST /login and
  GET /me, built only from kitjs's public API. These scenarios build it through `reference-app/app.ts`,
  whose `import ... from 'kitjs'` a module resolve hook points at the implementation under test, and serve
  it on 127.0.0.1, port 0.

  Background:
    Given the environment variable "JWT_SECRET" is "reference-secret-0123456789"

  Rule: REF-001 The app is built from kitjs's public API only

    Scenario: the example's modules import kitjs by its package name, and no database package directly
      Then the reference app's modules reach kitjs only through its package name

  Rule: REF-002 Register, log in, and read /me with the token

    Scenario: the whole flow through a real server on an in-memory SQLite database
      Given the reference app on an in-memory SQLite database
      When I POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then the status is 201
      And the media type is "application/json"
      And the JSON body is:
        """
        { "id": 1, "email": "ada@example.com" }
        """
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
      And this holds:
        """
        const { user } = response.json();
        assert.deepEqual(Object.keys(user).sort(), ['email', 'exp', 'iat', 'id']);
        assert.equal(user.exp - user.iat, 3600);
        """

    Scenario: /me without a token is refused with 401 and a JSON error
      Given the reference app on an in-memory SQLite database
      When I GET "/me"
      Then the answer is a JSON error with the status 401
      And the header "WWW-Authenticate" is "Bearer"

    Scenario: /me with a token the server did not sign is refused with 401
      Given a token "forged" signed with HS256 and the secret "another-secret-0123456789", carrying:
        """
        { "id": 1, "email": "ada@example.com" }
        """
      And the reference app on an in-memory SQLite database
      When I GET "/me" with the Authorization header "Bearer {{forged}}"
      Then the answer is a JSON error with the status 401

  Rule: REF-003 Malformed credentials are refused with 400 before they reach the store

    Scenario Outline: <path> refuses the body <body>
      Given the reference app on an in-memory SQLite database
      When I POST "<path>" with the JSON body:
        """
        <body>
        """
      Then the answer is a JSON error with the status 400

      Examples:
        | path      | body                                              |
        | /register | {}                                                |
        | /register | { "password": "analytical engine" }               |
        | /register | { "email": "ada@example.com" }                    |
        | /register | { "email": 42, "password": "analytical engine" }  |
        | /register | { "email": "ada@example.com", "password": ["x"] } |
        | /register | { "email": null, "password": null }               |
        | /register | { "email": { "$ne": null }, "password": "analytical engine" } |
        | /register | []                                                |
        | /register | "ada@example.com"                                 |
        | /register | null                                              |
        | /register | { "email": "not an email", "password": "analytical engine" } |
        | /register | { "email": "ada@example.com", "password": "" }    |
        | /login    | {}                                                |
        | /login    | { "email": "ada@example.com" }                    |
        | /login    | { "email": { "$ne": null }, "password": "x" }     |
        | /login    | { "email": "ada@example.com", "password": { "$gt": "" } } |
        | /login    | [1, 2]                                            |

    Scenario: an operator object cannot log anyone in
      Given the reference app on an in-memory SQLite database
      And an account "ada@example.com" with the password "analytical engine"
      When I POST "/login" with the JSON body:
        """
        { "email": { "$ne": null }, "password": { "$ne": null } }
        """
      Then the answer is a JSON error with the status 400
      And the body does not contain "token"

    Scenario: malformed JSON is a 400 with a JSON error, through the app's error handler
      Given the reference app on an in-memory SQLite database
      When I send the raw request:
        """
        POST /register HTTP/1.1
        Host: 127.0.0.1
        Content-Type: application/json
        Content-Length: 11
        Connection: close

        {"email":
        """
      Then the answer is a JSON error with the status 400
      And the JSON body is:
        """
        { "error": "Malformed JSON body" }
        """

    Scenario Outline: a body that is not JSON (<type>) is a 400 with a JSON error
      Given the reference app on an in-memory SQLite database
      When I POST "/register" with content type "<type>" and the body:
        """
        email=ada@example.com&password=analytical+engine
        """
      Then the answer is a JSON error with the status 400

      Examples:
        | type                              |
        | application/x-www-form-urlencoded |
        | text/plain                        |

    Scenario Outline: a password of <length> characters is refused with a clear message (<password>)
      Given the reference app on an in-memory SQLite database
      When I POST "/register" with the JSON body:
        """
        { "email": "short@example.com", "password": "<password>" }
        """
      Then the answer is a JSON error with the status 400
      And the JSON body is:
        """
        { "error": "\"password\" must be at least 8 characters" }
        """

      Examples:
        | length | password |
        | 0      |          |
        | 1      | x        |
        | 7      | letmein  |
        | 7      | 😀😀😀😀😀😀😀  |

    Scenario: a password of exactly 8 characters is accepted, counted in characters rather than bytes
      Given the reference app on an in-memory SQLite database
      When I POST "/register" with the JSON body:
        """
        { "email": "eight@example.com", "password": "password" }
        """
      Then the status is 201
      When I POST "/register" with the JSON body:
        """
        { "email": "euro@example.com", "password": "€€€€€€€€" }
        """
      Then the status is 201
      When I POST "/login" with the JSON body:
        """
        { "email": "euro@example.com", "password": "€€€€€€€€" }
        """
      Then the status is 200

    Scenario: a password over bcrypt's 72 bytes is refused with a clear message, exactly 72 is accepted
      Given the reference app on an in-memory SQLite database
      When I POST "/register" with the JSON body:
        """
        { "email": "long@example.com", "password": "€€€€€€€€€€€€€€€€€€€€€€€€€" }
        """
      Then the answer is a JSON error with the status 400
      And the body contains "72 bytes"
      When I POST "/register" with the JSON body:
        """
        { "email": "long@example.com", "password": "€€€€€€€€€€€€€€€€€€€€€€€€" }
        """
      Then the status is 201

  Rule: REF-004 One account per email, compared case-insensitively after trimming

    Scenario: registering a taken email again is a 409
      Given the reference app on an in-memory SQLite database
      And an account "ada@example.com" with the password "analytical engine"
      When I POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "something else" }
        """
      Then the answer is a JSON error with the status 409

    Scenario: the email is stored trimmed and in lower case, and found whatever its case
      Given the reference app on an in-memory SQLite database
      When I POST "/register" with the JSON body:
        """
        { "email": "  Ada@Example.COM ", "password": "analytical engine" }
        """
      Then the status is 201
      And the JSON body includes:
        """
        { "email": "ada@example.com" }
        """
      When I POST "/register" with the JSON body:
        """
        { "email": "ADA@example.com", "password": "analytical engine" }
        """
      Then the answer is a JSON error with the status 409
      When I POST "/login" with the JSON body:
        """
        { "email": " aDa@eXample.com", "password": "analytical engine" }
        """
      Then the status is 200
      And I keep the JSON field "token" of the response as the token "ada"
      When I GET "/me" with the Authorization header "Bearer {{ada}}"
      Then the JSON body includes:
        """
        { "user": { "email": "ada@example.com" } }
        """

  Rule: REF-005 Passwords are stored only as bcrypt hashes, and no answer carries one

    Scenario: the store holds a bcrypt hash; register, login and /me never show it
      Given the reference app on an in-memory SQLite database
      When I POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then the body does not contain "$2"
      And the body does not contain "analytical engine"
      And the body does not contain "assword"
      And the store holds for "ada@example.com" a bcrypt hash of "analytical engine"
      When I POST "/login" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then the body does not contain "$2"
      And the body does not contain "assword"
      And I keep the JSON field "token" of the response as the token "ada"
      When I GET "/me" with the Authorization header "Bearer {{ada}}"
      Then the status is 200
      And the body does not contain "$2"
      And the body does not contain "assword"

  Rule: REF-006 A failed login does not tell whether the email exists

    Scenario: an unknown email and a wrong password get the same 401
      Given the reference app on an in-memory SQLite database
      And an account "ada@example.com" with the password "analytical engine"
      When I POST "/login" with the JSON body:
        """
        { "email": "nobody@example.com", "password": "analytical engine" }
        """
      Then the status is 401
      And the JSON body is:
        """
        { "error": "Invalid email or password" }
        """
      When I POST "/login" with the JSON body:
        """
        { "email": "ada@example.com", "password": "difference engine" }
        """
      Then the status is 401
      And the JSON body is:
        """
        { "error": "Invalid email or password" }
        """

    Scenario: both failures cost one bcrypt comparison, so they take about as long
      Given the reference app on an in-memory SQLite database, counting bcrypt comparisons
      And an account "ada@example.com" with the password "analytical engine"
      When I POST "/login" with the JSON body:
        """
        { "email": "nobody@example.com", "password": "analytical engine" }
        """
      Then the status is 401
      And the reference app has compared 1 password with bcrypt
      When I POST "/login" with the JSON body:
        """
        { "email": "ada@example.com", "password": "difference engine" }
        """
      Then the status is 401
      And the reference app has compared 2 passwords with bcrypt

  Rule: REF-007 Every answer of the API is JSON, errors included

    Scenario: an unknown path is a JSON 404
      Given the reference app on an in-memory SQLite database
      When I GET "/users"
      Then the answer is a JSON error with the status 404

    Scenario: a body over the app's 16 kB limit is a JSON 413
      Given the reference app on an in-memory SQLite database
      When I POST "/register" with a JSON body padded to 17 kB
      Then the answer is a JSON error with the status 413

  Rule: REF-013 Another method on /register or /login is a 405 that says to use POST

    Scenario Outline: <method> <path> is a JSON 405 with Allow: POST
      Given the reference app on an in-memory SQLite database
      When I <method> "<path>"
      Then the answer is a JSON error with the status 405
      And the header "Allow" is "POST"
      And the JSON body is:
        """
        { "error": "Method Not Allowed: use POST" }
        """

      Examples:
        | method  | path      |
        | GET     | /register |
        | PUT     | /register |
        | DELETE  | /register |
        | GET     | /login    |
        | PATCH   | /login    |
        | OPTIONS | /login    |

    Scenario: HEAD is a 405 too, and a CORS preflight is still answered by cors()
      Given the reference app on an in-memory SQLite database
      When I HEAD "/register"
      Then the status is 405
      And the header "Allow" is "POST"
      When I OPTIONS "/register" with headers:
        | Origin                        | https://app.example.com |
        | Access-Control-Request-Method | POST                    |
      Then the status is 204
      When I GET "/register/extra"
      Then the answer is a JSON error with the status 404
