@reference-app
Feature: The reference app throttles logins
  Login attempts are counted per email and per client address, in the database the users live in, so
  every instance on that database sees the same counts (the scenarios with two servers on PostgreSQL are
  in instances.feature). These run one app on SQLite, the default.

  Background:
    Given the environment variable "JWT_SECRET" is "reference-secret-0123456789"

  Rule: REF-033 Failed logins per email are throttled with 429 and Retry-After, across instances

    Scenario: with the defaults, five failed logins for one email, then 429 with about 900 seconds to wait
      Given the reference app on an in-memory SQLite database
      And an account "ada@example.com" with the password "analytical engine"
      Then these logins to the reference app, sent in this order, are answered:
        | email           | password          | status | retryAfter |
        | ada@example.com | wrong 1           | 401    |            |
        | ada@example.com | wrong 2           | 401    |            |
        | ada@example.com | wrong 3           | 401    |            |
        | ada@example.com | wrong 4           | 401    |            |
        | ada@example.com | wrong 5           | 401    |            |
        | ada@example.com | analytical engine | 429    | 880..900   |
        | bob@example.com | anything          | 401    |            |
      And the answer is a JSON error with the status 401

    Scenario: the 429 is a JSON error, and malformed bodies are refused before they count
      Given the reference app on an in-memory SQLite database, with the createApp options:
        """
        { "throttle": { "perEmail": 1, "windowSeconds": 60 } }
        """
      When I POST "/login" with the JSON body:
        """
        { "email": "ada@example.com", "password": 42 }
        """
      Then the status is 400
      Then these logins to the reference app, sent in this order, are answered:
        | email           | password | status | retryAfter |
        | ada@example.com | wrong 1  | 401    |            |
        | ada@example.com | wrong 2  | 429    | 1..60      |
      And the answer is a JSON error with the status 429
      And the JSON body is:
        """
        { "error": "Too many login attempts: try again later" }
        """

    Scenario: a successful login clears the email's count
      Given the reference app on an in-memory SQLite database, with the createApp options:
        """
        { "throttle": { "perEmail": 2 } }
        """
      And an account "ada@example.com" with the password "analytical engine"
      Then these logins to the reference app, sent in this order, are answered:
        | email           | password          | status |
        | ada@example.com | wrong 1           | 401    |
        | ada@example.com | analytical engine | 200    |
        | ada@example.com | wrong 2           | 401    |
        | ada@example.com | wrong 3           | 401    |
        | ada@example.com | analytical engine | 429    |

  Rule: REF-034 Login attempts per client address are throttled too

    Scenario: behind one trusted proxy, the address the proxy saw is counted, not what the client wrote
      Given the reference app on an in-memory SQLite database, with the createApp options:
        """
        { "throttle": { "perEmail": 100, "perAddress": 3 }, "trustedProxies": 1 }
        """
      Then these logins to the reference app, sent in this order, are answered:
        | forwarded            | email             | password | status |
        | 203.0.113.7          | one@example.com   | x        | 401    |
        | 203.0.113.7          | two@example.com   | x        | 401    |
        | 6.6.6.6, 203.0.113.7 | three@example.com | x        | 401    |
        | 203.0.113.7          | four@example.com  | x        | 429    |
        | 1.2.3.4, 203.0.113.7 | five@example.com  | x        | 429    |
        | 198.51.100.1         | four@example.com  | x        | 401    |

    Scenario: without TRUST_PROXY, X-Forwarded-For is ignored and the socket's peer is counted
      Given the reference app on an in-memory SQLite database, with the createApp options:
        """
        { "throttle": { "perEmail": 100, "perAddress": 2 } }
        """
      Then these logins to the reference app, sent in this order, are answered:
        | forwarded   | email           | password | status |
        | 203.0.113.1 | one@example.com | x        | 401    |
        | 203.0.113.2 | two@example.com | x        | 401    |
        | 203.0.113.3 | six@example.com | x        | 429    |

    Scenario: successful logins give their attempt back to the address, so they never lock it out
      Given the reference app on an in-memory SQLite database, with the createApp options:
        """
        { "throttle": { "perEmail": 100, "perAddress": 2 } }
        """
      And an account "ada@example.com" with the password "analytical engine"
      Then these logins to the reference app, sent in this order, are answered:
        | email           | password          | status |
        | ada@example.com | analytical engine | 200    |
        | ada@example.com | analytical engine | 200    |
        | ada@example.com | analytical engine | 200    |
        | bob@example.com | x                 | 401    |
        | ada@example.com | analytical engine | 200    |
        | bob@example.com | x                 | 401    |
        | ada@example.com | analytical engine | 429    |
