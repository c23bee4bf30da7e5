/** The types of what kitjs/express5's requests and responses have beyond or instead of kit()'s. */
import type { KitRequest, KitResponse, RouteGeneric } from '../../core/types.js';

/** What a kitjs/express5 request has beyond a kit() one (X5-013). */
export interface Express5RequestMembers {
  /** The Host header (or a trusted proxy's X-Forwarded-Host) with its port; undefined without one. */
  readonly host: string | undefined;
}

/**
 * `Request` of kitjs/express5: kit()'s request with Express 5's `req.host`.
 *
 * @example
 * ```ts
 * app.get('/', (req: Request, res: Response) => res.send(req.host));
 * ```
 */
export type Express5Request<Route extends RouteGeneric = {}> = KitRequest<Route> & Express5RequestMembers;

/**
 * `Response` of kitjs/express5: kit()'s response (Express 5 dropped the `(status, body)` forms, as kit() has none).
 *
 * @example
 * ```ts
 * app.get('/', (req: Request, res: Response) => res.status(201).json({ ok: true }));
 * ```
 */
export type Express5Response<Route extends RouteGeneric = {}> = KitResponse<Route>;
