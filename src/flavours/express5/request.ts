/** kitjs/express5's request class: the core's, with what Express 5's requests read differently. */

import { trustedHost } from '../../core/request/proxy.js';
import { ExpressRequest } from '../express-shared/request.js';
import { WILDCARD_MARK } from './path-syntax.js';

type Params = Record<string, string | string[]>;

/**
 * X5-004: `req.params` as router 2 gives it: an object with a null prototype, an optional parameter that
 * matched nothing absent (not undefined), and a wildcard's value the list of its segments. The router hands
 * over its captures under their keys; a wildcard's key carries {@link WILDCARD_MARK} (`path-syntax.ts`).
 *
 * @example
 * ```ts
 * shapeParams({ id: '1', ext: undefined }); // [Object: null prototype] { id: '1' }
 * ```
 */
export function shapeParams(value: Record<string, unknown>): Params {
  const shaped = Object.create(null) as Params;
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    if (key.startsWith(WILDCARD_MARK)) {
      shaped[key.slice(WILDCARD_MARK.length)] =
        typeof item === 'string' ? item.split('/') : (item as string[]);
    } else shaped[key] = item as string;
  }
  return shaped;
}

/**
 * The class of every request of a kitjs/express5 app, and `express.request` is its prototype: a member added
 * there reaches kitjs/express5 requests, never a kit() or kitjs/express one (X5-001). Express 5 has no
 * `req.param()` (X5-002), keeps the port in `req.host` (X5-013) and shapes `req.params` as router 2 does (X5-004).
 */
export class Express5Request extends ExpressRequest {
  // What the router last set, and its X5-004 shape, made on first read: a request whose handlers never read
  // `req.params` (or read it once after several routes set it) shapes nothing, or once. Both are set first by
  // the core's constructor, through the accessor below, so every request has the same fields.
  declare private givenParams: Record<string, unknown>;
  declare private shapedParams: Params | undefined;

  /**
   * The core's `params`, as an accessor: the shape of what the router set last (X5-004). Typed as the core's
   * (as @types/express types it); a wildcard's value is an array of strings at run time.
   */
  // @ts-expect-error an accessor in place of the core's property (which the core assigns, never defines).
  override get params(): Record<string, string> {
    this.shapedParams ??= shapeParams(this.givenParams);
    return this.shapedParams as Record<string, string>;
  }

  override set params(value: Record<string, unknown>) {
    this.givenParams = value;
    this.shapedParams = undefined;
  }

  /** X5-013: the Host header (or a trusted proxy's X-Forwarded-Host) with its port; undefined without one. */
  get host(): string | undefined {
    const value = this.context?.trust === undefined ? this.headers.host : trustedHost(this as never);
    return value === undefined || value === null || value === '' ? undefined : value;
  }

  /** X5-013: the host without its port; undefined without a Host header, as Express 5 reads it. */
  override get hostname(): string {
    return (this.host === undefined ? undefined : super.hostname) as string;
  }

  /** X5-013: no subdomains without a host. */
  override get subdomains(): string[] {
    return this.host === undefined ? [] : super.subdomains;
  }

  /** X5-002: Express 5's refusals of a missing or non-string name, in its words. */
  override get(name: string): string | string[] | undefined {
    if (!name) throw new TypeError('name argument is required to req.get');
    if (typeof name !== 'string') throw new TypeError('name must be a string to req.get');
    return super.get(name);
  }
}
