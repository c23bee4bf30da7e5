import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { compilePattern } from '../../src/core/router/pattern.ts';
import { RouteIndex } from '../../src/core/router/route-index.ts';
import { ANY_METHOD } from '../../src/core/router/router-walk.ts';
import { expressPathSyntax } from '../../src/flavours/express4/path-syntax.ts';

function indexOf(paths: string[], method = 'GET'): RouteIndex {
  const index = new RouteIndex();
  for (const [order, path] of paths.entries())
    index.add({ order, group: order, method, path, handlers: [() => {}] });
  return index;
}

function find(index: RouteIndex, path: string, method = 'GET') {
  return (index.match(method, path, path.toLowerCase()) ?? []).map((m) => ({
    path: m.entry.path,
    values: m.values,
  }));
}

describe('compilePattern', () => {
  it('expands optional parameters, earlier ones preferred', () => {
    const variants = compilePattern('/a/:x?/:y?');
    assert.equal(variants.length, 4);
    const best = [...variants].sort((p, q) => p.rank - q.rank)[0];
    assert.deepEqual(best?.keys, ['x', 'y']);
  });
  it('refuses unsupported syntax with a TypeError', () => {
    for (const bad of ['users', '/a/*/b', '/a/:id(\\d+)', '/a/b:c', '/a/(x)']) {
      assert.throws(() => compilePattern(bad), TypeError, bad);
    }
  });
  it('treats * as /*', () => {
    assert.deepEqual(compilePattern('*')[0]?.segments, [{ kind: 'wildcard' }]);
  });
});

describe('RouteIndex', () => {
  it('finds static, param and wildcard routes in registration order', () => {
    const index = indexOf(['/users/:id', '/users/me', '/users/*', '/users']);
    assert.deepEqual(find(index, '/users/me'), [
      { path: '/users/:id', values: ['me'] },
      { path: '/users/me', values: [] },
      { path: '/users/*', values: ['me'] },
    ]);
    assert.deepEqual(find(index, '/users/'), [
      { path: '/users/*', values: [''] },
      { path: '/users', values: [] },
    ]);
  });
  it('matches case-insensitively and ignores one trailing slash', () => {
    const index = indexOf(['/Users/List', '/Users/:Name/posts']);
    assert.equal(find(index, '/users/list/').length, 1);
    assert.deepEqual(find(index, '/USERS/Ada/POSTS')[0]?.values, ['Ada']);
  });
  it('filters by method; GET routes answer HEAD; all() answers everything', () => {
    const index = new RouteIndex();
    index.add({ order: 0, group: 0, method: 'POST', path: '/x', handlers: [() => {}] });
    index.add({ order: 1, group: 1, method: 'GET', path: '/x', handlers: [() => {}] });
    index.add({ order: 2, group: 2, method: '*', path: '/x', handlers: [() => {}] });
    assert.deepEqual(
      (index.match('HEAD', '/x', '/x') ?? []).map((m) => m.entry.order),
      [1, 2],
    );
    assert.deepEqual(
      (index.match('PROPFIND', '/x', '/x') ?? []).map((m) => m.entry.order),
      [2],
    );
  });
  it('returns one match per route even when optional variants overlap', () => {
    const index = indexOf(['/:a?/:b?']);
    const found = find(index, '/foo');
    assert.equal(found.length, 1);
    // ROUTE-021: the optional parameter left out is still a key, with an undefined value.
    assert.deepEqual(found[0]?.values, ['foo', undefined]);
  });

  it('names every key of the pattern in every match, static shapes included (ROUTE-021)', () => {
    const index = indexOf(['/a/:x?/b/:y?', '/c/:z?/*']);
    const keysAndValues = (path: string) =>
      (index.match('GET', path, path.toLowerCase()) ?? []).map((m) => [m.keys, m.values]);
    assert.deepEqual(keysAndValues('/a/b'), [
      [
        ['x', 'y'],
        [undefined, undefined],
      ],
    ]);
    assert.deepEqual(keysAndValues('/a/b/2'), [
      [
        ['x', 'y'],
        [undefined, '2'],
      ],
    ]);
    assert.deepEqual(keysAndValues('/a/1/b'), [
      [
        ['x', 'y'],
        ['1', undefined],
      ],
    ]);
    assert.deepEqual(keysAndValues('/c/rest'), [
      [
        ['z', 0],
        [undefined, 'rest'],
      ],
    ]);
  });

  it('agrees with a simple reference matcher on generated routes and paths', () => {
    const word = fc.constantFrom('a', 'b', 'users', 'Users', '42', 'x%20y', 'caf%C3%A9');
    const patternSegment = fc.oneof(word, fc.constant(':p'), fc.constant(':q'));
    const pattern = fc.array(patternSegment, { minLength: 0, maxLength: 4 }).map((parts) => {
      // Distinct parameter names per pattern.
      let n = 0;
      return `/${parts.map((part) => (part.startsWith(':') ? `:p${n++}` : part)).join('/')}`;
    });
    const requestPath = fc
      .tuple(fc.array(word, { maxLength: 4 }), fc.boolean())
      .map(([parts, slash]) => `/${parts.join('/')}${slash && parts.length > 0 ? '/' : ''}`);
    fc.assert(
      fc.property(fc.array(pattern, { minLength: 1, maxLength: 6 }), requestPath, (patterns, path) => {
        const index = indexOf(patterns);
        const got = (index.match('GET', path, path.toLowerCase()) ?? []).map((m) => m.entry.order);
        const expected = patterns.flatMap((p, order) => (referenceMatch(p, path) ? [order] : []));
        assert.deepEqual(got, expected);
      }),
    );
  });
});

/** The reference: split both on '/', compare segment by segment, parameters match any non-empty segment. */
function referenceMatch(pattern: string, path: string): boolean {
  const trim = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);
  const want = trim(pattern).split('/');
  const have = trim(path).split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, i) => {
    const actual = have[i] as string;
    if (segment.startsWith(':')) return actual !== '';
    return segment.toLowerCase() === actual.toLowerCase();
  });
}

describe('RouteIndex with Express paths (XROUTE-001, XROUTE-004, XROUTE-011)', () => {
  it('keeps registration order across trie, static and regex routes', () => {
    const index = indexOf(['/u/:id(\\d+)', '/u/:id', '/u/7', /^\/u\/(\d)$/ as unknown as string]);
    assert.deepEqual(
      find(index, '/u/7').map((m) => [String(m.path), m.values]),
      [
        ['/u/:id(\\d+)', ['7']],
        ['/u/:id', ['7']],
        ['/u/7', []],
        ['/^\\/u\\/(\\d)$/', ['7']],
      ],
    );
  });

  it('matches an array of paths once, as one pattern: the first path that matches gives its values', () => {
    const index = new RouteIndex();
    index.add({ order: 0, group: 0, method: 'GET', path: ['/a/:x', ['/a/:y(\\d+)']], handlers: [() => {}] });
    const found = index.match('GET', '/a/1', '/a/1') ?? [];
    assert.equal(found.length, 1);
    // XROUTE-004: Express joins the paths into one regex, so the others' names are there, undefined.
    assert.deepEqual(found[0]?.keys, ['x', 'y']);
    assert.deepEqual(found[0]?.values, ['1', undefined]);
  });

  it('leaves the index as it was when a path of an array is refused', () => {
    const index = new RouteIndex();
    assert.throws(
      () =>
        index.add({ order: 0, group: 0, method: 'GET', path: ['/ok', '/a/:id(\\d+'], handlers: [() => {}] }),
      TypeError,
    );
    assert.equal(index.entries.length, 0);
    assert.equal(index.match('GET', '/ok', '/ok'), null);
  });

  it('compiles strict and case-sensitive routes to regexes, plain ones never', () => {
    const index = new RouteIndex();
    index.add(
      { order: 0, group: 0, method: 'GET', path: '/Foo', handlers: [() => {}] },
      {
        caseSensitive: true,
        strict: true,
      },
    );
    assert.equal(index.match('GET', '/foo', '/foo'), null);
    assert.equal(index.match('GET', '/Foo/', '/foo/'), null);
    assert.equal(index.match('GET', '/Foo', '/foo')?.length, 1);
  });
});

describe('RouteIndex with ANY_METHOD (a flavour walk, XROUTE-012)', () => {
  it('finds the routes of every method whose path matches, static, trie and regex alike, in order', () => {
    const index = new RouteIndex();
    const routes: Array<[string, string]> = [
      ['GET', '/users'],
      ['PUT', '/users'],
      ['POST', '/:page'],
      ['*', '/users'],
      ['DELETE', '/user(s)?'],
      ['GET', '/other'],
    ];
    // A route of kitjs/express: `/user(s)?` is Express 4 syntax (XROUTE-001).
    for (const [order, [method, path]] of routes.entries()) {
      index.add({ order, group: order, method, path, handlers: [() => {}] }, undefined, expressPathSyntax);
    }
    const found = (index.match(ANY_METHOD, '/users', '/users') ?? []).map((m) => m.entry.method);
    assert.deepEqual(found, ['GET', 'PUT', 'POST', '*', 'DELETE']);
    // A request's own method still finds only its routes.
    const options = (index.match('OPTIONS', '/users', '/users') ?? []).map((m) => m.entry.method);
    assert.deepEqual(options, ['*']);
  });
});
