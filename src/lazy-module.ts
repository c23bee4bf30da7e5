/** Loads one of kitjs's own dependencies the first time a feature needs it. */
import { createRequire } from 'node:module';
import { moduleLocation } from './module-location.js';

/**
 * A loader for `name`, a dependency of kitjs, that requires it on its first call and returns the same
 * module after that. Used for the parts an app may never touch (send for `serveStatic`, qs for
 * `urlencoded`, yaml for `setupSwagger`, jsonwebtoken for the token helpers, raw-body for compressed
 * bodies): loaded up front, the first four alone cost every app about 6.5 MB of memory (measured with
 * Node 20), used or not. They are ordinary dependencies,
 * always installed; a bundler must keep them external, as it keeps kitjs's other dependencies.
 *
 * @example
 * ```ts
 * const loadSend = lazyModule<typeof import('send')>('send');
 * loadSend()(req, path, options).pipe(res);
 * ```
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded === undefined) loaded = createRequire(moduleLocation())(name) as T;
    return loaded;
  };
}
