@reference-app @postgres
Feature: Several reference servers on one PostgreSQL database
  With DATABASE_URL, any number of `node --import tsx reference-app/server.ts` processes share one PostgreSQL
  database: the accounts, the unique index that settles races, and the login throttle's counters. These
  scenarios start two real servers (A and B) as child processes on a fresh database of a real PostgreSQL
  server, which the suite starts itself (or finds at POSTGRES_URL).

  Background:
    Given a fresh PostgreSQL database for the reference servers
    And I start the reference servers "A" and "B" on it at the same time, with the environment:
      | JWT_SECRET            | reference-secret-0123456789-abcdefghij |
      | LOGIN_LIMIT_PER_EMAIL | 3                                      |
      | MONGODB_URI           | mongodb://127.0.0.1:1/not-this-one     |
      | DATABASE_PATH         | not-this-one.sqlite                    |

  Rule: REF-030 DATABASE_URL picks PostgreSQL, before MONGODB_URI and DATABASE_PATH

    Scenario: with MONGODB_URI and DATABASE_PATH set too, both servers use PostgreSQL and create or find its tables
      Then the reference server "A" printed "Storage: PostgreSQL 127.0.0.1:"
      And the reference server "B" printed "Storage: PostgreSQL 127.0.0.1:"
      And the reference server "A" printed "(DATABASE_URL)"

  Rule: REF-032 Many instances share the accounts, and one can stop while the others serve

    Scenario: register on A, log in on B, the token works on both; A drains on SIGTERM while B serves
      When I talk to the reference server "A"
      And I POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then the status is 201
      When I talk to the reference server "B"
      And I POST "/login" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then the status is 200
      And I keep the JSON field "token" of the response as the token "ada"
      When I GET "/me" with the Authorization header "Bearer {{ada}}"
      Then the status is 200
      When I talk to the reference server "A"
      And I GET "/me" with the Authorization header "Bearer {{ada}}"
      Then the status is 200
      And the JSON body includes:
        """
        { "user": { "email": "ada@example.com" } }
        """
      When a client sends the headers and the first half of a POST "/register" to "A" with the JSON body:
        """
        { "email": "grace@example.com", "password": "cobol compiler" }
        """
      And the reference server "A" receives SIGTERM
      And I talk to the reference server "B"
      And I GET "/readyz"
      Then the status is 200
      When I POST "/register" with the JSON body:
        """
        { "email": "linus@example.com", "password": "monolithic kernel" }
        """
      Then the status is 201
      When the client sends the rest of the body in flight
      Then the status is 201
      And the reference server "A" exits with the code 0
      When I POST "/login" with the JSON body:
        """
        { "email": "grace@example.com", "password": "cobol compiler" }
        """
      Then the status is 200

  Rule: REF-031 Registering is race-free: the unique index decides, never a look-up first

    Scenario: the same email sent to A and B at the same moment, ten times: one 201 and one 409 each time
      When 10 times, a new account is registered on "A" and "B" at the same moment
      Then each time exactly one answered 201 and the other 409
      And the database holds each raced email exactly once

  Rule: REF-033 Failed logins per email are throttled with 429 and Retry-After, across instances

    Scenario: three failures spread over A and B, then 429 on both; another email is not affected
      When I talk to the reference server "A"
      And I POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then these logins, sent in this order, are answered:
        | server | email           | password          | status | window |
        | A      | ada@example.com | wrong 1           | 401    | 900    |
        | B      | ada@example.com | wrong 2           | 401    | 900    |
        | A      | ada@example.com | wrong 3           | 401    | 900    |
        | B      | ada@example.com | wrong 4           | 429    | 900    |
        | A      | ada@example.com | analytical engine | 429    | 900    |
        | B      | bob@example.com | anything          | 401    | 900    |

    Scenario: a successful login on one instance clears the count the other instance added to
      When I talk to the reference server "A"
      And I POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then these logins, sent in this order, are answered:
        | server | email           | password          | status |
        | A      | ada@example.com | wrong 1           | 401    |
        | B      | ada@example.com | wrong 2           | 401    |
        | A      | ada@example.com | analytical engine | 200    |
        | B      | ada@example.com | wrong 3           | 401    |
        | A      | ada@example.com | wrong 4           | 401    |
        | B      | ada@example.com | analytical engine | 200    |

  Rule: REF-036 /readyz answers 200 while the database answers, 503 when it does not or while closing

    Scenario: while the database refuses connections, /readyz is 503 and /healthz stays 200
      When I talk to the reference server "B"
      And I GET "/readyz"
      Then the status is 200
      When the database stops accepting connections
      And I GET "/readyz"
      Then the answer is a JSON error with the status 503
      When I GET "/healthz"
      Then the status is 200
      When the database accepts connections again
      And I GET "/readyz"
      Then the status is 200
