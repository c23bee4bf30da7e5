/** Finds every route in a block of consecutive registrations that matches a path, in registration order. */

import { setupError } from '../../base/errors.js';
import type { Middleware, RoutePath } from '../types.js';
import { compileArrayPath } from './array-path-pattern.js';
import { compileKitPath, kitPathSyntax } from './kit-path-syntax.js';
import type { PathSyntax } from './path-syntax.js';
import { compilePattern, isKitPattern, isStaticVariant, type PatternVariant, staticKey } from './pattern.js';
import { execRoute, type RegexMeter } from './regex-budget.js';
import { compileRegExpPath, compileWritten, type MatchOptions, type RegexPattern } from './regex-path.js';
import { ANY_METHOD } from './router-walk.js';

// What a route may be registered for: the public type, one definition (a second one shows as RoutePath$1).
export type { RoutePath } from '../types.js';

/** A registered route: one method (or '*' for `all`), one pattern, its handlers. */
export interface RouteEntry {
  order: number;
  /** Routes registered through one `route(path)` share a group: `next('route')` leaves all of them. */
  group: number;
  method: string;
  path: RoutePath;
  handlers: Middleware[];
  /** The `Route` object `req.route` shows for this entry (XROUTE-007). */
  route?: unknown;
}

/** A route that matched, with the raw (still encoded) values it captured. */
export interface RouteMatch {
  entry: RouteEntry;
  keys: Array<string | number>;
  /** `undefined` for an optional group of a regex route that took nothing. */
  values: Array<string | undefined>;
  rank: number;
}

interface Terminal {
  entry: RouteEntry;
  variant: PatternVariant;
}

interface RegexTerminal {
  entry: RouteEntry;
  pattern: RegexPattern;
  rank: number;
}

// kitjs's own matching: any case, one trailing slash ignored (ROUTE-005).
const LOOSE: MatchOptions = { caseSensitive: false, strict: false };

class TrieNode {
  statics: Map<string, TrieNode> | null = null;
  param: TrieNode | null = null;
  /** Routes ending here. */
  terminals: Terminal[] = [];
  /** Routes whose trailing `*` starts here. */
  wildcards: Terminal[] = [];
}

/**
 * The route index of one block. Static paths are found by one map lookup; patterns with parameters by a
 * walk of a segment trie whose cost grows with the depth of the path, not with the number of routes.
 * Several routes may match one path; they come back in registration order, because `next()` and
 * `next('route')` move through them in that order (ROUTE-016).
 */
export class RouteIndex {
  private readonly statics = new Map<string, StaticSlot>();
  private readonly root = new TrieNode();
  private dynamic = false;
  /** Routes whose pattern needs a regex (XROUTE-001); null while there are none, so plain apps skip them. */
  private regexes: RegexTerminal[] | null = null;
  readonly entries: RouteEntry[] = [];

  /**
   * Adds a route. kitjs's own patterns (static, `:name`, `:name?`, a trailing `*`) go to the trie; any other
   * string is read by the router's path syntax (kitjs's, ROUTE-022, or a flavour's, XROUTE-001), and it, a
   * RegExp, and every path of a case-sensitive or strict router compile to a regex checked at once
   * (XROUTE-005). Everything is compiled before anything is added, so a refused path leaves the index as it
   * was.
   */
  add(entry: RouteEntry, options: MatchOptions = LOOSE, syntax: PathSyntax = kitPathSyntax): void {
    // XROUTE-004: an array of paths (nested too) is one regex of alternatives, as Express joins them.
    const paths = Array.isArray(entry.path) ? [entry.path.flat(Infinity as 1)] : [entry.path];
    const compiled = paths.map((path) => {
      const rank = 0;
      if (Array.isArray(path)) return { rank, regex: compileArrayPath(path, options, syntax) };
      // XROUTE-011: kitjs's own patterns stay on the trie, with no regex.
      if (typeof path === 'string' && !options.caseSensitive && !options.strict && isKitPattern(path)) {
        return { rank, variants: compilePattern(path) };
      }
      if (path instanceof RegExp) return { rank, regex: compileRegExpPath(path) };
      // A kitjs pattern on a strict or case-sensitive router: refused for what the trie refuses (an empty or
      // dot segment, APP-006), then matched by a regex that reads it as the trie does (ROUTE-021).
      if (typeof path === 'string' && isKitPattern(path)) {
        compilePattern(path);
        return { rank, regex: compileKitPath(path, options) };
      }
      if (typeof path === 'string') {
        return { rank, regex: compileWritten(syntax.write(path, options, true), path, options) };
      }
      throw setupError(
        'KIT_ERR_SETUP_PATH',
        `route path must be a string, a RegExp or an array of them, got ${path === null ? 'null' : typeof path}`,
      );
    });
    this.entries.push(entry);
    for (const part of compiled) {
      if (part.regex !== undefined) {
        this.regexes ??= [];
        this.regexes.push({ entry, pattern: part.regex, rank: part.rank });
      } else this.addVariants(entry, part.variants, part.rank);
    }
  }

  private addVariants(entry: RouteEntry, variants: PatternVariant[], base: number): void {
    for (const compiled of variants) {
      const variant = base === 0 ? compiled : { ...compiled, rank: compiled.rank + base };
      if (isStaticVariant(variant)) {
        const key = staticKey(variant);
        const slot = this.statics.get(key);
        if (slot) {
          slot.terminals.push({ entry, variant });
          // A method added later to a route made earlier keeps the route's place (ROUTE-016).
          slot.terminals.sort((a, b) => a.entry.order - b.entry.order || a.variant.rank - b.variant.rank);
          slot.byMethod.clear();
        } else this.statics.set(key, { terminals: [{ entry, variant }], byMethod: new Map() });
        continue;
      }
      this.dynamic = true;
      let node = this.root;
      for (const segment of variant.segments) {
        if (segment.kind === 'wildcard') break;
        if (segment.kind === 'static') {
          node.statics ??= new Map();
          let child = node.statics.get(segment.value);
          if (!child) {
            child = new TrieNode();
            node.statics.set(segment.value, child);
          }
          node = child;
        } else {
          node.param ??= new TrieNode();
          node = node.param;
        }
      }
      const last = variant.segments[variant.segments.length - 1];
      (last?.kind === 'wildcard' ? node.wildcards : node.terminals).push({ entry, variant });
    }
  }

  /**
   * Every route for `method` matching `path` (canonical, relative to the router), ordered as registered.
   * `lowerPath` is `path` in lower case, computed once by the caller; `meter` is the request (XROUTE-020).
   */
  match(method: string, path: string, lowerPath: string, meter?: RegexMeter): RouteMatch[] | null {
    // Every pattern starts with "/". A target that does not (`*/admin/x`, which Node's parser accepts)
    // must match nothing: splitting it below would drop its first part and reach /admin/:id past a
    // guard on /admin, which decides on the whole path.
    if (path.charCodeAt(0) !== 47 /* / */) return null;
    let found: RouteMatch[] | null = null;
    // ROUTE-005: one trailing slash is ignored, and static parts compare in lower case.
    const key =
      lowerPath.length > 1 && lowerPath.charCodeAt(lowerPath.length - 1) === 47
        ? lowerPath.slice(0, -1)
        : lowerPath;
    const slot = this.statics.get(key);
    if (slot) found = staticMatches(slot, method);
    if (this.dynamic || this.regexes !== null) {
      const collected: RouteMatch[] = [];
      if (this.dynamic) {
        const segments = path.split('/');
        segments.shift();
        collect(this.root, segments, 0, [], method, collected);
      }
      if (this.regexes !== null) this.matchRegexes(method, path, collected, meter);
      if (collected.length > 0) {
        // The static list is shared between requests: never sort it in place, merge into a fresh array.
        found = found === null ? collected : found.concat(collected);
        if (found.length > 1) found.sort((a, b) => a.entry.order - b.entry.order || a.rank - b.rank);
      }
    }
    if (found !== null && found.length > 1) {
      // Optional parameters can make one route match twice; keep its preferred shape only (ROUTE-003).
      found = found.filter((match, index, all) => index === 0 || all[index - 1]?.entry !== match.entry);
    }
    return found;
  }

  /**
   * XROUTE-001: the regex routes matching `path` with their captures (undefined for a group that took
   * nothing), tried in registration order: the order they draw on the request's budget (XROUTE-020).
   */
  private matchRegexes(method: string, path: string, out: RouteMatch[], meter?: RegexMeter): void {
    for (const terminal of this.regexes as RegexTerminal[]) {
      if (!handles(terminal.entry.method, method)) continue;
      const found = execRoute(terminal.pattern.regexp, path, meter);
      if (found === null) continue;
      out.push({
        entry: terminal.entry,
        keys: terminal.pattern.keys,
        values: found.slice(1),
        rank: terminal.rank,
      });
    }
  }
}

/** Routes of one static path, with their matches per request method computed once. */
interface StaticSlot {
  terminals: Terminal[];
  byMethod: Map<string, RouteMatch[] | null>;
}

function staticMatches(slot: StaticSlot, method: string): RouteMatch[] | null {
  let matches = slot.byMethod.get(method);
  if (matches === undefined) {
    const list: RouteMatch[] = [];
    for (const terminal of slot.terminals) {
      if (handles(terminal.entry.method, method)) {
        // ROUTE-021: optional parameters the static shape left out are keys with undefined values.
        list.push({
          entry: terminal.entry,
          keys: terminal.variant.keys,
          values: terminal.variant.keys.map(() => undefined),
          rank: terminal.variant.rank,
        });
      }
    }
    matches = list.length > 0 ? list : null;
    slot.byMethod.set(method, matches);
  }
  return matches;
}

/**
 * A route registered for `routeMethod` answers a `method` request (GET routes also answer HEAD): ROUTE-001,
 * ROUTE-011. {@link ANY_METHOD} asks for every route, whatever its method.
 */
function handles(routeMethod: string, method: string): boolean {
  if (routeMethod === method || routeMethod === '*') return true;
  return (method === 'HEAD' && routeMethod === 'GET') || method === ANY_METHOD;
}

function collect(
  node: TrieNode,
  segments: string[],
  index: number,
  captured: string[],
  method: string,
  out: RouteMatch[],
): void {
  const count = segments.length;
  const atEnd = index === count || (index === count - 1 && segments[index] === '');
  if (atEnd) pushAll(node.terminals, captured, method, out, null);
  // ROUTE-004: a trailing `*` takes the rest of the path, any depth (`''` for `/files/`, nothing for
  // `/files`).
  if (index < count && node.wildcards.length > 0) {
    pushAll(node.wildcards, captured, method, out, segments.slice(index).join('/'));
  }
  if (index >= count) return;
  const segment = segments[index] as string;
  if (node.statics) {
    const child = node.statics.get(segment.toLowerCase());
    if (child) collect(child, segments, index + 1, captured, method, out);
  }
  // ROUTE-002: a parameter takes one non-empty segment and never spans a `/`.
  if (node.param && segment !== '') {
    captured.push(segment);
    collect(node.param, segments, index + 1, captured, method, out);
    captured.pop();
  }
}

function pushAll(
  terminals: Terminal[],
  captured: string[],
  method: string,
  out: RouteMatch[],
  rest: string | null,
): void {
  for (const terminal of terminals) {
    if (!handles(terminal.entry.method, method)) continue;
    const { keys, slots, rank } = terminal.variant;
    let values: Array<string | undefined> = captured.slice();
    if (rest !== null) values.push(terminal.variant.whole ? `/${rest}` : rest);
    if (slots !== null) values = spread(values, slots, keys.length);
    out.push({ entry: terminal.entry, keys, values, rank });
  }
}

/**
 * ROUTE-021: the captures of a variant that left optional parameters out, placed at their keys' indexes,
 * undefined at the others, so `req.params` has every key the regex matcher would give.
 */
function spread(
  captured: Array<string | undefined>,
  slots: number[],
  count: number,
): Array<string | undefined> {
  const values = new Array<string | undefined>(count).fill(undefined);
  for (let i = 0; i < slots.length; i++) values[slots[i] as number] = captured[i];
  return values;
}
