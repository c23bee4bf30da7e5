/** Mounting one app in another (Express's `app.use(path, subApp)`): which arguments are apps, and what a sub-app inherits. */
import { EventEmitter } from 'node:events';
import type { AppSettings } from './settings.js';
import type { KitApp, ViewEngine } from './types.js';

/** What mounting reads and writes on a sub-app (kitjs's App, or an app of another copy of kitjs). */
export interface AppLike {
  mountpath: string | string[];
  parent: KitApp | undefined;
  settings: AppSettings;
  engines: Record<string, ViewEngine>;
  trustProxyDefault: boolean;
  emit(event: string, ...args: unknown[]): boolean;
  rebase(parent: KitApp): void;
}

/** The arguments of `app.use`: the paths (when the first argument is a path or a list of them), the rest, the apps. */
export interface MountArguments {
  paths: string[] | undefined;
  items: unknown[];
  apps: AppLike[];
}

/**
 * Splits `app.use(...)` arguments as Express does: a first argument that is a string, or an array whose
 * first element is one, gives the paths; every app among the rest is mounted (EXP-004).
 *
 * @example
 * ```ts
 * mountArguments(['/blog', blogApp]); // { paths: ['/blog'], items: [blogApp], apps: [blogApp] }
 * ```
 */
export function mountArguments(args: unknown[]): MountArguments {
  let first = args[0];
  while (Array.isArray(first) && first.length !== 0) first = first[0];
  if (typeof first !== 'string') return { paths: undefined, items: args, apps: findApps(args) };
  const given = args[0];
  const paths = Array.isArray(given) ? given.flat(Infinity) : [given];
  for (const path of paths) {
    if (typeof path !== 'string')
      throw new TypeError(`use(): a list of paths holds ${typeof path}; expected strings`);
  }
  const items = args.slice(1);
  return { paths: paths as string[], items, apps: findApps(items) };
}

function findApps(items: unknown[]): AppLike[] {
  return items.flat(Infinity).filter(isApp);
}

/** An app rather than a router: Express's test (`handle` and `set`), plus `emit` for the `mount` event. */
function isApp(item: unknown): item is AppLike {
  if (typeof item !== 'function') return false;
  const app = item as unknown as Record<string, unknown>;
  return typeof app.handle === 'function' && typeof app.set === 'function' && typeof app.emit === 'function';
}

/**
 * Express's own `mount` listener (EXP-004): the sub-app's settings, engines and request/response
 * prototypes inherit from the parent's through the prototype chain, so what it does not set it reads from
 * the parent. Its own defaults still win, except `trust proxy`: left at its default, the parent's applies.
 *
 * @example
 * ```ts
 * subApp.on('mount', (parent) => settleMount(subApp, parent));
 * ```
 */
export function settleMount(app: AppLike, parent: KitApp): void {
  if (app.trustProxyDefault && typeof parent.settings['trust proxy fn'] === 'function') {
    delete app.settings['trust proxy'];
    delete app.settings['trust proxy fn'];
  }
  Object.setPrototypeOf(app.settings, parent.settings);
  Object.setPrototypeOf(app.engines, parent.engines);
  app.rebase(parent);
}

/**
 * Copies EventEmitter's methods onto `proto` (those it lacks), as Express mixes them into every app
 * (EXP-004): apps are not EventEmitter subclasses, since they already extend Router.
 *
 * @example
 * ```ts
 * mixInEventEmitter(App.prototype);
 * ```
 */
export function mixInEventEmitter(proto: object): void {
  for (const name of Object.getOwnPropertyNames(EventEmitter.prototype)) {
    if (name !== 'constructor' && !(name in proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(EventEmitter.prototype, name) as PropertyDescriptor;
      Object.defineProperty(proto, name, descriptor);
    }
  }
}
