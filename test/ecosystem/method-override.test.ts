// method-override works unchanged on kitjs: an overridden POST reaches the DELETE/PUT route (spec/express-ecosystem.md).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { urlencoded } from 'kitjs';
import methodOverride from 'method-override';
import request from 'supertest';
import { appFlavours, serve } from './support.ts';

for (const flavour of appFlavours) {
  describe(`method-override on ${flavour.name}`, { skip: flavour.skip }, () => {
    it('routes POST with X-HTTP-Method-Override: DELETE to the DELETE route', async () => {
      const app = flavour.create();
      app.use(methodOverride('X-HTTP-Method-Override'));
      // @types/method-override declares `originalMethod` in a module-local `namespace Express` (the file has an
      // import), so it reaches no request type, Express's own included: read it as Express apps must.
      app.delete('/resource', (req, res) =>
        res.json({ method: req.method, originalMethod: (req as { originalMethod?: string }).originalMethod }),
      );
      app.post('/resource', (_req, res) => res.send('the POST route'));
      const url = await serve(app);
      await request(url)
        .post('/resource')
        .set('X-HTTP-Method-Override', 'DELETE')
        .expect(200, { method: 'DELETE', originalMethod: 'POST' });
      await request(url).post('/resource').expect(200, 'the POST route');
      // Only POST is overridden by default: a GET keeps its method (and finds no GET route).
      await request(url).get('/resource').set('X-HTTP-Method-Override', 'DELETE').expect(404);
    });

    it("takes the method from a form field with a custom getter, as its README's _method example", async () => {
      const app = flavour.create();
      app.use(urlencoded({ extended: false }));
      app.use(
        methodOverride((req) => {
          const body = req.body as Record<string, unknown> | undefined;
          if (body && typeof body === 'object' && '_method' in body) {
            const method = body._method;
            delete body._method;
            return method as string;
          }
          return undefined as unknown as string;
        }),
      );
      app.put('/users/:id', (req, res) => res.json({ id: req.params.id, body: req.body }));
      const got = await request(await serve(app))
        .post('/users/7')
        .type('form')
        .send({ _method: 'PUT', name: 'tobi' })
        .expect(200);
      assert.deepEqual(got.body, { id: '7', body: { name: 'tobi' } });
    });

    it('works under a router mounted after it', async () => {
      const app = flavour.create();
      const api = flavour.create();
      api.patch('/things/:id', (req, res) => res.send(`patched ${req.params.id}`));
      app.use(methodOverride('X-HTTP-Method-Override'));
      app.use('/api', api);
      await request(await serve(app))
        .post('/api/things/3')
        .set('X-HTTP-Method-Override', 'PATCH')
        .expect(200, 'patched 3');
    });
  });
}
