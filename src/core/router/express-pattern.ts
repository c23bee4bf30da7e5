/**
 * The route-regex compilers in one import, for the router and the route index: Express 4 string paths and
 * RegExp paths (express-pattern-compile.ts, which reads the syntax with express-pattern-syntax.ts), kitjs's
 * own form on a router that matches by regex (kit-path-pattern.ts), and `use` prefixes (use-path-pattern.ts).
 * Every regex they return is bounded by its cost, as regex-safety.ts judges it (XROUTE-016).
 */
export {
  compileExpressPath,
  compileRegExpPath,
  groupNames,
  type MatchOptions,
  type RegexPattern,
} from './express-pattern-compile.js';
export { compileKitPath } from './kit-path-pattern.js';
export { compileUsePath, isLiteralPrefix } from './use-path-pattern.js';
