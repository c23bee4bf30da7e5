/** The ctx flavour's entry, as kitjs/express's is: the default export makes an app; its members are the family's. */
import type { KitOptions } from '../../../src/core/app.ts';
import { CtxApp, CtxRouter } from './app.ts';
import { CtxRequest, CtxResponse } from './flavour.ts';

/** A new app of the ctx flavour. */
function ctx(options?: KitOptions): CtxApp {
  return new CtxApp(options);
}

/** The flavour's Router class, `application`, `request` and `response` prototypes (its own, no other's). */
ctx.Router = CtxRouter;
ctx.application = CtxApp.prototype;
ctx.request = CtxRequest.prototype;
ctx.response = CtxResponse.prototype;

export type { Ctx, CtxHandler } from './app.ts';
export default ctx;
