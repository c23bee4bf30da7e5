/** HARD-002's guard: how many synchronous hops of the dispatcher are on the stack. */
import type { KitRequest } from '../types.js';

// As Express does: after this many synchronous hops, continue on the next turn of the event loop, so that
// thousands of handlers calling next() synchronously never overflow the stack.
const MAX_SYNC_HOPS = 100;

// How many hops are on the stack right now, across every Dispatch and every app (APP-001). A count per
// Dispatch is not enough: each mounted router starts a Dispatch of its own, so 1 000 nested routers
// overflowed the stack while every one of them stayed under the limit, and the request was never answered.
let syncDepth = 0;

/** What takes hops: a router's Dispatch, a Route dispatched on its own. */
export interface Hopper {
  readonly req: KitRequest;
  /** One synchronous hop: runs the next handler that applies, or finishes. */
  step(): void;
}

/**
 * Runs `hopper.step()` now, or on the next turn of the event loop when MAX_SYNC_HOPS hops are already on
 * the stack (HARD-002).
 *
 * @example
 * ```ts
 * runHop(dispatch); // dispatch.step() now, or after setImmediate when the stack is deep
 * ```
 */
export function runHop(hopper: Hopper): void {
  if (syncDepth >= MAX_SYNC_HOPS) {
    setImmediate(runHop, hopper);
    return;
  }
  syncDepth++;
  try {
    hopper.step();
  } finally {
    syncDepth--;
  }
}
