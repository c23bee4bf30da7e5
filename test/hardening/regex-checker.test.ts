/**
 * XROUTE-002: the two builds of recheck kitjs may use give one verdict. kitjs ships recheck's pure-JavaScript
 * build (lib/browser.js, copied to dist/vendor/recheck.cjs by scripts/build.mjs) and uses an app's own
 * `recheck` package (its native binary) when there is one; the rest of the suite checks with the package,
 * so this pins the shipped build to it on the hostile patterns and Express's documented forms.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { checkSync as packageCheck } from 'recheck';
import { compileExpressPath } from '../../src/router/express-pattern.ts';

type Check = typeof packageCheck;
const shipped = createRequire(import.meta.url)('recheck/lib/browser.js') as { checkSync: Check };
const SEED = 20261124;
const loose = { caseSensitive: false, strict: false };

/** The source of the regex a path compiles to, or the one its refusal names. */
function regexOf(path: string): { source: string; flags: string } {
  try {
    const { regexp } = compileExpressPath(path, loose);
    return { source: regexp.source, flags: regexp.flags };
  } catch (err) {
    const named = /its regular expression \/(.*)\/([a-z]*) (?:can|could)/s.exec((err as Error).message);
    assert.ok(named, String(err));
    return { source: named[1] as string, flags: named[2] as string };
  }
}

const cases: Array<{ what: string; source: string; flags: string; status: string }> = [
  { what: '/:a:b', ...regexOf('/:a:b'), status: 'vulnerable' },
  { what: '/:x(\\d+\\d+)-y', ...regexOf('/:x(\\d+\\d+)-y'), status: 'vulnerable' },
  {
    what: 'CVE-2024-45296 naive /:a-:b',
    source: '^\\/(?:([^\\/]+?))-(?:([^\\/]+?))\\/?$',
    flags: 'i',
    status: 'vulnerable',
  },
  { what: '/^\\/(a+)+$/', source: '^\\/(a+)+$', flags: '', status: 'vulnerable' },
  { what: '^(\\w+\\s?)*$', source: '^(\\w+\\s?)*$', flags: '', status: 'vulnerable' },
  { what: '/flights/:from-:to', ...regexOf('/flights/:from-:to'), status: 'safe' },
  { what: '/files/:file.:ext?', ...regexOf('/files/:file.:ext?'), status: 'safe' },
  { what: '/*/*', ...regexOf('/*/*'), status: 'safe' },
  { what: '/user/:userId(\\d+)', ...regexOf('/user/:userId(\\d+)'), status: 'safe' },
  { what: '/ab(cd)?e', ...regexOf('/ab(cd)?e'), status: 'safe' },
];

describe('the recheck build kitjs ships', () => {
  for (const { what, source, flags, status } of cases) {
    it(`gives the package's verdict on ${what}: ${status}`, { timeout: 60_000 }, () => {
      const params = { randomSeed: SEED, timeout: 30_000 };
      assert.equal(packageCheck(source, flags, params).status, status);
      assert.equal(shipped.checkSync(source, flags, params).status, status);
    });
  }
});
