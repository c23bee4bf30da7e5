/** Plugins: what `app.register` takes. */
import type { KitApp } from './kit-app.js';

/**
 * A plugin: receives the app and the options given to `register`; may be async.
 *
 * @example
 * ```ts
 * const health: Plugin<{ path: string }> = (app, options) => {
 *   app.get(options.path, (req, res) => res.send('ok'));
 * };
 * await app.register(health, { path: '/health' });
 * ```
 */
export type Plugin<Options = Record<string, unknown>> = (
  app: KitApp,
  options: Options,
) => void | Promise<void>;
