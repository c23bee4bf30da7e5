// HARD-002's guard (src/core/router/sync-hops.ts): the count of synchronous hops is carried by the request.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Hopper, runHop } from '../../src/core/router/sync-hops.ts';
import type { KitRequest } from '../../src/core/types.ts';

/** A chain of hoppers on `req`, each stepping into the next synchronously; counts the steps run at once. */
function chain(req: KitRequest, length: number, inner?: () => void): { first: Hopper; ran: () => number } {
  let ran = 0;
  const make = (left: number): Hopper => ({
    req,
    step() {
      ran++;
      if (left > 1) runHop(make(left - 1));
      else inner?.();
    },
  });
  return { first: make(length), ran: () => ran };
}

const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('runHop', () => {
  it('runs 100 hops of one request at once, the rest on a later turn, and leaves the count at 0', async () => {
    const req = {} as KitRequest;
    const { first, ran } = chain(req, 250);
    runHop(first);
    assert.equal(ran(), 100);
    assert.equal((req as { kitHops?: number }).kitHops, 0);
    await settled();
    await settled();
    await settled();
    assert.equal(ran(), 250);
  });

  it("another request's hops, even nested inside this one's, have a count of their own", () => {
    const outer = {} as KitRequest;
    const inner = {} as KitRequest;
    const innerChain = chain(inner, 100);
    const outerChain = chain(outer, 100, () => runHop(innerChain.first));
    runHop(outerChain.first);
    assert.equal(outerChain.ran(), 100);
    assert.equal(innerChain.ran(), 100);
  });

  it('a step that throws gives the count back', () => {
    const req = {} as KitRequest;
    assert.throws(() =>
      runHop({
        req,
        step() {
          throw new Error('step failed');
        },
      }),
    );
    assert.equal((req as { kitHops?: number }).kitHops, 0);
  });
});
