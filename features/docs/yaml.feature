@docs
Feature: swagger-jsdoc's @openapi YAML blocks

  Blocks tagged @openapi or @swagger hold YAML in swagger-jsdoc's format; they are merged into the
  same document as the JSDoc annotations.

  Rule: DOCS-016 @openapi and @swagger YAML blocks are merged

    Scenario: YAML paths, components and tags join the annotated operations
      Given the annotated file "pets.js":
        """
        /**
         * @openapi
         * /pets/{id}:
         *   get:
         *     summary: One pet
         *     parameters:
         *       - name: id
         *         in: path
         *         required: true
         *         schema:
         *           type: string
         *     responses:
         *       '200':
         *         description: The pet
         *         content:
         *           application/json:
         *             schema:
         *               $ref: '#/components/schemas/Pet'
         * components:
         *   schemas:
         *     Pet:
         *       type: object
         *       properties:
         *         name:
         *           type: string
         */
        app.get('/pets/:id', (req, res) => res.json({ name: 'Rex' }));

        /**
         * @swagger
         * tags:
         *   - name: Pets
         *     description: Everything about pets
         */

        /**
         * GET /pets
         * @tags Pets
         * @return {array<Pet>} 200 - every pet (Pet comes from the YAML block)
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Pets', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then the documented paths are exactly:
        | GET | /pets/{id} |
        | GET | /pets      |
      And the documented operation GET "/pets/{id}" includes:
        """
        { "summary": "One pet" }
        """
      And the documented operation GET "/pets" includes:
        """
        { "responses": { "200": { "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Pet" } } } } } } }
        """
      And the served document includes:
        """
        { "tags": [{ "name": "Pets", "description": "Everything about pets" }] }
        """
      And setupSwagger reported no annotation warnings
      And the served document is valid OpenAPI 3

    Scenario: invalid YAML, a dangling $ref and a duplicate operation are warnings
      Given the annotated file "bad.js":
        """
        /**
         * GET /dup
         * @summary from JSDoc
         */

        /**
         * @openapi
         * /dup:
         *   get:
         *     summary: from YAML
         *     responses:
         *       '200': { description: ok }
         * /broken:
         *   get:
         *     responses:
         *       '200':
         *         description: points at nothing
         *         content:
         *           application/json:
         *             schema:
         *               $ref: '#/components/schemas/Nowhere'
         */

        /**
         * @openapi
         * /x:
         *   get: [unclosed
         */
        """
      And the app:
        """
        world.docs = setupSwagger(app, { info: { title: 'Bad YAML', version: '1.0.0' }, baseDir: tmpDir, filesPattern: '*.js' });
        """
      Then setupSwagger warned "already documented" at line 7 of "bad.js"
      And setupSwagger warned "points at nothing" at line 7 of "bad.js"
      And setupSwagger warned "not valid YAML" at line 27 of "bad.js"
      And the documented operation GET "/dup" includes:
        """
        { "summary": "from JSDoc" }
        """
      And the served document does not mention "#/components/schemas/Nowhere"
      And the served document is valid OpenAPI 3
