/** Express 4's deprecated `app.param(fn)` and `router.param(fn)`: functions that make the callback of every later `param(name, arg)`. */

import { setupError } from '../../base/errors.js';
import type { ParamHandler } from '../../core/types.js';

/** Express 4's param function: given a name and what `param(name, arg)` was given, the callback to use, or nothing. */
type ParamFactory = (name: string, arg: unknown) => unknown;

/** The core's `param(name, fn)` (router/router.ts), on the router the override was called on. */
type CoreParam = (name: string | string[], fn: ParamHandler) => unknown;

/**
 * XROUTE-019: the param functions of one kitjs/express app or router (`Express4App`, `Express4Router` keep
 * one each and route their `param` through {@link ParamFactories.param}). `param(fn)` keeps `fn(name, arg)`,
 * and every later `param(name, arg)` of the same router asks each kept function in turn, in the order they
 * were given, what to use instead of `arg`: a truthy answer replaces it and is what the next one is given,
 * and what is left must be a function, else a TypeError in Express 4's words (`invalid param() call for id,
 * got ...`). So `app.param((name, re) => ...)` lets `app.param('id', /^\d+$/)` validate. `param(fn)` says
 * once per router that it is deprecated, as Express does, and answers the app (a router answers `undefined`,
 * as Express 4's does). A router with no such function runs the core's `param` as it is; a kit() app and a
 * kitjs/express5 router have none of this (Express 5 removed it). Registration only: a request runs none of it.
 *
 * @example
 * ```ts
 * const factories = new ParamFactories(false);
 * factories.param(router, (name, re) => (re instanceof RegExp ? (req, res, next, value) => (re.test(value) ? next() : next('route')) : undefined), undefined, coreParam);
 * factories.param(router, 'id', /^\d+$/, coreParam);
 * ```
 */
export class ParamFactories {
  readonly #factories: ParamFactory[] = [];
  #told = false;
  readonly #answersSelf: boolean;

  /** @param answersSelf whether `param(fn)` answers the router (an app's does; a router's answers undefined) */
  constructor(answersSelf: boolean) {
    this.#answersSelf = answersSelf;
  }

  /** Express 4's `router.param(name, arg)` or `router.param(fn)`; `coreParam` registers a callback. */
  param(router: object, name: unknown, arg: unknown, coreParam: CoreParam): unknown {
    if (typeof name === 'function') {
      if (!this.#told) {
        this.#told = true;
        process.emitWarning('router.param(fn): Refactor to use path params', 'DeprecationWarning');
      }
      this.#factories.push(name as ParamFactory);
      return this.#answersSelf ? router : undefined;
    }
    if (this.#factories.length === 0) return coreParam(name as string, arg as ParamHandler);
    // Express 4's app.param hands its router one name at a time, and each name's callback is made for it.
    if (Array.isArray(name)) {
      for (const one of name) this.param(router, one, arg, coreParam);
      return router;
    }
    const key = typeof name === 'string' && name.charCodeAt(0) === 58 /* : */ ? name.slice(1) : name;
    let fn = arg;
    for (const factory of this.#factories) {
      const made = factory(key as string, fn);
      if (made) fn = made;
    }
    if (typeof fn !== 'function') {
      throw setupError(
        'KIT_ERR_SETUP_PARAM_CALLBACK',
        `invalid param() call for ${shown(key)}, got ${shown(fn)}`,
      );
    }
    return coreParam(name as string, fn as ParamHandler);
  }
}

/** A value as Express's message concatenates it; a value whose text throws is named by its type. */
function shown(value: unknown): string {
  try {
    return String(value);
  } catch {
    return typeof value;
  }
}
