// supertest works unchanged on kitjs: request(app) with expect chains, without a server of our own (spec/express-ecosystem.md).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json } from 'kitjs';
import request from 'supertest';
import { appFlavours } from './support.ts';

for (const flavour of appFlavours) {
  describe(`supertest on ${flavour.name}`, { skip: flavour.skip }, () => {
    function app() {
      const app = flavour.create();
      app.use(json());
      app.get('/user', (_req, res) => res.status(200).json({ name: 'john' }));
      app.post('/users', (req, res) => res.status(201).set('Location', '/users/1').json(req.body));
      return app;
    }

    it('runs request(app) with status, header and body expectations', async () => {
      await request(app())
        .get('/user')
        .expect('Content-Type', /json/)
        .expect('Content-Length', '15')
        .expect(200, { name: 'john' });
      const res = await request(app())
        .post('/users')
        .send({ name: 'tobi' })
        .set('Accept', 'application/json')
        .expect('Location', '/users/1')
        .expect(201);
      assert.deepEqual(res.body, { name: 'tobi' });
    });

    it('fails an expect chain that does not hold, with supertest’s own message', async () => {
      await assert.rejects(request(app()).get('/user').expect(201), /expected 201 "Created", got 200 "OK"/);
      await assert.rejects(
        request(app()).get('/user').expect('Content-Type', /html/),
        /expected "Content-Type" matching \/html\//,
      );
    });

    it('works with the callback form and .end()', async () => {
      await new Promise<void>((resolve, reject) => {
        request(app())
          .get('/user')
          .expect(200)
          .end((err, res) => {
            if (err) return reject(err);
            assert.equal(res.body.name, 'john');
            resolve();
          });
      });
    });
  });
}
