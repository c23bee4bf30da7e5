@reference-app
Feature: Health endpoints for load balancers and orchestrators
  /healthz says the process runs; /readyz says this instance can serve: its database answers and it is
  not shutting down. (On PostgreSQL, instances.feature takes the database away from a running server.)

  Background:
    Given the environment variable "JWT_SECRET" is "reference-secret-0123456789"

  Rule: REF-035 /healthz answers 200 while the process runs

    Scenario: /healthz is 200, not cached, and does not need the database
      Given the reference app on an in-memory SQLite database
      When I GET "/healthz"
      Then the status is 200
      And the JSON body is:
        """
        { "status": "ok" }
        """
      And the header "Cache-Control" is "no-store"
      When the reference app's store is closed
      And I GET "/healthz"
      Then the status is 200

  Rule: REF-036 /readyz answers 200 while the database answers, 503 when it does not or while closing

    Scenario: /readyz is 200 with the database, 503 once the database is gone
      Given the reference app on an in-memory SQLite database
      When I GET "/readyz"
      Then the status is 200
      And the JSON body is:
        """
        { "status": "ready" }
        """
      And the header "Cache-Control" is "no-store"
      When the reference app's store is closed
      And I GET "/readyz"
      Then the answer is a JSON error with the status 503
      And the body does not contain "closed"

    Scenario: once close() has begun, /readyz answers 503 while a request in flight still finishes
      Given the reference app on an in-memory SQLite database
      When a client sends the headers and the first half of a POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      And the reference app begins to close
      Then a GET "/readyz" to the same app through another server answers 503
      When the client sends the rest of the body
      Then the status is 201
