/** EXP-002: settings written straight into `app.settings` take effect in kitjs/express, as Express reads them per request. */
/** What the app exposes to hear that its settings table changed outside `app.set`. */
interface RefreshableApp {
  settings: Record<string, unknown>;
  locals: Record<string, unknown>;
  refreshSettings(): void;
}

/**
 * EXP-002: Express reads most settings when a request needs them (`app.get('json spaces')` in `res.json`), so
 * code that writes `app.settings['json spaces'] = 2` (or deletes a key) changes the next answers. kitjs
 * compiles what requests read whenever a setting changes (app/context.ts), so a kitjs/express app's table
 * is watched: a write, definition or deletion recompiles, and nothing runs per request. A write that reaches
 * the table through a mounted app's (its prototype) lands on the mounted app's own, as in a plain object.
 * A Proxy on purpose, around the table only (never the app): it hears the writes Express lets code make
 * to a plain table, at no cost to a request; comparing the table with what was compiled would run on
 * every request instead.
 *
 * @example
 * ```ts
 * watchSettings(app);
 * app.settings['json spaces'] = 2; // the next res.json indents
 * ```
 */
export function watchSettings(target: RefreshableApp): void {
  const table = target.settings;
  const refresh = (): void => target.refreshSettings();
  const watched = new Proxy(table, {
    set(object, key, value, receiver) {
      const done = Reflect.set(object, key, value, receiver);
      refresh();
      return done;
    },
    defineProperty(object, key, descriptor) {
      const done = Reflect.defineProperty(object, key, descriptor);
      refresh();
      return done;
    },
    deleteProperty(object, key) {
      const done = Reflect.deleteProperty(object, key);
      refresh();
      return done;
    },
  });
  target.settings = watched;
  // EXP-009: views read the table as `settings` among their locals; it is the same object.
  target.locals.settings = watched;
}
