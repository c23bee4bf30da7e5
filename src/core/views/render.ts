/** Rendering views: `app.render` (locals merged, the view looked up or cached) and `res.render` on top of it. */
import { sendError } from '../final-handler.js';
import type { KitApp, KitRequest, KitResponse, RenderCallback } from '../types.js';
import { View, type ViewOptions } from './view.js';

/** What `renderView` reads of the app. */
export interface RenderingApp {
  locals: Record<string, unknown>;
  settings: Record<string, unknown>;
  engines: ViewOptions['engines'];
  cache: Record<string, View>;
}

/** The app's own error path (its `setErrorHandler`, else the default answer), for failures outside the stack. */
export const appErrorPath: unique symbol = Symbol('kitjs.appErrorPath');

type ViewClass = new (name: string, options: ViewOptions) => View;

/**
 * Express's `app.render(name, options, callback)` (EXP-009): the options are `app.locals`, then
 * `options._locals` (a response's locals), then `options`, merged in that order; `cache` defaults to the
 * `view cache` setting, and a cached view is not looked up again. A view no root has is an error naming
 * the directories; a view name the app cannot render (no extension, no `view engine`) throws at once.
 *
 * @example
 * ```ts
 * renderView(app, 'email', { name: 'Tobi' }, (err, html) => console.log(html));
 * ```
 */
export function renderView(
  app: RenderingApp,
  name: string,
  options: Record<string, unknown> | RenderCallback | undefined,
  callback: RenderCallback | undefined,
): void {
  let done = callback;
  let given = options;
  if (typeof given === 'function') {
    done = given;
    given = undefined;
  }
  if (typeof done !== 'function')
    throw new TypeError('app.render(name, options, callback): callback must be a function');
  const opts: Record<string, unknown> = given ?? {};
  const locals = opts._locals as Record<string, unknown> | undefined;
  const merged: Record<string, unknown> = { ...app.locals, ...locals, ...opts };
  if (merged.cache === undefined || merged.cache === null) merged.cache = Boolean(app.settings['view cache']);
  let view = merged.cache ? app.cache[name] : undefined;
  if (view === undefined) {
    const Make = (typeof app.settings.view === 'function' ? app.settings.view : View) as ViewClass;
    view = new Make(name, {
      defaultEngine: app.settings['view engine'],
      root: app.settings.views,
      engines: app.engines,
    });
    if (view.path === undefined) {
      const err = new Error(`Failed to lookup view "${name}" in views ${describeRoots(view.root)}`);
      (err as Error & { view: View }).view = view;
      done(err);
      return;
    }
    if (merged.cache) app.cache[name] = view;
  }
  // Express's tryRender: a view (an app's own `view` class, an engine) that throws is an error for the callback.
  try {
    view.render(merged, done);
  } catch (err) {
    done(err as Error);
  }
}

function describeRoots(root: string | string[]): string {
  if (Array.isArray(root) && root.length > 1) {
    return `directories "${root.slice(0, -1).join('", "')}" or "${root[root.length - 1]}"`;
  }
  return `directory "${String(root)}"`;
}

/**
 * `res.render(view, locals, callback)` (EXP-009): renders with the app serving the request, `res.locals`
 * merged under `locals`. Without a callback the text is sent as HTML, and a failure goes to `next(err)`
 * (`req.next`, when the router sets it; else the app's error path: its `setErrorHandler` or the default).
 *
 * @example
 * ```ts
 * app.get('/', (req, res) => res.render('home', { title: 'Shop' }));
 * ```
 */
export function responseRender(
  this: KitResponse,
  view: string,
  locals?: Record<string, unknown> | RenderCallback,
  callback?: RenderCallback,
): void {
  let done = callback;
  let given = locals;
  if (typeof given === 'function') {
    done = given;
    given = undefined;
  }
  const options: Record<string, unknown> = { ...given, _locals: this.locals };
  const req = this.req as KitRequest & { next?: (err?: unknown) => void };
  const app = this.app as KitApp | undefined;
  if (app === undefined) throw new TypeError('res.render(): the response belongs to no app');
  done ??= (err, html) => {
    if (err) {
      const errorPath = (app as { [appErrorPath]?: (e: unknown, q: KitRequest, r: KitResponse) => void })[
        appErrorPath
      ];
      if (typeof req.next === 'function') req.next(err);
      else if (typeof errorPath === 'function') errorPath.call(app, err, req, this);
      else sendError(err, req, this);
      return;
    }
    this.send(html);
  };
  app.render(view, options, done);
}
