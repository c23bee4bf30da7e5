/**
 * HARD-008: no ReDoS. The route compiler produces no regular expression for kitjs's own patterns, and every
 * regular expression written in src/ gets a "safe" verdict from recheck (a devDependency: kitjs itself never
 * loads it). The regexes Express paths need are bounded by their cost when registered
 * (test/hardening/express-pattern.test.ts, XROUTE-016).
 */
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { check, type Diagnostics } from 'recheck';
import { compilePattern } from '../../src/core/router/pattern.ts';
import { RouteIndex } from '../../src/core/router/route-index.ts';
import { findRegexes } from './regex-literals.ts';

// Any fixed number will do; it was chosen once and never changes, so each run checks exactly the same.
const RECHECK_SEED = 20261124;
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every RegExp reachable from `value` (own properties, arrays, maps, sets), each object visited once. */
function regexesIn(value: unknown, seen = new Set<unknown>()): RegExp[] {
  if (value instanceof RegExp) return [value];
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  const children: unknown[] =
    value instanceof Map
      ? [...value.keys(), ...value.values()]
      : value instanceof Set
        ? [...value]
        : Object.values(value);
  return children.flatMap((child) => regexesIn(child, seen));
}

// Patterns the compiler accepts: static segments, :name, :name?, and a trailing *.
const staticSegment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,8}$/);
const paramSegment = fc
  .tuple(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/), fc.boolean())
  .map(([name, optional]) => `:${name}${optional ? '?' : ''}`);
const pattern = fc
  .tuple(fc.array(fc.oneof(staticSegment, paramSegment), { maxLength: 10 }), fc.boolean())
  .map(([segments, wildcard]) => `/${[...segments, ...(wildcard ? ['*'] : [])].join('/')}`)
  .filter((p) => (p.match(/:[A-Za-z_]\w*\?/g) ?? []).length <= 8);

describe('the route compiler', () => {
  it('produces no regular expression for any pattern it accepts', () => {
    fc.assert(
      fc.property(pattern, (p) => {
        let variants: ReturnType<typeof compilePattern>;
        try {
          variants = compilePattern(p);
        } catch (err) {
          // Duplicate parameter names and the like are setup errors, not regexes.
          assert.ok(err instanceof TypeError, String(err));
          return;
        }
        assert.deepEqual(regexesIn(variants), [], p);
      }),
      { numRuns: 500 },
    );
  });

  it('builds a route index that holds no regular expression', () => {
    fc.assert(
      fc.property(fc.array(pattern, { minLength: 1, maxLength: 30 }), (patterns) => {
        const index = new RouteIndex();
        patterns.forEach((path, order) => {
          try {
            index.add({ order, group: order, method: 'GET', path, handlers: [() => {}] });
          } catch (err) {
            assert.ok(err instanceof TypeError, String(err));
          }
        });
        assert.deepEqual(regexesIn(index), []);
      }),
      { numRuns: 100 },
    );
  });
});

describe('every regular expression in src/', () => {
  const { found, dynamic } = findRegexes(join(root, 'src'), root);

  it('is written out, so it can be checked (no RegExp built from a value)', () => {
    // XROUTE-016: the one exception builds route regexes (and one-character probes of their atoms) and bounds
    // each by its cost before returning it (src/core/router/regex-safety.ts; tested in express-pattern.test.ts).
    const unchecked = dynamic.filter((site) => !site.where.startsWith('src/core/router/regex-safety.ts:'));
    assert.deepEqual(unchecked, []);
    assert.equal(dynamic.length - unchecked.length, 1, 'regex-safety.ts builds its regex in one place');
  });

  it('was found (the scanner works)', () => {
    // src/core/router/canonical-path.ts alone has several; none found means the scanner broke, not that src is clean.
    assert.ok(
      found.some((r) => r.where.startsWith('src/core/router/canonical-path.ts')),
      'no regex found',
    );
  });

  // One test per file, so a failure names the file whose owner has to act.
  const byFile = new Map<string, typeof found>();
  for (const regex of found) {
    const file = regex.where.slice(0, regex.where.lastIndexOf(':'));
    byFile.set(file, [...(byFile.get(file) ?? []), regex]);
  }
  for (const [file, regexes] of byFile) {
    it(`${file}: recheck finds every regex safe`, { timeout: 30_000 }, async () => {
      const verdicts = await Promise.all(
        regexes.map(async (regex) => ({
          regex,
          // The native recheck binary answers in milliseconds; the timeout only bounds a pathological case.
          // A fixed seed: recheck's fuzzer is random, and a gate must give one verdict for one regex.
          diagnostics: (await check(regex.source, regex.flags, {
            timeout: 10_000,
            randomSeed: RECHECK_SEED,
          })) as Diagnostics,
        })),
      );
      const unsafe = verdicts
        .filter(({ diagnostics }) => diagnostics.status !== 'safe')
        .map(({ regex, diagnostics }) => {
          const detail =
            diagnostics.status === 'vulnerable'
              ? `${diagnostics.complexity.summary}, attack ${diagnostics.attack.pattern}`
              : diagnostics.status === 'unknown'
                ? `unknown (${diagnostics.error.kind})`
                : '';
          return `${regex.where} /${regex.source}/${regex.flags}: ${diagnostics.status}: ${detail}`;
        });
      assert.deepEqual(unsafe, []);
    });
  }
});
