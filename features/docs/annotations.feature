@docs
Feature: JSDoc annotations become the OpenAPI document

  setupSwagger reads the annotations above route handlers (express-jsdoc-swagger's format) and serves
  the document built from them at /api-docs/swagger.json. Each scenario writes an annotated file into
  the scenario's temporary directory and points filesPattern at it.

  Rule: DOCS-003 An operation block starts with its method and path

    Scenario: the first line names the operation; text after the path is not part of it
      Given the annotated file "routes.js":
        """
        /**
         * GET /users/{id} - fetch one user
         * @return {object} 200 - the user
         */
        app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));

        /**
         * post /users
         * @return {object} 201 - created
         */

        /**
         * Get the user from the cache (an ordinary comment, not an operation)
         * @param {string} id - the id
         */
        function fromCache(id) {}
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Users API', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
        """
      Then the documented paths are exactly:
        | GET  | /users/{id} |
        | POST | /users      |
      And setupSwagger reported no annotation warnings
      And the served document is valid OpenAPI 3

    Scenario: an Express-style :id in the annotation is read as {id}
      Given the annotated file "routes.js":
        """
        /**
         * DELETE /users/:id
         * @return 204
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Users API', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation DELETE "/users/{id}" includes:
        """
        { "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "string" } }] }
        """

  Rule: DOCS-004 Summary, description, tags, deprecation and operationId

    Scenario: every descriptive tag, with " - " kept as text
      Given the annotated file "songs.js":
        """
        /**
         * POST /songs
         * @summary Add a song
         * @description Adds a song - duplicates are rejected.
         * The title is trimmed first.
         * @tags Songs - everything about songs
         * @tags Admin
         * @deprecated
         * @operationId addSong
         * @return {object} 201 - created
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Songs API', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation POST "/songs" includes:
        """
        {
          "summary": "Add a song",
          "description": "Adds a song - duplicates are rejected.\nThe title is trimmed first.",
          "tags": ["Songs", "Admin"],
          "deprecated": true,
          "operationId": "addSong"
        }
        """
      And the served document includes:
        """
        { "tags": [{ "name": "Songs", "description": "everything about songs" }, { "name": "Admin" }] }
        """

    Scenario: free text under the first line is the description when there is no @description
      Given the annotated file "ping.js":
        """
        /**
         * GET /ping
         * Answers pong - always.
         * @return {string} 200 - pong
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Ping', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation GET "/ping" includes:
        """
        { "description": "Answers pong - always." }
        """

  Rule: DOCS-005 Path parameters are always required

    Scenario: a path parameter without .required is still required, and an undocumented one is added
      Given the annotated file "orders.js":
        """
        /**
         * GET /shops/{shopId}/orders/{orderId}
         * @param {integer} orderId.path - the order number - int64
         * @return {object} 200 - the order
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Shop', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation GET "/shops/{shopId}/orders/{orderId}" includes:
        """
        {
          "parameters": [
            { "name": "orderId", "in": "path", "description": "the order number", "required": true,
              "schema": { "type": "integer", "format": "int64" } },
            { "name": "shopId", "in": "path", "required": true, "schema": { "type": "string" } }
          ]
        }
        """
      And the served document is valid OpenAPI 3

  Rule: DOCS-006 Query, header and cookie parameters

    Scenario: each place, with and without .required, deprecated and allowEmptyValue
      Given the annotated file "search.js":
        """
        /**
         * GET /search
         * @param {string} q.query.required - the words to look for
         * @param {integer} page.query - page number - default:1
         * @param {string} X-Request-Id.header - correlation id - uuid
         * @param {string} session.cookie.deprecated - old session cookie
         * @param {string} filter.query.allowEmptyValue - optional filter
         * @return {array<string>} 200 - matches
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Search', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation GET "/search" includes:
        """
        {
          "parameters": [
            { "name": "q", "in": "query", "description": "the words to look for", "required": true, "schema": { "type": "string" } },
            { "name": "page", "in": "query", "description": "page number", "required": false, "schema": { "type": "integer", "default": 1 } },
            { "name": "X-Request-Id", "in": "header", "description": "correlation id", "required": false, "schema": { "type": "string", "format": "uuid" } },
            { "name": "session", "in": "cookie", "description": "old session cookie", "required": false, "deprecated": true, "schema": { "type": "string" } },
            { "name": "filter", "in": "query", "description": "optional filter", "required": false, "allowEmptyValue": true, "schema": { "type": "string" } }
          ]
        }
        """
      And the served document is valid OpenAPI 3

  Rule: DOCS-007 Format, enum, default and json segments in descriptions

    Scenario: segments are recognised wherever they sit; other dashes stay text
      Given the annotated file "items.js":
        """
        /**
         * GET /items
         * @param {string} kind.query - enum:book,film - What kind - of item
         * @param {number} max.query - Upper bound - double - default:9.5
         * @param {array<string>} tags.query - Tags - enum:new,old
         * @param {string} code.query - A code - json:{"minLength":2,"maxLength":4}
         * @param {string} note.query - Dates like 2020-01-01 - or not
         * @return {object} 200 - ok
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Items', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation GET "/items" includes:
        """
        {
          "parameters": [
            { "name": "kind", "description": "What kind - of item", "schema": { "type": "string", "enum": ["book", "film"] } },
            { "name": "max", "description": "Upper bound", "schema": { "type": "number", "format": "double", "default": 9.5 } },
            { "name": "tags", "description": "Tags", "schema": { "type": "array", "items": { "type": "string", "enum": ["new", "old"] } } },
            { "name": "code", "description": "A code", "schema": { "type": "string", "minLength": 2, "maxLength": 4 } },
            { "name": "note", "description": "Dates like 2020-01-01 - or not", "schema": { "type": "string" } }
          ]
        }
        """
      And setupSwagger reported no annotation warnings

  Rule: DOCS-008 A whole request body

    Scenario: a typed, required body with a description and a media type
      Given the annotated file "songs.js":
        """
        /**
         * A song
         * @typedef {object} Song
         * @property {string} title.required - The title
         */

        /**
         * PUT /songs/{id}
         * @param {string} id.path - song id
         * @param {Song} request.body.required - the new song - application/json
         * @return 204
         */

        /**
         * POST /songs/import
         * @param {string} request.body - CSV lines - text/csv
         * @return 202
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Songs', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation PUT "/songs/{id}" includes:
        """
        {
          "requestBody": {
            "description": "the new song",
            "required": true,
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Song" } } }
          }
        }
        """
      And the documented operation POST "/songs/import" includes:
        """
        {
          "requestBody": {
            "description": "CSV lines",
            "required": false,
            "content": { "text/csv": { "schema": { "type": "string" } } }
          }
        }
        """
      And the served document is valid OpenAPI 3

    Scenario: a body on a GET is ignored with a warning
      Given the annotated file "get.js":
        """
        /**
         * GET /things
         * @param {object} request.body - not allowed here
         * @return 200
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Things', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation GET "/things" has no "requestBody"
      And setupSwagger warned "take no request body" at line 3 of "get.js"

  Rule: DOCS-009 Body fields build one object schema

    Scenario: every field line adds a property, required ones are listed
      Given the annotated file "auth.js":
        """
        /**
         * POST /register
         * @summary Create an account
         * @param {string} request.body.required.email - E-mail address - email
         * @param {string} request.body.required.password - Password - password
         * @param {string} request.body.nickname - Optional nickname
         * @return {object} 201 - created
         */
        app.post('/register', json(), (req, res) => res.status(201).json({ email: req.body.email }));
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Auth', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation POST "/register" includes:
        """
        {
          "requestBody": {
            "required": true,
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "properties": {
                    "email": { "type": "string", "format": "email", "description": "E-mail address" },
                    "password": { "type": "string", "format": "password", "description": "Password" },
                    "nickname": { "type": "string", "description": "Optional nickname" }
                  },
                  "required": ["email", "password"]
                }
              }
            }
          }
        }
        """
      And the served document is valid OpenAPI 3

    Scenario: form fields build an urlencoded object
      Given the annotated file "login.js":
        """
        /**
         * POST /login
         * @param {string} user.form.required - user name
         * @param {string} pass.form.required - password
         * @param {boolean} remember.form - keep me signed in
         * @return 303
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Login', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation POST "/login" includes:
        """
        {
          "requestBody": {
            "required": true,
            "content": {
              "application/x-www-form-urlencoded": {
                "schema": {
                  "type": "object",
                  "properties": {
                    "user": { "type": "string", "description": "user name" },
                    "pass": { "type": "string", "description": "password" },
                    "remember": { "type": "boolean", "description": "keep me signed in" }
                  },
                  "required": ["user", "pass"]
                }
              }
            }
          }
        }
        """

  Rule: DOCS-010 Responses from @return

    Scenario: statuses with and without text, type and media type
      Given the annotated file "reports.js":
        """
        /**
         * GET /reports/{id}
         * @return {array<string>} 200 - the rows - text/csv
         * @return {object} 400
         * @return 204
         * @return {object} default - something else
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Reports', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation GET "/reports/{id}" includes:
        """
        {
          "responses": {
            "200": { "description": "the rows", "content": { "text/csv": { "schema": { "type": "array", "items": { "type": "string" } } } } },
            "400": { "description": "Bad Request", "content": { "application/json": { "schema": { "type": "object" } } } },
            "204": { "description": "No Content" },
            "default": { "description": "something else" }
          }
        }
        """
      And the served document is valid OpenAPI 3

    Scenario: an operation without @return still gets a valid responses object
      Given the annotated file "bare.js":
        """
        /**
         * GET /bare
         * @summary Nothing about responses
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Bare', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation GET "/bare" includes:
        """
        { "responses": { "default": { "description": "Default response" } } }
        """
      And the served document is valid OpenAPI 3

  Rule: DOCS-011 Request and response examples are parsed as JSON

    Scenario: examples become values, numbered in order, with their titles
      Given the annotated file "login.js":
        """
        /**
         * POST /login
         * @param {object} request.body.required - credentials
         * @return {object} 200 - a token
         * @return {object} 401 - bad credentials
         * @example request - good credentials
         * {
         *   "email": "ada@example.com",
         *   "password": "x - y"
         * }
         * @example response - 200 - a token
         * { "token": "eyJhbGciOiJIUzI1NiJ9.e30.sig" }
         * @example response - 401 - wrong password
         * { "error": "Invalid credentials" }
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Login', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation POST "/login" includes:
        """
        {
          "requestBody": { "content": { "application/json": { "examples": {
            "example1": { "summary": "good credentials", "value": { "email": "ada@example.com", "password": "x - y" } }
          } } } },
          "responses": {
            "200": { "content": { "application/json": { "examples": {
              "example1": { "summary": "a token", "value": { "token": "eyJhbGciOiJIUzI1NiJ9.e30.sig" } }
            } } } },
            "401": { "content": { "application/json": { "examples": {
              "example1": { "summary": "wrong password", "value": { "error": "Invalid credentials" } }
            } } } }
          }
        }
        """
      And setupSwagger reported no annotation warnings
      And the served document is valid OpenAPI 3

  Rule: DOCS-012 Security requirements

    Scenario: @security BearerAuth marks the operation and defines the scheme
      Given the annotated file "me.js":
        """
        /**
         * GET /me
         * @security BearerAuth
         * @return {object} 200 - the signed-in user
         */
        app.get('/me', authMiddleware, (req, res) => res.json({ user: req.user }));

        /**
         * GET /admin
         * @security BearerAuth & ApiKey
         * @security BasicAuth
         * @return 200
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, {
          info: { title: 'Me', version: '1.0.0' },
          baseDir: tmpDir,
          filesPattern: '*.js',
          security: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
        });
        """
      Then the documented operation GET "/me" includes:
        """
        { "security": [{ "BearerAuth": [] }] }
        """
      And the documented operation GET "/admin" includes:
        """
        { "security": [{ "BearerAuth": [], "ApiKey": [] }, { "BasicAuth": [] }] }
        """
      And the served document includes:
        """
        {
          "components": {
            "securitySchemes": {
              "BearerAuth": { "type": "http", "scheme": "bearer", "bearerFormat": "JWT" },
              "BasicAuth": { "type": "http", "scheme": "basic" },
              "ApiKey": { "type": "apiKey", "in": "header", "name": "X-Api-Key" }
            }
          }
        }
        """
      And the served document is valid OpenAPI 3

  Rule: DOCS-013 Typedefs become component schemas

    Scenario: properties with required, optional, default, format and enum; references between typedefs
      Given the annotated file "models.js":
        """
        /**
         * A song
         * @typedef {object} Song
         * @property {string} title.required - The title
         * @property {integer} year - The year - int64
         * @property {string} kind - enum:live,studio - Recording kind
         * @property {number} [rating=3] - Stars
         * @property {Artist} artist - Who sang it
         * @property {Artist[]} guests - Who else
         */

        /**
         * @typedef {object} Artist
         * @property {string} name.required - Stage name
         * @property {Song} bestSong
         */

        /**
         * enum:draft,published
         * @typedef {string} Status
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Music', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented schema "Song" is:
        """
        {
          "type": "object",
          "description": "A song",
          "required": ["title"],
          "properties": {
            "title": { "type": "string", "description": "The title" },
            "year": { "type": "integer", "format": "int64", "description": "The year" },
            "kind": { "type": "string", "enum": ["live", "studio"], "description": "Recording kind" },
            "rating": { "type": "number", "default": 3, "description": "Stars" },
            "artist": { "$ref": "#/components/schemas/Artist", "description": "Who sang it" },
            "guests": { "type": "array", "items": { "$ref": "#/components/schemas/Artist" }, "description": "Who else" }
          }
        }
        """
      And the documented schema "Status" is:
        """
        { "type": "string", "enum": ["draft", "published"] }
        """
      And setupSwagger reported no annotation warnings
      And the served document is valid OpenAPI 3

  Rule: DOCS-014 Types become schemas; an unknown type is never a dangling $ref

    Scenario: arrays in both spellings, unions, nullable and dictionaries
      Given the annotated file "types.js":
        """
        /**
         * @typedef {object} Song
         * @property {string} title
         */

        /**
         * @typedef {object} Album
         * @property {string} name
         */

        /**
         * GET /library
         * @return {array<Song>} 200 - songs
         * @return {Album[]} 201 - albums
         * @return {Song|Album} 202 - either
         * @return {oneOf|Song|Album} 203 - exactly one
         * @return {string|null} 206 - maybe text
         * @return {Dictionary<number>} 207 - counts by name
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Library', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation GET "/library" includes:
        """
        {
          "responses": {
            "200": { "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Song" } } } } },
            "201": { "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Album" } } } } },
            "202": { "content": { "application/json": { "schema": { "anyOf": [{ "$ref": "#/components/schemas/Song" }, { "$ref": "#/components/schemas/Album" }] } } } },
            "203": { "content": { "application/json": { "schema": { "oneOf": [{ "$ref": "#/components/schemas/Song" }, { "$ref": "#/components/schemas/Album" }] } } } },
            "206": { "content": { "application/json": { "schema": { "type": "string", "nullable": true } } } },
            "207": { "content": { "application/json": { "schema": { "type": "object", "additionalProperties": { "type": "number" } } } } }
          }
        }
        """
      And the served document is valid OpenAPI 3

    Scenario: an unknown type name is a warning with file and line, and becomes any value
      Given the annotated file "broken.js":
        """
        /**
         * GET /ghosts
         * @return {array<Ghost>} 200 - the ghosts
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Ghosts', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented operation GET "/ghosts" includes:
        """
        { "responses": { "200": { "content": { "application/json": { "schema": { "type": "array", "items": {} } } } } } }
        """
      And setupSwagger warned "unknown type \"Ghost\"" at line 3 of "broken.js"
      And the served document does not mention "#/components/schemas/Ghost"
      And the served document is valid OpenAPI 3
