/**
 * XROUTE-020: the route regexes that can backtrack draw on one budget per request (2^22 engine steps), not
 * one each. What a regex is charged is counted on the request (`kitRegexSteps`), so these tests read the
 * count and which routes answered, never a clock.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BoundedRegExp, type RegexMeter } from '../../src/core/router/regex-budget.ts';
import { compileRegExpPath } from '../../src/core/router/regex-path.ts';
import { RouteIndex } from '../../src/core/router/route-index.ts';

const BUDGET = 2 ** 22;

/** A route index of RegExp paths, one GET route each, in order. */
function indexOf(paths: RegExp[]): RouteIndex {
  const index = new RouteIndex();
  paths.forEach((path, order) => {
    index.add({ order, group: order, method: 'GET', path, handlers: [() => {}] });
  });
  return index;
}

/** The orders of the routes matching `path` for one request whose account is `meter`. */
function answer(index: RouteIndex, path: string, meter: RegexMeter): number[] {
  return (index.match('GET', path, path.toLowerCase(), meter) ?? []).map((match) => match.entry.order);
}

// 200 quadratic routes (degree 2: no `^`, and `.*` can take the `f` that follows it), all alike.
const flies = Array.from({ length: 200 }, (_, i) => new RegExp(`.*fly${i}$`));
const LONG = 2043;

describe('one budget per request for the route regexes that can backtrack (XROUTE-020)', () => {
  it('charges 200 quadratic routes on a 2,043-character path what one of them costs', () => {
    const meter: RegexMeter = {};
    assert.deepEqual(answer(indexOf(flies), `/${'a'.repeat(LONG - 1)}`, meter), []);
    // The first route took 2043^2 steps of the 2^22; no other one fit in the 20,455 left.
    assert.equal(meter.kitRegexSteps, LONG ** 2);
  });

  it('answers a route the budget no longer reaches as one over its bound: no match', () => {
    const path = `/${'a'.repeat(LONG - 7)}fly199`;
    assert.equal(path.length, LONG);
    // Alone, the last route is tried on this path and matches (XROUTE-016: 2043 is within its 2048).
    assert.deepEqual(answer(indexOf([flies[199] as RegExp]), path, {}), [0]);
    // After 199 others in the same request, it is not tried.
    assert.deepEqual(answer(indexOf(flies), path, {}), []);
    // An ordinary path leaves room for all 200: 200 × 107^2 steps.
    const short = `/${'a'.repeat(100)}fly199`;
    const meter: RegexMeter = {};
    assert.deepEqual(answer(indexOf(flies), short, meter), [199]);
    assert.equal(meter.kitRegexSteps, 200 * short.length ** 2);
  });

  it('draws on what the request has left: a second lookup of the same request finds less', () => {
    const index = indexOf([flies[0] as RegExp]);
    const path = `/${'a'.repeat(1995)}fly0`;
    const meter: RegexMeter = {};
    assert.deepEqual(answer(index, path, meter), [0]);
    // Another router of the same request (the same meter) cannot afford it again; a new request can.
    assert.deepEqual(answer(index, path, meter), []);
    assert.deepEqual(answer(index, path, {}), [0]);
  });

  it('charges nothing for a try that does not fit, so a cheaper one after it still runs', () => {
    const cubic = /^\/(.*)-(.*)-(.*)$/;
    const quadratic = /^\/(.*)-(.*)$/;
    const path = `/${'a-'.repeat(100)}`;
    const meter: RegexMeter = {};
    // 201^3 steps would not fit (the cubic route's bound is 161 characters); 201^2 do.
    assert.deepEqual(answer(indexOf([cubic, quadratic]), path, meter), [1]);
    assert.equal(meter.kitRegexSteps, path.length ** 2);
  });

  it('charges nothing for a regex whose literal head the path does not start with', () => {
    const under = (prefix: string) => new RegExp(`^\\/${prefix}\\/(.*)-(.*)$`);
    const index = indexOf([under('assets'), under('docs'), under('files')]);
    const path = `/files/${'a'.repeat(1500)}-b`;
    const meter: RegexMeter = {};
    // /assets/ and /docs/ cannot match a /files/ path: the one route that can gets the whole budget.
    assert.deepEqual(answer(index, path, meter), [2]);
    assert.equal(meter.kitRegexSteps, path.length ** 2);
  });

  it('charges a regex with no polynomial bound an exponential that is the whole budget at 16 characters', () => {
    const index = indexOf([/^\/(a+)+$/, /^\/(a+)+$/]);
    const meter: RegexMeter = {};
    assert.deepEqual(answer(index, `/${'a'.repeat(7)}`, meter), [0, 1]);
    assert.equal(meter.kitRegexSteps, 2 * 2 ** 11);
    const full: RegexMeter = {};
    assert.deepEqual(answer(index, `/${'a'.repeat(15)}`, full), [0]);
    assert.equal(full.kitRegexSteps, BUDGET);
  });

  it("keeps each route's bound as the longest path whose cost fits in a whole budget (XROUTE-016)", () => {
    for (const path of [/.*fly$/, /^\/(.*)-(.*)-(.*)$/, /.*-(.*)-(.*)$/, /^\/(a+)+$/]) {
      const regexp = compileRegExpPath(path).regexp;
      assert.ok(regexp instanceof BoundedRegExp, String(path));
      const bound = regexp.maxLength;
      assert.ok(regexp.cost(bound) <= BUDGET, `${path}: ${bound}`);
      assert.ok(regexp.cost(bound + 1) > BUDGET, `${path}: ${bound + 1}`);
    }
  });

  it('keeps no account for a request that meets no regex that can backtrack', () => {
    const index = indexOf([/^\/users\/(\d+)$/]);
    const meter: RegexMeter = {};
    assert.deepEqual(answer(index, `/users/${'1'.repeat(3000)}`, meter), [0]);
    assert.equal('kitRegexSteps' in meter, false);
  });

  it('gives a lookup outside any request (no meter) each route its own bound', () => {
    const index = indexOf([flies[0] as RegExp, flies[199] as RegExp]);
    const path = `/${'a'.repeat(LONG - 7)}fly199`;
    assert.deepEqual(
      index.match('GET', path, path.toLowerCase())?.map((match) => match.entry.order),
      [1],
    );
    assert.deepEqual(answer(index, path, {}), []);
  });
});
