/**
 * The shared case table (cases.ts) run against every route matcher (matchers.ts), at the module level:
 * whichever matcher answers, a request gets the same match and the same `req.params`, keys in the same
 * order (ROUTE-021). A case a matcher never sees is skipped with the reason the matcher gives.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cases, optionsOf } from './cases.ts';
import { type Matcher, matchers, paramsOf, routedPath } from './matchers.ts';

/**
 * Cases a matcher supports but is known to get wrong, by matcher, with the reason (the per-implementation
 * file of known failures, as conformance suites keep one). Empty: every disagreement found was fixed.
 */
const knownFailures: Record<Matcher['name'], Array<{ pattern: string; path: string; reason: string }>> = {
  trie: [],
  regex: [],
};

function label(one: (typeof cases)[number]): string {
  const options = Object.entries(optionsOf(one))
    .filter(([, on]) => on)
    .map(([name]) => name);
  const under = options.length > 0 ? ` (${options.join(', ')})` : '';
  return `${one.rule} ${one.pattern}${under} on ${one.path}`;
}

for (const matcher of matchers) {
  describe(`${matcher.name} matcher: the shared cases`, () => {
    for (const one of cases) {
      const options = optionsOf(one);
      const skip =
        matcher.unsupported(one.pattern, options) ??
        knownFailures[matcher.name].find((known) => known.pattern === one.pattern && known.path === one.path)
          ?.reason;
      it(label(one), { skip: skip ?? false }, () => {
        const match = matcher.compile(one.pattern, options)(routedPath(one.path));
        assert.deepEqual(match === null ? null : paramsOf(match), one.params);
      });
    }
  });
}

describe('the shared cases', () => {
  it('run on both matchers wherever the trie may answer, and the trie takes a fair share of them', () => {
    const both = cases.filter((one) =>
      matchers.every((m) => m.unsupported(one.pattern, optionsOf(one)) === undefined),
    );
    assert.ok(both.length > cases.length / 2, `${both.length} of ${cases.length}`);
  });

  it('name every key of the pattern, present or not, in the same order on both matchers (ROUTE-021)', () => {
    for (const one of cases) {
      const options = optionsOf(one);
      const runs = matchers.filter((m) => m.unsupported(one.pattern, options) === undefined);
      if (runs.length < 2) continue;
      const keys = runs.map((m) => m.compile(one.pattern, options)(routedPath(one.path))?.keys ?? null);
      assert.deepEqual(keys[0], keys[1], label(one));
    }
  });
});
