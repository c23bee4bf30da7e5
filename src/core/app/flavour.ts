/** What makes an app of one flavour: its request and response classes, its pages at the end of the stack. */
import type { ErrorView } from '../error-view.js';
import type { RouterWalk } from '../router/router-walk.js';
import type { KitRequest, KitResponse } from '../types.js';

/**
 * What an app is made of, besides its class: `kit()`'s (`app/kit-flavour.ts`), kitjs/express's
 * (`flavours/express4/`), kitjs/express5's. A flavour is a class family (src/README.md): its App class
 * (a subclass of the core's `App`, whose constructor passes this object to `super` and sets its defaults),
 * its Router class, and the request and response classes named here. Everything in it is fixed when an app is
 * made and read where it is used, never looked up per request by name: its requests and responses are
 * instances of its classes (a flavour subclasses the core's to add or change members, so a member added to
 * one flavour's prototype never reaches another's apps), and the end of its stack writes its pages. The core
 * has no member or branch for what one flavour does differently.
 */
export interface Flavour {
  /** The class node:http makes the app's requests with: KitIncomingMessage or a subclass of it. */
  readonly Request: FlavourClass;
  /** The class node:http makes the app's responses with: KitServerResponse or a subclass of it. */
  readonly Response: FlavourClass;
  /**
   * The answer to a request nothing handled (ERR-005 in kit(), EXP-011 in kitjs/express). The core has
   * already checked that an answer can be written (ERR-009) and dropped the headers of an unfinished body.
   */
  notFound(req: KitRequest, res: KitResponse): void;
  /** The default answer to an error no handler took (ERR-006, EXP-011); `view` is the error as read (ERR-011). */
  defaultError(err: unknown, view: ErrorView, req: KitRequest, res: KitResponse): void;
  /**
   * Watches one request's walk through one router (kitjs/express's automatic OPTIONS answer, XROUTE-012);
   * undefined, or a function answering undefined, walks as kit() does.
   */
  readonly routerWalk?: ((req: KitRequest, res: KitResponse) => RouterWalk | undefined) | undefined;
  /**
   * How its request paths treat an empty segment (`//`): collapsed into one slash, as kit() reads paths
   * (ROUTE-015), or, when true, kept as sent and matched as a segment of its own, as Express matches them
   * (X5-018): `//a` is then neither `/a` nor under `/a`. Every other spelling is canonical either way.
   */
  readonly keepsEmptySegments?: boolean | undefined;
}

/**
 * A request or response class, as a flavour names it. Typed loosely here so that this file needs neither
 * class (both name their app's context, which names its flavour); `app.ts` hands them to node:http.
 */
export type FlavourClass = abstract new (...args: never[]) => object;
