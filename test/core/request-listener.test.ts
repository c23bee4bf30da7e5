// APP-012: the app is a request listener for servers kitjs does not create, and for supertest.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import request from 'supertest';
import kit, { json, type KitRequest, type KitResponse } from '../../src/index.ts';

function demoApp() {
  const app = kit();
  app.use(json());
  app.get('/users/:id', (req: KitRequest, res: KitResponse) => res.json({ id: req.params.id }));
  app.post('/echo', (req: KitRequest, res: KitResponse) => res.status(201).json(req.body));
  return app;
}

describe('supertest', () => {
  it('drives the app with request(app), as with Express', async () => {
    const app = demoApp();
    const got = await request(app).get('/users/7').expect(200).expect('Content-Type', /json/);
    assert.deepEqual(got.body, { id: '7' });
    const posted = await request(app).post('/echo').send({ a: 1 }).expect(201);
    assert.deepEqual(posted.body, { a: 1 });
    await request(app)
      .get('/nowhere')
      .expect(404)
      .expect('Content-Type', /text\/plain/);
  });
});

const openssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('https.createServer(options, app)', {
  skip: openssl ? false : 'no openssl to make a test certificate',
}, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kit-tls-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the app over TLS', async () => {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    // A throwaway self-signed certificate for 127.0.0.1, made by the openssl every Debian machine has.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-subj',
        '/CN=127.0.0.1',
        '-days',
        '1',
      ],
      { stdio: 'ignore' },
    );
    const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, demoApp());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const body = await new Promise<string>((resolve, reject) => {
      httpsRequest({ host: '127.0.0.1', port, path: '/users/9', rejectUnauthorized: false }, (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve(`${res.statusCode} ${text}`));
      })
        .on('error', reject)
        .end();
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    assert.equal(body, '200 {"id":"9"}');
  });
});
