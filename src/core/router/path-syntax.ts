/** The path syntax a router reads its string paths with: kitjs's own on a `kit()` app or `new Router()`, a flavour's on the routers it makes. */
import type { MatchOptions, WrittenSource } from './regex-path.js';

/**
 * How a router reads the string paths of its routes and `use` prefixes that its segment trie and its literal
 * prefixes do not hold (ROUTE-022). kitjs's own form (static segments, `:name`, `:name?`, a trailing `*`) means
 * the same in every syntax and matches the same way (ROUTE-021, XROUTE-011); a syntax says what the other
 * strings mean: kitjs's own adds `:name(regex)` and refuses the rest (`kit-path-syntax.ts`), Express 4's reads
 * them as path-to-regexp 0.1.12 does (`flavours/express4/path-syntax.ts`, XROUTE-001). It is read when a path
 * is registered, never per request.
 *
 * @example
 * ```ts
 * const literalOnly: PathSyntax = {
 *   write(path) {
 *     throw setupError('KIT_ERR_SETUP_PATH', `route path "${path}": only literal paths here`);
 *   },
 * };
 * ```
 */
export interface PathSyntax {
  /**
   * The regex source (`^` to its end) and keys of `path`, for a route (`end` true) or a `use` prefix (`end`
   * false, matching whole segments at the start of the path), framed by `frameSource` (regex-path.ts). A
   * path this syntax does not read is a TypeError naming it.
   */
  write(path: string, options: MatchOptions, end: boolean): WrittenSource;
  /**
   * Whether this syntax reads `path`, a `use` prefix, as plain text, which a router that ignores case matches by
   * its prefix walk with no regex (ROUTE-008); any other prefix goes to {@link PathSyntax.write}. Left out, a
   * prefix is plain text when it has no `:`, `*`, `?` or parentheses (kitjs's own reading, ROUTE-021, which
   * also refuses one that does not start with `/`); Express's syntaxes read more characters as syntax, and a
   * prefix without its leading `/` as a pattern (XROUTE-018).
   */
  plainPrefix?(path: string): boolean;
}

/**
 * The key of a router's path syntax: a flavour sets it on the routers and apps it makes, before any path is
 * registered (`router[PATH_SYNTAX] = expressPathSyntax`). A router mounted in another keeps its own: its paths
 * were compiled when they were registered.
 */
export const PATH_SYNTAX: unique symbol = Symbol('kitjs.pathSyntax');
