/**
 * Express's `express.query(options)`: kitjs's own `query()` under the name kitjs/express gives it. One
 * implementation, so the two never drift apart (XREQ-041); its option type is kitjs's, not `@types/qs`'s.
 */
export type { QueryOptions } from '../../batteries/middleware/query.js';
export { query } from '../../batteries/middleware/query.js';
