/** The root of the router classes: an instance is an object, or a function with its class's prototype, as an Express app is. */

/**
 * The static member by which a class makes its instances functions: it returns a new function, which
 * becomes the instance (its prototype the class's, its fields the classes'), so it may call its own members.
 * The app (`core/app.ts`, APP-012) has one; a flavour's Router may (`express.Router()`, XROUTE-015).
 */
export const CALLABLE: unique symbol = Symbol('kitjs.callable');

/** A class whose instances are functions: its {@link CALLABLE} makes each one. */
export interface CallableClass {
  [CALLABLE]?: () => (...args: never[]) => unknown;
}

/**
 * The base of Router. Express makes an app a function and gives it the app's members; here the function is
 * the instance itself: the constructor of the base-most class returns the function {@link CALLABLE} made,
 * with `new.target`'s prototype, so the fields of every class below land on it (`#private` ones included)
 * and `instanceof`, `typeof app === 'function'` and `http.createServer(app)` hold, with no Proxy in between.
 * A class without {@link CALLABLE} (kitjs's `new Router()`) makes plain objects. A class with one gives its
 * prototype a function's members too ({@link lendFunctionMembers}).
 *
 * @example
 * ```ts
 * class Pipe extends CallableRoot {
 *   static [CALLABLE] = () => {
 *     const pipe = (value: unknown) => value;
 *     return pipe;
 *   };
 * }
 * typeof new Pipe(); // 'function'
 * ```
 */
export class CallableRoot {
  constructor() {
    const make = (new.target as CallableClass)[CALLABLE];
    // biome-ignore lint/correctness/noConstructorReturn: the function made is the instance (see above).
    if (make !== undefined) return Object.setPrototypeOf(make(), new.target.prototype) as this;
  }
}

/**
 * Gives `proto`, the prototype of a class with {@link CALLABLE}, the members of `Function.prototype` that
 * code calls on a function: `apply` and `call` (Node 20's EventEmitter calls `listener.apply(server, args)`
 * on `http.createServer(app)`'s listener) and `toString`. Not `bind`: a router's is the HTTP BIND
 * registrar (XROUTE-009), as on an Express app. Once per class, on its prototype, never on an instance.
 *
 * @example
 * ```ts
 * lendFunctionMembers(App.prototype);
 * ```
 */
export function lendFunctionMembers(proto: object): void {
  for (const name of ['apply', 'call', 'toString'] as const) {
    Object.defineProperty(proto, name, {
      value: Function.prototype[name],
      writable: true,
      configurable: true,
    });
  }
}
