/** Loads an optional peer package synchronously, from the application's directory first, then from beside kitjs. */
import { createRequire } from 'node:module';
import path from 'node:path';
import { KitError, missingPeer } from '../errors.js';
import { moduleLocation } from '../module-location.js';

/**
 * The files `createRequire` resolves peers from, in order. The application's working directory comes first
 * because peers belong to the application: when kitjs is linked (`npm link`) or installed elsewhere, its
 * own directory would not see the app's `sequelize`. Beside kitjs comes second for apps started from
 * another directory, where npm's hoisting still places the peers next to kitjs.
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
 * Requires the optional package `pkg` for `feature` synchronously (a constructor cannot await). A package
 * that no base resolves gives `KIT_ERR_PEER_MISSING` naming the install command; a package that resolves
 * but fails while loading (a native binding built for another Node) gives the same code with the reason
 * (SQLITE-009, PG-005, MONGO-008).
 *
 * @example
 * ```ts
 * const { Sequelize } = loadPeer<typeof import('sequelize')>('sequelize', 'SQLiteManager');
 * ```
 */
export function loadPeer<T>(pkg: string, feature: string, bases: readonly string[] = peerSearchBases()): T {
  let lastCause: unknown;
  for (const base of bases) {
    const requireFrom = createRequire(base);
    let resolved: string;
    try {
      resolved = requireFrom.resolve(pkg);
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
