// helmet works unchanged on kitjs: its security headers on every response (spec/express-ecosystem.md).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import helmet from 'helmet';
import request from 'supertest';
import { appFlavours, serve } from './support.ts';

const DEFAULT_HEADERS: Record<string, string | RegExp> = {
  'content-security-policy': /^default-src 'self';base-uri 'self';.*upgrade-insecure-requests$/,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

// Express's final handler (EXP-011; finalhandler 1 and 2 alike) sets its own, stricter policy on its 404 and
// error pages, over helmet's: kitjs/express and kitjs/express5 do so too.
const PAGE_POLICY: Record<string, string | RegExp> = { 'content-security-policy': "default-src 'none'" };

function assertHelmetHeaders(headers: Record<string, unknown>, page: Record<string, string | RegExp> = {}) {
  for (const [name, expected] of Object.entries({ ...DEFAULT_HEADERS, ...page })) {
    const value = headers[name];
    assert.equal(typeof value, 'string', `${name} is set`);
    if (expected instanceof RegExp) assert.match(value as string, expected, name);
    else assert.equal(value, expected, name);
  }
  assert.equal(headers['x-powered-by'], undefined);
}

for (const flavour of appFlavours) {
  describe(`helmet on ${flavour.name}`, { skip: flavour.skip }, () => {
    it('sets its default headers on routes, on 404s and on errors, and removes X-Powered-By', async () => {
      const app = flavour.create();
      app.use(helmet());
      app.get('/', (_req, res) => res.json({ ok: true }));
      app.get('/fail', () => {
        throw new Error('boom');
      });
      const url = await serve(app);
      assertHelmetHeaders((await request(url).get('/').expect(200, { ok: true })).headers);
      const page = flavour.name.startsWith('kitjs/express') ? PAGE_POLICY : {};
      assertHelmetHeaders((await request(url).get('/nowhere').expect(404)).headers, page);
      assertHelmetHeaders((await request(url).get('/fail').expect(500)).headers, page);
    });

    it('takes its options: a custom CSP directive, frameguard deny, no HSTS', async () => {
      const app = flavour.create();
      app.use(
        helmet({
          contentSecurityPolicy: { directives: { 'script-src': ["'self'", 'example.com'] } },
          frameguard: { action: 'deny' },
          strictTransportSecurity: false,
        }),
      );
      app.get('/', (_req, res) => res.send('<p>hi</p>'));
      const got = await request(await serve(app))
        .get('/')
        .expect(200, '<p>hi</p>');
      assert.match(got.headers['content-security-policy'] ?? '', /script-src 'self' example\.com/);
      assert.equal(got.headers['x-frame-options'], 'DENY');
      assert.equal(got.headers['strict-transport-security'], undefined);
    });
  });
}
