/** What `use(...)` adds to a router's stack: its arguments read as Express reads them, checked at setup. */
import { setupError } from '../../base/errors.js';
import { refuseFactory } from '../../base/factory-guard.js';
import type { Middleware, Mountable } from '../types.js';
import type { PrefixLayer } from './layer.js';
import type { PathSyntax } from './path-syntax.js';
import { staticSegment } from './pattern.js';
import type { RegexPattern } from './regex-path.js';
import { describe } from './route.js';
import { compileUsePath, isPlainPrefix } from './use-path-pattern.js';

/**
 * The layers `use(...args)` adds: one per middleware function or mountable (a Router, a kit app), all under
 * the prefix the first argument gives, if it is a path. Anything else is a TypeError naming it (APP-006,
 * APP-010).
 *
 * @example
 * ```ts
 * stack.push(...useLayers(['/api', auth, api], false, kitPathSyntax)); // middleware, then a mount, both under /api
 * ```
 */
export function useLayers(args: unknown[], caseSensitive: boolean, syntax: PathSyntax): PrefixLayer[] {
  let prefix = '';
  let pattern: RegexPattern | undefined;
  let items: unknown[] = args;
  if (isUsePath(args[0])) {
    // XROUTE-006: a prefix with a pattern (of the router's syntax, ROUTE-022), a RegExp or an array of paths
    // matches by a checked regex;
    // a case-sensitive router's prefixes compare exactly too, as Express's do (XROUTE-005). A literal
    // prefix of a router that ignores case matches as before (ROUTE-008), with no regex; what is literal is
    // the syntax's to say (XROUTE-018: Express 4 reads `/rou+ter` as a pattern).
    if (typeof args[0] === 'string' && !caseSensitive && isPlainPrefix(args[0], syntax)) {
      prefix = normalizePrefix(args[0]);
    } else {
      pattern = compileUsePath(args[0], caseSensitive, syntax);
      prefix = Array.isArray(args[0])
        ? args[0]
            .flat(Infinity as 1)
            .map(String)
            .join(',')
        : String(args[0]);
    }
    items = args.slice(1);
  }
  items = items.flat(Infinity);
  // APP-006: worded as Express words it, so code that checks Express's message keeps working.
  if (items.length === 0)
    throw setupError(
      'KIT_ERR_SETUP_NO_HANDLER',
      'use() requires a middleware function or a Router, and got none',
    );
  return items.map((item, position): PrefixLayer => {
    refuseFactory(item, prefix === '' ? 'use()' : `use('${prefix}')`);
    // A Router, or a kit app (a function too, APP-012): mounted, so that its 404 falls through to here.
    if (
      item !== null &&
      (typeof item === 'object' || typeof item === 'function') &&
      typeof (item as Mountable).handle === 'function'
    ) {
      return { kind: 'mount', prefix, target: item as Mountable, pattern };
    }
    if (typeof item === 'function') {
      const handler = item as Middleware;
      return { kind: 'middleware', prefix, handler, errorHandler: handler.length >= 4, pattern };
    }
    throw setupError(
      'KIT_ERR_SETUP_HANDLER_TYPE',
      `use(): argument ${position + 1} requires a middleware function but got a ${typeName(item)} (${describe(item)}); a Router mounts too`,
    );
  });
}

/** A value's type as Express names it in its messages: `typeof` for a primitive, else its class (`Null`, `Date`). */
function typeName(value: unknown): string {
  return typeof value === 'object' ? Object.prototype.toString.call(value).slice(8, -1) : typeof value;
}

/**
 * Whether `use`'s first argument is a path, as Express decides it: a string, a RegExp, or an array whose
 * first element (at any depth) is not a function or a router.
 */
function isUsePath(first: unknown): boolean {
  let arg = first;
  while (Array.isArray(arg) && arg.length > 0) arg = arg[0];
  if (Array.isArray(first) && Array.isArray(arg)) return false;
  return typeof arg === 'string' || arg instanceof RegExp;
}

/** A `use` prefix in its matching form: canonical, encoded, lower case, no trailing slash, '' for the root. */
function normalizePrefix(prefix: string): string {
  if (prefix.charCodeAt(0) !== 47)
    throw setupError('KIT_ERR_SETUP_PATH', `use('${prefix}'): a path prefix must start with "/"`);
  let trimmed = prefix;
  while (trimmed.length > 1 && trimmed.endsWith('/')) trimmed = trimmed.slice(0, -1);
  if (trimmed === '/') return '';
  return trimmed
    .split('/')
    .slice(1)
    .map((segment) => `/${staticSegment(segment, prefix)}`)
    .join('');
}
