/** `router.param(name, fn)`: the table of parameter callbacks a router keeps, and how they are added. */
import { setupError } from '../../base/errors.js';
import type { ParamHandler } from '../types.js';

// XROUTE-008: the callback's type is the public ParamHandler (src/core/types/handlers.ts).
export type ParamCallback = ParamHandler;

/** Callbacks by parameter name, in the order they were added; no prototype, names come from apps. */
export type ParamTable = Record<string, ParamCallback[]>;

/**
 * The key of a router's table of param callbacks, which the dispatcher reads (null until the first, so
 * dispatch skips them cheaply): internal state, so not a string key of the router (an app is one).
 */
export const PARAM_CALLBACKS: unique symbol = Symbol('kitjs.paramCallbacks');

/**
 * A table with `fn` added for each name (Express's `app.param(['id', 'page'], fn)`); a leading `:` is
 * dropped as Express 4 drops it. A name that is not a non-empty string, or an `fn` that is not a function,
 * is a TypeError (APP-006), a function given as the name too (Express 4's `param(fn)`, XROUTE-019).
 */
export function addParamCallbacks(
  table: ParamTable | null,
  name: string | string[],
  fn: ParamCallback,
): ParamTable {
  // XROUTE-019: Express 4's `param(fn)`, which Express 5 removed, is kitjs/express's alone (flavours/express4).
  if (typeof name === 'function') {
    throw setupError(
      'KIT_ERR_SETUP_PARAM_NAME',
      "param(fn): a function in place of the name is Express 4's deprecated form, which kitjs/express alone takes; give param(name, fn)",
    );
  }
  const names = Array.isArray(name) ? name : [name];
  if (typeof fn !== 'function') {
    throw setupError(
      'KIT_ERR_SETUP_PARAM_CALLBACK',
      `param(${JSON.stringify(name)}, fn): fn must be a function, got ${typeof fn}`,
    );
  }
  const out: ParamTable = table ?? Object.create(null);
  for (const one of names) {
    if (typeof one !== 'string' || one === '' || one === ':') {
      throw setupError(
        'KIT_ERR_SETUP_PARAM_NAME',
        `param(name, fn): name must be a non-empty string or an array of them`,
      );
    }
    const key = one.charCodeAt(0) === 58 /* : */ ? one.slice(1) : one;
    const list = out[key] ?? [];
    list.push(fn);
    out[key] = list;
  }
  return out;
}
