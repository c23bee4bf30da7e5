/** Start-up checks a middleware brings with it: run when an app that uses it starts listening. */
import type { Layer } from '../router/layer.js';
import type { KitApp } from '../types.js';

/**
 * The property a middleware function carries to be told when an app using it starts to listen (a battery
 * that needs the app's lifecycle, such as `authMiddleware` checking `JWT_SECRET`). The core looks for it
 * in the stack; it imports no battery.
 */
export const LISTEN_HOOK: unique symbol = Symbol.for('kitjs.listenHook');

/** What a middleware's listen hook is given: the app about to listen. */
export type ListenHook = (app: KitApp) => void;

/**
 * Calls, once each, the listen hooks of every handler the app uses: middleware, route handlers and those of
 * mounted routers and apps, however deep.
 *
 * @example
 * ```ts
 * runListenHooks(app.stack, app); // authMiddleware's hook warns when JWT_SECRET is missing
 * ```
 */
export function runListenHooks(stack: readonly Layer[], app: KitApp): void {
  const hooks = new Set<ListenHook>();
  collect(stack, hooks, new Set());
  for (const hook of hooks) hook(app);
}

function collect(stack: readonly Layer[], hooks: Set<ListenHook>, seen: Set<readonly Layer[]>): void {
  if (seen.has(stack)) return;
  seen.add(stack);
  for (const layer of stack) {
    if (layer.kind === 'middleware') add(layer.handler, hooks);
    else if (layer.kind === 'routes') {
      for (const entry of layer.index.entries) for (const handler of entry.handlers) add(handler, hooks);
    } else {
      const inner = (layer.target as { stack?: unknown }).stack;
      if (Array.isArray(inner)) collect(inner as Layer[], hooks, seen);
    }
  }
}

function add(handler: unknown, hooks: Set<ListenHook>): void {
  const hook = (handler as { [LISTEN_HOOK]?: unknown })[LISTEN_HOOK];
  if (typeof hook === 'function') hooks.add(hook as ListenHook);
}
