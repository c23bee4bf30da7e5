/** What an Express 5 app or router checks when something is registered on it: its path syntax, and its refusals in Express 5's words. */
import type { SetupErrorCode } from '../../base/errors.js';
import { setupError } from '../../base/errors.js';
import { checkExpress5Path } from './path-syntax.js';

/**
 * X5-003: the string paths of a registration (a path, or the strings of an array of paths), checked against
 * Express 5's syntax before the router takes them, so that a path of kitjs's own form that Express 5 reads
 * otherwise (`/:id?`, `/*`) is refused as Express 5 refuses it (X5-005). Anything else is no path: nothing.
 *
 * @example
 * ```ts
 * checkPaths('/:id?'); // TypeError: route path "/:id?" ... write it as "{/:id}"
 * ```
 */
export function checkPaths(first: unknown): void {
  if (typeof first === 'string') checkExpress5Path(first);
  else if (Array.isArray(first)) {
    for (const path of first.flat(Infinity)) if (typeof path === 'string') checkExpress5Path(path);
  }
}

/**
 * X5-002: `app.param(fn)` and other names than strings are gone in Express 5: a TypeError in its words.
 *
 * @example
 * ```ts
 * checkParamName(() => {}); // TypeError: argument name must be a string
 * ```
 */
export function checkParamName(name: unknown): void {
  if (typeof name !== 'string' && !Array.isArray(name)) {
    throw setupError('KIT_ERR_SETUP_PARAM_NAME', 'argument name must be a string');
  }
}

/** `use`'s arguments as router 2 reads them: `use('')` is the root, `use('/')`. */
export function useArguments(args: unknown[]): unknown[] {
  return args[0] === '' ? ['/', ...args.slice(1)] : args;
}

// X5-005: Express 5's words for the core's setup refusals, by their code (base/errors.ts).
const WORDS: Partial<Record<string, string>> = {
  KIT_ERR_SETUP_NO_HANDLER: 'argument handler is required',
  KIT_ERR_SETUP_HANDLER_TYPE: 'argument handler must be a function',
  KIT_ERR_SETUP_PARAM_CALLBACK: 'argument fn must be a function',
  KIT_ERR_SETUP_ENGINE_CALLBACK: 'callback function required',
} satisfies Partial<Record<SetupErrorCode, string>>;

/**
 * X5-005: runs one registration of the core; a refusal of its with a code Express 5 words otherwise is
 * thrown as a TypeError in Express 5's words (which the code ported from Express 5 and its tests match on)
 * followed by kitjs's own account (which argument, what it was), with the same code and the core's error
 * as its `cause`. `fnMissing`: `param` was given no function, which Express 5 words apart.
 *
 * @example
 * ```ts
 * inExpress5Words(() => super.param(name, fn), fn === undefined);
 * ```
 */
export function inExpress5Words<T>(register: () => T, fnMissing = false): T {
  try {
    return register();
  } catch (error) {
    const code = error instanceof TypeError ? (error as TypeError & { code?: unknown }).code : undefined;
    let words = typeof code === 'string' ? WORDS[code] : undefined;
    if (words === undefined) throw error;
    if (code === 'KIT_ERR_SETUP_PARAM_CALLBACK' && fnMissing) words = 'argument fn is required';
    const refusal = new TypeError(`${words}: ${(error as TypeError).message}`, { cause: error });
    (refusal as TypeError & { code: unknown }).code = code;
    // The stack starts at the registrar the application called, as the core's own refusal's does.
    Error.captureStackTrace(refusal, inExpress5Words);
    throw refusal;
  }
}
