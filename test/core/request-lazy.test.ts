/** Express 4's request members load their packages on first use: kit()'s defaults load none of them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runChild } from '../db/helpers.js';
import { lazyProbe } from '../support/lazy-probe.ts';

const PACKAGES = ['proxy-addr', 'accepts', 'fresh', 'range-parser', 'qs'];

// One request through a kit() app that reads every member kit()'s defaults answer without a package
// (XREQ-001, XREQ-004, XREQ-040), then the members that need one, each checked as it loads.
const script = lazyProbe(
  PACKAGES,
  `
const app = kit();
app.get('/', (req, res) => {
  const plain = [req.ip, req.ips, req.hostname, req.protocol, req.subdomains, req.xhr, req.query];
  seen.defaults = loaded();
  req.accepts('json'); seen.accepts = loaded();
  req.fresh; seen.fresh = loaded();
  res.json(plain.length);
});
const server = app.listen(0, '127.0.0.1', async () => {
  // Conditional, so that req.fresh has something to compare: an unconditional request is never fresh, and
  // is answered without the package.
  await fetch('http://127.0.0.1:' + server.address().port + '/?a=1', {
    headers: { 'x-forwarded-for': '1.2.3.4', 'if-none-match': '"abc"' },
  });
  await app.close();
  console.log(JSON.stringify(seen));
});
`,
);

describe('request members and their packages', () => {
  it('loads none on import nor for kit() defaults, and each on first use', () => {
    const child = runChild(script);
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(JSON.parse(child.stdout), {
      onImport: [],
      defaults: [],
      accepts: ['accepts'],
      fresh: ['accepts', 'fresh'],
    });
  });
});
