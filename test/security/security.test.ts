/** Unit tests of security(): defaults, overrides, option checks and X-Powered-By removal, over a real socket. */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import {
  cspValue,
  type SecurityOptions,
  security,
  securityHeaders,
} from '../../src/batteries/middleware/security.ts';
import type { KitRequest, KitResponse } from '../../src/core/types.ts';

async function headersFor(options?: SecurityOptions): Promise<Headers> {
  const mw = security(options);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('X-Powered-By', 'Something');
    mw(req as KitRequest, res as KitResponse, () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(await response.text(), 'ok');
    return response.headers;
  } finally {
    server.close();
  }
}

test('defaults follow the seed and helmet', async () => {
  const h = await headersFor();
  assert.equal(h.get('content-security-policy'), "default-src 'self'");
  assert.equal(h.get('x-frame-options'), 'SAMEORIGIN');
  assert.equal(h.get('x-content-type-options'), 'nosniff');
  assert.equal(h.get('x-xss-protection'), '0');
  assert.equal(h.get('x-dns-prefetch-control'), 'off');
  assert.equal(h.get('x-permitted-cross-domain-policies'), 'none');
  assert.equal(h.get('x-download-options'), 'noopen');
  assert.equal(h.get('x-powered-by'), null);
});

test('false turns each header off; removePoweredBy false keeps X-Powered-By', async () => {
  const h = await headersFor({
    contentSecurityPolicy: false,
    xFrameOptions: false,
    xContentTypeOptions: false,
    xXssProtection: false,
    dnsPrefetchControl: false,
    permittedCrossDomainPolicies: false,
    downloadOptions: false,
    removePoweredBy: false,
  });
  for (const name of [
    'content-security-policy',
    'x-frame-options',
    'x-content-type-options',
    'x-xss-protection',
    'x-dns-prefetch-control',
    'x-permitted-cross-domain-policies',
    'x-download-options',
  ]) {
    assert.equal(h.get(name), null, name);
  }
  assert.equal(h.get('x-powered-by'), 'Something');
});

test('values replace defaults', async () => {
  const h = await headersFor({
    xFrameOptions: 'deny',
    contentSecurityPolicy: { defaultSrc: ["'self'"], imgSrc: ['*', 'data:'], upgradeInsecureRequests: true },
    dnsPrefetchControl: 'on',
    permittedCrossDomainPolicies: 'master-only',
    xXssProtection: '1; mode=block',
  });
  assert.equal(h.get('x-frame-options'), 'DENY');
  assert.equal(
    h.get('content-security-policy'),
    "default-src 'self'; img-src * data:; upgrade-insecure-requests",
  );
  assert.equal(h.get('x-dns-prefetch-control'), 'on');
  assert.equal(h.get('x-permitted-cross-domain-policies'), 'master-only');
  assert.equal(h.get('x-xss-protection'), '1; mode=block');
});

test('a CSP string is used as given', () => {
  assert.equal(cspValue("default-src 'none'; script-src 'self'"), "default-src 'none'; script-src 'self'");
  assert.deepEqual(securityHeaders({ contentSecurityPolicy: 'frame-ancestors none' })[0], [
    'Content-Security-Policy',
    'frame-ancestors none',
  ]);
});

test('bad values throw TypeError at setup', () => {
  const bad: unknown[] = [
    { xFrameOptions: 'ALLOW-FROM https://a.test' },
    { xContentTypeOptions: 'yes' },
    { xXssProtection: '2' },
    { dnsPrefetchControl: 1 },
    { permittedCrossDomainPolicies: 'some' },
    { downloadOptions: 'noopen' },
    { removePoweredBy: 'no' },
    { contentSecurityPolicy: '' },
    { contentSecurityPolicy: 'a\r\nX-Evil: 1' },
    { contentSecurityPolicy: { scriptSrc: ["'self'; img-src *"] } },
    { contentSecurityPolicy: { 'bad directive': ['*'] } },
    { contentSecurityPolicy: {} },
    { frameguard: true },
    'DENY',
  ];
  for (const options of bad) {
    assert.throws(() => security(options as SecurityOptions), TypeError, JSON.stringify(options));
  }
});
