/** HARD-002's guard: how many synchronous hops of one request are on the stack, counted on the request. */
import type { KitRequest } from '../types.js';

// As Express does: after this many synchronous hops, continue on the next turn of the event loop, so that
// thousands of handlers calling next() synchronously never overflow the stack.
const MAX_SYNC_HOPS = 100;

/**
 * The request with its count. The count belongs to the request, not to the module: every router and
 * mounted app a request goes through (a Dispatch each, 1 000 nested ones in HARD-002's scenario) adds to
 * the one count, since they all run on one call stack, and no other request or app shares it (APP-001).
 * KitIncomingMessage declares it (0), so every request has one shape; a request kitjs never adopted
 * (a standalone Route outside an app) gets it at its first hop.
 */
interface HopCountedRequest {
  kitHops?: number;
}

/** What takes hops: a router's Dispatch, a Route dispatched on its own. */
export interface Hopper {
  readonly req: KitRequest;
  /** One synchronous hop: runs the next handler that applies, or finishes. */
  step(): void;
}

/**
 * Runs `hopper.step()` now, or on the next turn of the event loop when its request already has
 * MAX_SYNC_HOPS hops on the stack (HARD-002).
 *
 * @example
 * ```ts
 * runHop(dispatch); // dispatch.step() now, or after setImmediate when the stack is deep
 * ```
 */
export function runHop(hopper: Hopper): void {
  const req = hopper.req as HopCountedRequest;
  const depth = req.kitHops ?? 0;
  if (depth >= MAX_SYNC_HOPS) {
    setImmediate(runHop, hopper);
    return;
  }
  req.kitHops = depth + 1;
  try {
    hopper.step();
  } finally {
    req.kitHops = depth;
  }
}
