@reference-app
Feature: The reference app documents its API
  The routes carry express-jsdoc-swagger annotations; setupSwagger serves them at /api-docs, whatever
  directory the app was started from.

  Background:
    Given the environment variable "JWT_SECRET" is "reference-secret-0123456789"

  Rule: REF-010 The docs list the five operations, with BearerAuth on /me

    Scenario: /api-docs/swagger.json documents register, login, me and the health endpoints
      Given the reference app on an in-memory SQLite database
      Then the documented paths are exactly:
        | POST | /register |
        | POST | /login    |
        | GET  | /me       |
        | GET  | /healthz  |
        | GET  | /readyz   |
      And setupSwagger reported no annotation warnings
      And the served document is valid OpenAPI 3
      And the documented operation GET "/me" includes:
        """
        { "security": [{ "BearerAuth": [] }] }
        """
      And the documented operation POST "/register" has no "security"
      And the documented operation POST "/login" has no "security"
      And the documented operation GET "/healthz" has no "security"
      And the documented operation GET "/readyz" has no "security"
      And the served document includes:
        """
        { "components": { "securitySchemes": { "BearerAuth": { "type": "http", "scheme": "bearer", "bearerFormat": "JWT" } } } }
        """
      And the served document does not mention "passwordHash"
      And the documented operation POST "/register" includes:
        """
        { "responses": { "413": { "description": "The body is over the 16 kB limit" } } }
        """
      And the documented operation POST "/login" includes:
        """
        { "responses": { "413": { "description": "The body is over the 16 kB limit" } } }
        """
      And the documented operation POST "/login" includes:
        """
        { "responses": { "429": { "description": "Too many attempts for this email or from this address: wait the seconds in Retry-After" } } }
        """
      And the documented operation GET "/readyz" includes:
        """
        { "responses": { "200": { "description": "The database answers" }, "503": { "description": "The database is unreachable, or the instance is shutting down" } } }
        """
      And the documented operation POST "/register" includes:
        """
        { "requestBody": { "content": { "application/json": { "schema": { "required": ["email", "password"], "properties": { "email": { "maxLength": 254 } } } } } } }
        """
      And the documented operation POST "/register" includes:
        """
        { "responses": { "201": { "description": "The account was created", "content": { "application/json": { "schema": { "required": ["id", "email"], "additionalProperties": false } } } } } }
        """
      And the documented operation POST "/login" includes:
        """
        { "responses": { "200": { "content": { "application/json": { "schema": { "properties": { "token": { "type": "string" } } } } } } } }
        """
      And this holds:
        """
        const drift = world.docs.drift();
        assert.deepEqual(drift, { unmatchedOperations: [], undocumentedRoutes: [] });
        """

    Scenario: the UI is served at /api-docs
      Given the reference app on an in-memory SQLite database
      When I GET "/api-docs"
      Then the status is 200
      And the media type is "text/html"
