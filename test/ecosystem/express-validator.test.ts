// express-validator works unchanged on kitjs: 400 with its errors array for bad input, 200 for good (spec/express-ecosystem.md).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { body, matchedData, query, validationResult } from 'express-validator';
import { json } from 'kitjs';
import request from 'supertest';
import { appFlavours, serve } from './support.ts';

for (const flavour of appFlavours) {
  describe(`express-validator on ${flavour.name}`, { skip: flavour.skip }, () => {
    it("validates and sanitises req.query, as its README's getting-started shows", async () => {
      const app = flavour.create();
      app.get('/hello', query('person').notEmpty().escape(), (req, res) => {
        const result = validationResult(req);
        if (result.isEmpty()) return res.send(`Hello, ${(req.query as Record<string, string>).person}!`);
        res.status(400).send({ errors: result.array() });
      });
      const url = await serve(app);
      await request(url).get('/hello?person=John').expect(200, 'Hello, John!');
      // The sanitiser writes the escaped value back into req.query.
      await request(url).get('/hello?person=%3Cb%3E').expect(200, 'Hello, &lt;b&gt;!');
      // No person at all: the error has no value (undefined is dropped from the JSON).
      const missing = await request(url).get('/hello').expect(400);
      assert.deepEqual(missing.body, {
        errors: [{ type: 'field', msg: 'Invalid value', path: 'person', location: 'query' }],
      });
      const empty = await request(url).get('/hello?person=').expect(400);
      assert.deepEqual(empty.body, {
        errors: [{ type: 'field', value: '', msg: 'Invalid value', path: 'person', location: 'query' }],
      });
    });

    it('validates a JSON body; matchedData gives the checked fields only', async () => {
      const app = flavour.create();
      app.use(json());
      app.post(
        '/users',
        body('email').isEmail().withMessage('not an email').normalizeEmail(),
        body('age').isInt({ min: 0 }).toInt(),
        (req, res) => {
          const result = validationResult(req);
          if (!result.isEmpty()) return res.status(400).json({ errors: result.array() });
          res.status(201).json(matchedData(req));
        },
      );
      const url = await serve(app);
      await request(url)
        .post('/users')
        .send({ email: 'Tobi@Example.COM', age: '3', admin: true })
        .expect(201, { email: 'tobi@example.com', age: 3 });
      const bad = await request(url).post('/users').send({ email: 'nope', age: -1 }).expect(400);
      assert.deepEqual(
        bad.body.errors.map((e: { path: string; msg: string; location: string }) => [
          e.path,
          e.msg,
          e.location,
        ]),
        [
          ['email', 'not an email', 'body'],
          ['age', 'Invalid value', 'body'],
        ],
      );
    });
  });
}
