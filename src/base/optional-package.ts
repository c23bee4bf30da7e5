/** The one place kitjs loads a package it does not import at the top: its own lazy dependencies and the optional peers. */
import { createRequire } from 'node:module';
import path from 'node:path';
import { KitError, missingPeer } from './errors.js';
import { moduleLocation } from './module-location.js';

// Every load here is a synchronous require() through createRequire: it works the same in the ESM build,
// the CommonJS build and under tsx (moduleLocation() gives each its own file), it hands back
// `module.exports` itself (no `{ default }` wrapper to undo), and a constructor can call it.

/**
 * A loader for `name`, a dependency of kitjs, that requires it on its first call and returns the same
 * module after that. Used for the parts an app may never touch (send for `serveStatic`, qs for
 * `urlencoded`, yaml for `setupSwagger`, jsonwebtoken for the token helpers, raw-body for compressed
 * bodies): loaded up front, the first four alone cost every app about 6.5 MB of memory (measured with
 * Node 20), used or not.
 *
 * These resolve beside kitjs only, never from the application: they are ordinary dependencies, always
 * installed with kitjs at the version its package.json names, and an app's own copy (another major of
 * `qs` or `send`) must not replace the one kitjs was written against. A bundler must keep them external,
 * as it keeps kitjs's other dependencies.
 *
 * @example
 * ```ts
 * const loadSend = lazyDependency<typeof import('send')>('send');
 * loadSend()(req, path, options).pipe(res);
 * ```
 */
export function lazyDependency<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded === undefined) loaded = createRequire(moduleLocation())(name) as T;
    return loaded;
  };
}

/**
 * mime-types, for the media types kitjs reads from a name or an extension (`res.type('png')`, `req.is('json')`,
 * a body parser's `type`, `res.sendFile`'s Content-Type, the docs' stylesheet images): one loader for all of
 * them, loaded on the first such use. It reads mime-db's 200 KB table, which an app that never names a type
 * that way never needs, so importing kitjs does not load it (issue 47).
 *
 * @example
 * ```ts
 * loadMimeTypes().contentType('html'); // 'text/html; charset=utf-8'
 * ```
 */
export const loadMimeTypes = lazyDependency<typeof import('mime-types')>('mime-types');

/**
 * The files optional peers are resolved from, in order. Peers (bcrypt, sequelize, sqlite3, pg, mongoose,
 * pino-pretty) belong to the application, so its working directory comes first: when kitjs is linked
 * (`npm link`) or installed elsewhere, kitjs's own directory would not see the app's `sequelize`. Beside
 * kitjs comes second, for apps started from another directory, where npm's hoisting still places the peers
 * next to kitjs.
 *
 * @example
 * ```ts
 * peerSearchBases(); // ['/srv/app/noop.js', '/srv/app/node_modules/kitjs/dist/index.js']
 * ```
 */
export function peerSearchBases(): string[] {
  // createRequire needs a file name; the file does not have to exist, only its directory matters.
  return [path.join(process.cwd(), 'noop.js'), moduleLocation()];
}

function isNotFound(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'MODULE_NOT_FOUND';
}

/**
 * Requires the optional peer `pkg` for `feature`, synchronously, from the application's directory first,
 * then beside kitjs (see peerSearchBases). Nothing is cached here beyond Node's own module cache, so a
 * package installed while the process runs is found by the next call (AUTH-005). A package that no base
 * resolves gives `KIT_ERR_PEER_MISSING` naming the install command; a package that resolves but fails while
 * loading (a native binding built for another Node) gives the same code with the reason (SQLITE-009,
 * PG-005, MONGO-008, AUTH-005, LOG-006).
 *
 * @example
 * ```ts
 * const { Sequelize } = requirePeer<typeof import('sequelize')>('sequelize', 'SQLiteManager');
 * ```
 */
export function requirePeer<T>(
  pkg: string,
  feature: string,
  bases: readonly string[] = peerSearchBases(),
): T {
  return loadPeer<T>(pkg, pkg, feature, bases);
}

/**
 * Requires one file of the optional peer `pkg` (`file`, relative to the package), as requirePeer requires
 * the package: from the application's directory first, and `KIT_ERR_PEER_MISSING` naming `npm install
 * <pkg>` when no base resolves it. For a package whose main module is heavy and not needed: setupSwagger
 * reads swagger-ui-dist's folder through its small `absolute-path.js` (DOCS-022).
 *
 * @example
 * ```ts
 * const folder = requirePeerFile<() => string>('swagger-ui-dist', 'absolute-path.js', 'setupSwagger')();
 * ```
 */
export function requirePeerFile<T>(
  pkg: string,
  file: string,
  feature: string,
  bases: readonly string[] = peerSearchBases(),
): T {
  return loadPeer<T>(pkg, `${pkg}/${file}`, feature, bases);
}

function loadPeer<T>(pkg: string, id: string, feature: string, bases: readonly string[]): T {
  let lastCause: unknown;
  for (const base of bases) {
    const requireFrom = createRequire(base);
    let resolved: string;
    try {
      resolved = requireFrom.resolve(id);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      lastCause = err;
      continue;
    }
    try {
      return requireFrom(resolved) as T;
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new KitError(
        'KIT_ERR_PEER_MISSING',
        `${feature} found the optional package "${pkg}" but could not load it (${reason}). Reinstall it with: npm install ${pkg}`,
        { cause },
      );
    }
  }
  throw missingPeer(pkg, feature, lastCause);
}
