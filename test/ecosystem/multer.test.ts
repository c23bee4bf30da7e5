// multer works unchanged on kitjs: multipart uploads give req.file(s) and req.body fields (spec/express-ecosystem.md).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import multer from 'multer';
import request from 'supertest';
import { appFlavours, serve } from './support.ts';

const dest = mkdtempSync(join(tmpdir(), 'kitjs-multer-'));
after(() => rmSync(dest, { recursive: true, force: true }));

for (const flavour of appFlavours) {
  describe(`multer on ${flavour.name}`, { skip: flavour.skip }, () => {
    it('stores upload.single(field) on disk, with the text fields on req.body', async () => {
      const app = flavour.create();
      const upload = multer({ dest });
      app.post('/profile', upload.single('avatar'), (req, res) => {
        const file = req.file as Express.Multer.File;
        res.json({ body: req.body, file: { ...file, content: readFileSync(file.path, 'utf8') } });
      });
      const url = await serve(app);
      const got = await request(url)
        .post('/profile')
        .field('name', 'tobi')
        .field('age', '3')
        .attach('avatar', Buffer.from('not really a png'), { filename: 'me.png', contentType: 'image/png' })
        .expect(200);
      assert.deepEqual(got.body.body, { name: 'tobi', age: '3' });
      assert.equal(got.body.file.fieldname, 'avatar');
      assert.equal(got.body.file.originalname, 'me.png');
      assert.equal(got.body.file.mimetype, 'image/png');
      assert.equal(got.body.file.size, 16);
      assert.equal(got.body.file.content, 'not really a png');
    });

    it('keeps upload.fields() in memory and refuses an unexpected field with its error', async () => {
      const app = flavour.create();
      const upload = multer({ storage: multer.memoryStorage() });
      app.post('/gallery', upload.fields([{ name: 'photos', maxCount: 2 }]), (req, res) => {
        const files = req.files as { [fieldname: string]: Express.Multer.File[] };
        res.json((files.photos ?? []).map((f) => [f.originalname, f.size]));
      });
      app.use((err, _req, res, next) => {
        if (err instanceof multer.MulterError) return res.status(400).json({ code: err.code });
        next(err);
      });
      const url = await serve(app);
      const got = await request(url)
        .post('/gallery')
        .attach('photos', Buffer.from('one'), 'a.jpg')
        .attach('photos', Buffer.from('three'), 'b.jpg')
        .expect(200);
      assert.deepEqual(got.body, [
        ['a.jpg', 3],
        ['b.jpg', 5],
      ]);
      const refused = await request(url)
        .post('/gallery')
        .attach('other', Buffer.from('x'), 'c.jpg')
        .expect(400);
      assert.deepEqual(refused.body, { code: 'LIMIT_UNEXPECTED_FILE' });
    });

    it('leaves a request that is not multipart to the next handler', async () => {
      const app = flavour.create();
      app.post('/profile', multer({ dest }).single('avatar'), (req, res) => {
        res.json({ file: req.file ?? null });
      });
      await request(await serve(app))
        .post('/profile')
        .send('plain')
        .expect(200, { file: null });
    });
  });
}
