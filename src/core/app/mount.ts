/** Mounting one app in another (Express's `app.use(path, subApp)`): which arguments are apps, and what a sub-app inherits. */
import { EventEmitter } from 'node:events';
import type { AppSettings } from '../settings.js';
import type { KitApp, PathList, ViewEngine } from '../types.js';

/** What mounting reads and writes on a sub-app (kitjs's App, or an app of another copy of kitjs). */
export interface AppLike {
  mountpath: string | RegExp | PathList;
  parent: KitApp | undefined;
  emit(event: string, ...args: unknown[]): boolean;
}

/** What a sub-app inherits from its parent when mounted: its settings table and engines. */
export interface MountSettings {
  settings: AppSettings;
  engines: Record<string, ViewEngine>;
  /** True until the sub-app set `trust proxy` itself. */
  trustProxyDefault: boolean;
}

/** The arguments of `app.use`: the path argument as given (when there is one), and the apps among the rest. */
export interface MountArguments {
  path: string | RegExp | PathList | undefined;
  apps: AppLike[];
}

/**
 * Reads `app.use(...)` arguments as Express does: a first argument that is a string or a RegExp, or an
 * array whose first element is one, is the path (Router.use matches it); every app among the rest is
 * mounted there (EXP-004).
 *
 * @example
 * ```ts
 * mountArguments(['/blog', blogApp]); // { path: '/blog', apps: [blogApp] }
 * ```
 */
export function mountArguments(args: unknown[]): MountArguments {
  let first = args[0];
  while (Array.isArray(first) && first.length !== 0) first = first[0];
  if (typeof first !== 'string' && !(first instanceof RegExp))
    return { path: undefined, apps: findApps(args) };
  return { path: args[0] as string | RegExp | PathList, apps: findApps(args.slice(1)) };
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
 * Express's own `mount` listener (EXP-004): the sub-app's settings and engines inherit from the parent's
 * through the prototype chain, so what it does not set it reads from the parent (the app re-bases its
 * request/response prototypes itself). Its own defaults still win, except `trust proxy`: left at its
 * default, the parent's applies.
 *
 * @example
 * ```ts
 * settleMount({ settings, engines, trustProxyDefault: true }, parent);
 * ```
 */
export function settleMount(app: MountSettings, parent: KitApp): void {
  if (app.trustProxyDefault && typeof parent.settings['trust proxy fn'] === 'function') {
    delete app.settings['trust proxy'];
    delete app.settings['trust proxy fn'];
  }
  Object.setPrototypeOf(app.settings, parent.settings);
  Object.setPrototypeOf(app.engines, parent.engines);
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
