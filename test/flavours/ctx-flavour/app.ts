/**
 * The ctx flavour's class family: its App and Router, whose registrars take `(ctx) => value` handlers.
 * They override the core's registration funnel (`addRoute`) on their prototypes; the core is unchanged.
 */
import { App, type KitOptions } from '../../../src/core/app.ts';
import { Router } from '../../../src/core/router/router.ts';
import type { KitRequest, KitResponse, NextFunction } from '../../../src/core/types.ts';
import { type CtxRequest, type CtxResponse, ctxFlavour } from './flavour.ts';

/** What a ctx handler is given: the request's parts, and the response to set a status on. */
export interface Ctx {
  readonly req: CtxRequest;
  readonly res: CtxResponse;
  readonly params: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
  /** Sets the status of the reply; returns the ctx. */
  status(code: number): Ctx;
}

/** A route handler of this flavour: its value (or its promise's) is the JSON answer; `undefined` passes on. */
export type CtxHandler = (ctx: Ctx) => unknown;

function contextOf(req: KitRequest, res: KitResponse): Ctx {
  const ctx: Ctx = {
    req: req as unknown as CtxRequest,
    res: res as unknown as CtxResponse,
    params: req.params,
    query: req.query as Record<string, unknown>,
    body: req.body,
    status(code) {
      res.status(code);
      return ctx;
    },
  };
  return ctx;
}

/**
 * A ctx handler as the core's middleware: what it returns is sent with the response's `reply`, nothing
 * when it is `undefined` (the next handler runs); a throw or a rejection is the core's error path (the
 * returned promise is the core's to watch, router/invoke.ts).
 */
function fromCtx(handler: CtxHandler) {
  return async function ctxHandler(req: KitRequest, res: KitResponse, next: NextFunction): Promise<void> {
    const value = await handler(contextOf(req, res));
    if (value === undefined) next();
    else (res as unknown as CtxResponse).reply(value);
  };
}

/** The handlers of a registration with every function read as a ctx handler; route options and routers stay. */
function ctxHandlers(handlers: unknown[]): unknown[] {
  return handlers.flat(Infinity).map((one) => (typeof one === 'function' ? fromCtx(one as CtxHandler) : one));
}

type AddRoute = Parameters<Router['addRoute']>;

/** An app of the ctx flavour: its routes take ctx handlers; `use` keeps the core's `(req, res, next)`. */
export class CtxApp extends App {
  constructor(options?: KitOptions) {
    super(options, ctxFlavour);
    // The flavour's defaults: strong ETags on its JSON answers.
    this.set('etag', 'strong');
  }

  override addRoute(...[method, path, handlers, ...rest]: AddRoute): this {
    return super.addRoute(method, path, ctxHandlers(handlers), ...rest);
  }
}

/** A router of the ctx flavour: a plain object, its routes taking ctx handlers as its App's do. */
export class CtxRouter extends Router {
  override addRoute(...[method, path, handlers, ...rest]: AddRoute): this {
    return super.addRoute(method, path, ctxHandlers(handlers), ...rest);
  }
}
