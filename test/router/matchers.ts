/**
 * The two route matchers behind one small interface, for the shared case table (common.case.test.ts) and the
 * differential property test: the segment trie and the regex compiler, called at the module level.
 */
import { canonicalPath, pathFault } from '../../src/core/router/canonical-path.ts';
import { compileKitPath } from '../../src/core/router/kit-path-syntax.ts';
import { isKitPattern } from '../../src/core/router/pattern.ts';
import type { MatchOptions, RegexPattern } from '../../src/core/router/regex-path.ts';
import { RouteIndex } from '../../src/core/router/route-index.ts';
import { expressPathSyntax } from '../../src/flavours/express4/path-syntax.ts';

export const LOOSE: MatchOptions = { caseSensitive: false, strict: false };

/** What a matcher gives for one path: the names and raw (still encoded) values, as RouteMatch holds them. */
export interface Captures {
  keys: Array<string | number>;
  values: Array<string | undefined>;
}

export interface Matcher {
  name: 'trie' | 'regex';
  /** Why this matcher never sees the pattern under these options, or undefined when it may. */
  unsupported(pattern: string, options: MatchOptions): string | undefined;
  /** Compiles `pattern` (throwing as registration would) and returns a function matching canonical paths. */
  compile(pattern: string, options: MatchOptions): (path: string) => Captures | null;
}

function isLoose(options: MatchOptions): boolean {
  return !options.caseSensitive && !options.strict;
}

/**
 * One route in a RouteIndex, as a router of kitjs/express adds it (the cases hold Express 4 forms too:
 * XROUTE-001); its first match for GET.
 */
function throughIndex(pattern: string, options: MatchOptions): (path: string) => Captures | null {
  const index = new RouteIndex();
  index.add(
    { order: 0, group: 0, method: 'GET', path: pattern, handlers: [() => {}] },
    options,
    expressPathSyntax,
  );
  return (path) => {
    // A fresh request's account (XROUTE-020), as a router matches for a request.
    const found = index.match('GET', path, path.toLowerCase(), {});
    const first = found?.[0];
    return first === undefined ? null : { keys: first.keys, values: first.values };
  };
}

function throughRegex(pattern: RegexPattern): (path: string) => Captures | null {
  return (path) => {
    const found = pattern.regexp.exec(path);
    return found === null ? null : { keys: pattern.keys, values: found.slice(1) };
  };
}

export const trie: Matcher = {
  name: 'trie',
  unsupported(pattern, options) {
    if (!isLoose(options)) {
      return 'the trie serves only routers that are neither strict nor case-sensitive (XROUTE-005)';
    }
    if (!isKitPattern(pattern))
      return "Express syntax beyond kitjs's own form compiles to a regex (XROUTE-001)";
    return undefined;
  },
  // A plain router puts kitjs's own patterns on the trie (XROUTE-011).
  compile: (pattern, options) => throughIndex(pattern, options),
};

export const regex: Matcher = {
  name: 'regex',
  unsupported: () => undefined,
  compile(pattern, options) {
    // A plain router never builds a regex for a kitjs pattern: build the one a strict or case-sensitive
    // router would (compileKitPath), with the plain router's options. Everything else goes through the
    // index exactly as a router adds it.
    if (isLoose(options) && isKitPattern(pattern)) return throughRegex(compileKitPath(pattern, options));
    return throughIndex(pattern, options);
  },
};

export const matchers: Matcher[] = [trie, regex];

/** A request path as routing sees it: canonical; throws for a path routing refuses before matching. */
export function routedPath(raw: string): string {
  const fault = pathFault(raw);
  if (fault !== undefined) throw new Error(`${raw} is refused before routing (${fault})`);
  return canonicalPath(raw);
}

/**
 * `req.params` as dispatch builds it from a match (src/core/router/dispatch.ts, enterRoute), as its entries:
 * decoded values; an undefined value (an optional part that took nothing) is a key too, and does not
 * overwrite a name another capture set. Object.entries orders integer keys first, as req.params shows them.
 */
export function paramsOf(captures: Captures): Array<[string, string | undefined]> {
  const params: Record<string, string | undefined> = {};
  captures.keys.forEach((key, i) => {
    const raw = captures.values[i];
    if (raw === undefined) {
      if (!Object.hasOwn(params, key)) params[key] = undefined;
    } else params[key] = raw.includes('%') ? decodeURIComponent(raw) : raw;
  });
  return Object.entries(params);
}
