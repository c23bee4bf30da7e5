/** Which SQLite driver a SQLiteManager runs on, and loading it: node:sqlite, better-sqlite3 or sqlite3. */
import { KitError } from '../../base/errors.js';
import { requirePeer } from '../../base/optional-package.js';

/**
 * The SQLite drivers a {@link SQLiteManager} runs on: `'node:sqlite'` (built into Node 22.13 and newer),
 * `'better-sqlite3'` and `'sqlite3'` (optional packages the application installs).
 *
 * @example
 * ```ts
 * const driver: SQLiteDriverName = 'better-sqlite3';
 * const db = new SQLiteManager(':memory:', { driver });
 * ```
 */
export type SQLiteDriverName = 'node:sqlite' | 'better-sqlite3' | 'sqlite3';

/** The drivers, fastest first: the order a manager without a `driver` option tries them in (SQLITE-011). */
export const SQLITE_DRIVERS: readonly SQLiteDriverName[] = ['better-sqlite3', 'node:sqlite', 'sqlite3'];

/** A loaded driver: its name and its module, as its package exports it. */
export interface LoadedDriver {
  readonly name: SQLiteDriverName;
  readonly module: object;
}

// Node 22 (22.23 checked) prints "ExperimentalWarning: SQLite is an experimental feature" on the first
// load of node:sqlite (24.22 and 26 no longer do). The application did not ask for node:sqlite, kitjs did: the one
// warning of that one load is dropped, every other warning of the process passes as before.
function isSqliteExperimentalWarning(warning: unknown, rest: unknown[]): boolean {
  const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: unknown } | undefined)?.type;
  const name = warning instanceof Error ? warning.name : type;
  const text = warning instanceof Error ? warning.message : String(warning);
  return name === 'ExperimentalWarning' && /^SQLite is an experimental feature/.test(text);
}

/** node:sqlite's module, or undefined on a Node without it (before 22.5, or 22.5-22.12 without its flag). */
export function loadNodeSqlite(): object | undefined {
  const emit = process.emitWarning;
  process.emitWarning = function (this: unknown, warning: unknown, ...rest: unknown[]) {
    if (isSqliteExperimentalWarning(warning, rest)) return;
    return (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    // getBuiltinModule (Node 20.16+) answers undefined for a module this Node does not have, in both builds.
    const found = process.getBuiltinModule?.('node:sqlite') as { DatabaseSync?: unknown } | undefined;
    return typeof found?.DatabaseSync === 'function' ? found : undefined;
  } finally {
    process.emitWarning = emit;
  }
}

const probed = new WeakSet<object>();

/**
 * The driver package `name`, loaded and able to open a database. better-sqlite3 loads its native addon
 * only when a first database is opened: one in memory, opened and closed here, makes an addon built for
 * another Node fail now, in the constructor (SQLITE-009), rather than at the first query.
 */
function loadPackage(name: 'better-sqlite3' | 'sqlite3', feature: string): object {
  const module = requirePeer<object>(name, feature);
  if (name === 'better-sqlite3' && !probed.has(module)) {
    try {
      new (module as new (path: string) => { close(): void })(':memory:').close();
    } catch (cause) {
      const reason =
        cause instanceof Error ? cause.message.replace(/\s+/g, ' ').replace(/\.$/, '') : String(cause);
      throw new KitError(
        'KIT_ERR_PEER_MISSING',
        `${feature} found the optional package "${name}" but could not load it (${reason}). Reinstall it with: npm install ${name}`,
        { cause },
      );
    }
    probed.add(module);
  }
  return module;
}

function notFound(err: unknown): boolean {
  if (!(err instanceof KitError) || err.code !== 'KIT_ERR_PEER_MISSING') return false;
  return (err.cause as { code?: unknown } | undefined)?.code === 'MODULE_NOT_FOUND';
}

/**
 * Loads the driver `wanted`, or without it the fastest one this process has (SQLITE-011): better-sqlite3
 * where the application installed it and it loads, else node:sqlite where Node has it, else sqlite3. On a
 * Node with node:sqlite, a better-sqlite3 that cannot load (built for another Node) is passed over for it:
 * nothing is broken for an app that did not ask for better-sqlite3. Without node:sqlite, such a package
 * throws `KIT_ERR_PEER_MISSING` with the reason (SQLITE-009), rather than running quietly on sqlite3, at
 * half the speed. A driver asked for by name and missing throws `KIT_ERR_PEER_MISSING` naming its package
 * (node:sqlite: the Node versions that have it).
 *
 * @example
 * ```ts
 * loadSQLiteDriver(undefined, 'SQLiteManager').name; // 'node:sqlite' on Node 26 without better-sqlite3
 * ```
 */
export function loadSQLiteDriver(wanted: SQLiteDriverName | undefined, feature: string): LoadedDriver {
  if (wanted === 'node:sqlite') {
    const module = loadNodeSqlite();
    if (module !== undefined) return { name: 'node:sqlite', module };
    throw new KitError(
      'KIT_ERR_PEER_MISSING',
      `${feature} was asked for the driver "node:sqlite", which Node ${process.version} does not have (Node 22.13 and newer do). Use another Node, or install a driver with: npm install better-sqlite3`,
    );
  }
  if (wanted !== undefined) return { name: wanted, module: loadPackage(wanted, feature) };
  let missing: unknown;
  try {
    return { name: 'better-sqlite3', module: loadPackage('better-sqlite3', feature) };
  } catch (err) {
    missing = err;
  }
  const nodeSqlite = loadNodeSqlite();
  if (nodeSqlite !== undefined) return { name: 'node:sqlite', module: nodeSqlite };
  if (!notFound(missing)) throw missing;
  try {
    return { name: 'sqlite3', module: loadPackage('sqlite3', feature) };
  } catch (err) {
    if (!notFound(err)) throw err;
    missing = err;
  }
  throw new KitError(
    'KIT_ERR_PEER_MISSING',
    `${feature} needs an SQLite driver, and Node ${process.version} has no node:sqlite (Node 22.13 and newer do). Install one with: npm install better-sqlite3 (the faster) or npm install sqlite3`,
    { cause: missing },
  );
}
