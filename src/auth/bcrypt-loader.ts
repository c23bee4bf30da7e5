/** Loads the optional `bcrypt` peer on first use, so kitjs starts without it and fails loudly only when asked to hash. */
import { missingPeer } from '../errors.js';

/** The part of the `bcrypt` package kitjs calls. */
export interface BcryptLike {
  hash(data: string, saltOrRounds: number): Promise<string>;
  compare(data: string, encrypted: string): Promise<boolean>;
}

/**
 * Imports an optional peer package through `load` and turns any failure (not installed, native binding
 * that does not load) into a `KIT_ERR_PEER_MISSING` error naming the package and the install command.
 * CommonJS packages arrive as `{ default: module.exports }` from `import()`, so the default wins when present.
 *
 * @example
 * ```ts
 * const bcrypt = await importPeer<BcryptLike>('bcrypt', 'hashPassword', () => import('bcrypt'));
 * ```
 */
export async function importPeer<T>(pkg: string, feature: string, load: () => Promise<unknown>): Promise<T> {
  let mod: unknown;
  try {
    mod = await load();
  } catch (cause) {
    throw missingPeer(pkg, feature, cause);
  }
  const withDefault = mod as { default?: unknown };
  return (withDefault.default ?? mod) as T;
}

let cached: Promise<BcryptLike> | undefined;

/**
 * The `bcrypt` module, imported once and shared. A failed import is not cached, so installing the package
 * while the process runs is picked up by the next call (AUTH-005).
 *
 * @example
 * ```ts
 * const bcrypt = await loadBcrypt('hashPassword');
 * const hash = await bcrypt.hash('s3cret', 10);
 * ```
 */
export function loadBcrypt(feature: string): Promise<BcryptLike> {
  if (cached === undefined) {
    // A literal specifier: tsup keeps dynamic imports of externals, and this works in the ESM and CJS builds,
    // where import.meta.url (and so createRequire) would not.
    const attempt = importPeer<BcryptLike>('bcrypt', feature, () => import('bcrypt'));
    cached = attempt;
    attempt.catch(() => {
      if (cached === attempt) cached = undefined;
    });
  }
  return cached;
}
