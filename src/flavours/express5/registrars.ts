/** What an Express 5 app or router checks when something is registered on it: its path syntax, and its refusals in Express 5's words. */
import { METHODS } from 'node:http';
import { checkExpress5Path } from './path-syntax.js';

type Registrar = (...args: unknown[]) => unknown;

/** The registrars a router of Express 5 has: one per HTTP method, `all`, `use`, `route` and `param`. */
const NAMES = [...METHODS.map((method) => method.toLowerCase()), 'all', 'use', 'route', 'param', 'engine'];

/**
 * X5-003: the string paths of a registration (the first argument, or the strings of an array of paths),
 * checked against Express 5's syntax before the router takes them, so that a path of kitjs's own form that
 * Express 5 reads otherwise (`/:id?`, `/*`) is refused as Express 5 refuses it (X5-005).
 */
function checkPaths(first: unknown): void {
  if (typeof first === 'string') checkExpress5Path(first);
  else if (Array.isArray(first)) {
    for (const path of first.flat(Infinity)) if (typeof path === 'string') checkExpress5Path(path);
  }
}

/**
 * X5-005: a refusal of the core in Express 5's words, which the code ported from Express 5 and its tests
 * match on, followed by kitjs's own account of it (which argument, what it was).
 */
function inExpress5Words(name: string, error: unknown): unknown {
  if (!(error instanceof TypeError)) return error;
  const message = error.message;
  let words: string | undefined;
  if (name === 'engine') {
    words = /must be a function/.test(message) ? 'callback function required' : undefined;
  } else if (name === 'param') {
    words = /got undefined$/.test(message) ? 'argument fn is required' : 'argument fn must be a function';
  } else if (/requires a middleware function or a Router, and got none/.test(message)) {
    words = 'argument handler is required';
  } else if (/expected a function$|requires a middleware function but got/.test(message)) {
    words = 'argument handler must be a function';
  }
  if (words === undefined) return error;
  const translated = new TypeError(`${words}: ${message}`);
  translated.stack = `TypeError: ${translated.message}\n${error.stack?.split('\n').slice(1).join('\n') ?? ''}`;
  return translated;
}

/** `app.param(fn)` and other names than strings are gone in Express 5 (X5-002). */
function checkParamName(name: unknown): void {
  if (typeof name !== 'string' && !Array.isArray(name)) {
    throw new TypeError('argument name must be a string');
  }
}

/**
 * X5-003, X5-005: wraps the registrars of `target` (an Express 5 app or router) as own members that check
 * their paths with Express 5's syntax and word the core's refusals as Express 5 does. Registration only: a
 * request runs none of it.
 *
 * @example
 * ```ts
 * express5Registrars(router);
 * router.get('/:id?', handler); // TypeError: route path "/:id?" ... write it as "{/:id}"
 * ```
 */
export function express5Registrars(target: object): void {
  const self = target as Record<string, unknown>;
  for (const name of NAMES) {
    const own = self[name];
    if (typeof own !== 'function') continue;
    const wrapped = {
      [name](this: unknown, ...args: unknown[]): unknown {
        // `app.get(name)` reads a setting: no path to check.
        if (!(name === 'get' && args.length === 1 && target === this && 'settings' in target)) {
          if (name === 'param') checkParamName(args[0]);
          else if (name !== 'engine') checkPaths(args[0]);
        }
        // router 2 reads `use('')` as the root, `use('/')`.
        if (name === 'use' && args[0] === '') {
          args[0] = '/';
        }
        try {
          return (own as Registrar).apply(this, args);
        } catch (error) {
          throw inExpress5Words(name, error);
        }
      },
    }[name] as Registrar;
    Object.defineProperty(target, name, { value: wrapped, writable: true, configurable: true });
  }
}
