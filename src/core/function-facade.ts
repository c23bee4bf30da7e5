/** An object that is also a function: the callable app (APP-012) and express.Router()'s router (XROUTE-015). */

/**
 * Returns `call` dressed as `target`: calling it runs `call`, and every property read, write, check,
 * definition and deletion, its keys and its prototype (so `instanceof`) are `target`'s. Names `target` lacks
 * (`call`, `apply`, `bind`, `length`, `name`) are the function's, so Node can `listener.apply(...)` it and
 * `util.inspect` shows the function's name.
 *
 * @example
 * ```ts
 * const app = functionFacade(new App(), { app: (req, res) => server(req, res) }.app);
 * typeof app; // 'function', and app.get, app.listen... are the App's
 * ```
 */
export function functionFacade<Target extends object, Call extends (...args: never[]) => unknown>(
  target: Target,
  call: Call,
): Target & Call {
  return new Proxy(call, {
    get: (fn, key) => (key in target ? Reflect.get(target, key, target) : Reflect.get(fn, key)),
    set: (_fn, key, value) => Reflect.set(target, key, value, target),
    has: (fn, key) => Reflect.has(target, key) || Reflect.has(fn, key),
    deleteProperty: (_fn, key) => Reflect.deleteProperty(target, key),
    defineProperty: (_fn, key, descriptor) => Reflect.defineProperty(target, key, descriptor),
    getOwnPropertyDescriptor: (_fn, key) => Reflect.getOwnPropertyDescriptor(target, key),
    ownKeys: () => Reflect.ownKeys(target),
    getPrototypeOf: () => Reflect.getPrototypeOf(target),
  }) as Target & Call;
}
