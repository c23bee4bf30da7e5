@reference-app
Feature: Where the reference app keeps its users
  One user-store interface (init, findByEmail, create, close), two implementations: SQLite through
  SQLiteManager (in memory, or the file DATABASE_PATH names) and MongoDB through mongodbManager (when
  MONGODB_URI is set).

  Background:
    Given the environment variable "JWT_SECRET" is "reference-secret-0123456789"

  Rule: REF-008 SQLite in memory by default, or a file that keeps the users across restarts

    Scenario: with a file database, accounts survive a restart
      Given the reference app on the SQLite file "data/users.sqlite" in the scenario directory
      And an account "ada@example.com" with the password "analytical engine"
      When the reference app restarts
      And I POST "/login" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then the status is 200
      When I POST "/register" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then the answer is a JSON error with the status 409

    Scenario: in memory, a restart starts from an empty database
      Given the reference app on an in-memory SQLite database
      And an account "ada@example.com" with the password "analytical engine"
      When the reference app restarts
      And I POST "/login" with the JSON body:
        """
        { "email": "ada@example.com", "password": "analytical engine" }
        """
      Then the status is 401

  @mongodb
  Rule: REF-009 MongoDB through mongodbManager when MONGODB_URI is set

    Scenario: the whole flow on MongoDB, with the same refusals
      Given the reference app on the MongoDB database
      When I POST "/register" with the JSON body:
        """
        { "email": " Ada@Example.com", "password": "analytical engine" }
        """
      Then the status is 201
      And the JSON body includes:
        """
        { "email": "ada@example.com" }
        """
      And the body does not contain "$2"
      And the store holds for "ada@example.com" a bcrypt hash of "analytical engine"
      When I POST "/register" with the JSON body:
        """
        { "email": "ADA@example.com", "password": "analytical engine" }
        """
      Then the answer is a JSON error with the status 409
      When I POST "/login" with the JSON body:
        """
        { "email": { "$ne": null }, "password": "analytical engine" }
        """
      Then the answer is a JSON error with the status 400
      When I POST "/login" with the JSON body:
        """
        { "email": "nobody@example.com", "password": "analytical engine" }
        """
      Then the status is 401
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
        { "user": { "email": "ada@example.com" } }
        """
      And this holds:
        """
        assert.equal(typeof response.json().user.id, 'string');
        """
