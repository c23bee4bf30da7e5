/** Finds, loads and describes the implementation under test (`KIT_IMPL`) and its profile (`KIT_IMPL_PROFILE`). */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { unwrapModule } from './unwrap-module.js';

/** The repository root: two levels above this file. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What the suite needs of an app: a way to listen. Everything else is exercised through HTTP. */
export interface AppLike {
  listen(port: number, host: string): unknown;
}
export type KitFactory = (...args: unknown[]) => AppLike;

/** Where the implementation was found. */
export interface ImplLocation {
  /** The value of KIT_IMPL, or the default. */
  spec: string;
  /** The URL handed to `import()`. */
  url: string;
  /** The module file, when it is on disk. */
  file: string | undefined;
  /** The directory KIT_IMPL named, when it named one. */
  dir: string | undefined;
}

/** A per-implementation declaration of missing capabilities and known failures. */
export interface Profile {
  name: string | undefined;
  file: string | undefined;
  lacks: Record<string, string>;
  knownFailures: Record<string, string>;
  /**
   * The entries of the implementation's flavours, by name, as the profile declares them (absolute paths,
   * given relative to the profile): its `flavours` object, and its `express` and `express5` fields, which
   * are short for `flavours.express` (kitjs/express) and `flavours.express5` (kitjs/express5, X5-001).
   */
  flavours: Record<string, string>;
}

export interface Implementation {
  kit: KitFactory;
  /** Named exports usable as JavaScript identifiers (what `Given the app:` puts in scope). */
  exports: Record<string, unknown>;
  location: ImplLocation;
  profile: Profile;
}

const moduleFiles = ['index.ts', 'index.mts', 'index.js', 'index.mjs', 'index.cjs'];

/** Picks an ESM entry from a package.json `exports` value. */
function pickExport(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return pickExport(value[0]);
  if (value && typeof value === 'object') {
    const entries = value as Record<string, unknown>;
    if ('.' in entries) return pickExport(entries['.']);
    for (const condition of ['import', 'node', 'default', 'require']) {
      if (condition in entries) return pickExport(entries[condition]);
    }
  }
  return undefined;
}

/** Resolves a directory to its entry module: package.json first, then an index file. */
function entryOfDirectory(dir: string): string {
  const manifest = join(dir, 'package.json');
  if (existsSync(manifest)) {
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>;
    const entry =
      pickExport(pkg.exports) ?? (pkg.module as string | undefined) ?? (pkg.main as string | undefined);
    if (entry) return resolve(dir, entry);
  }
  const found = moduleFiles.map((name) => join(dir, name)).find((file) => existsSync(file));
  if (!found) throw new Error(`KIT_IMPL: no package.json entry or index file in directory ${dir}`);
  return found;
}

/** Resolves KIT_IMPL: a path (file or directory, relative to cwd or absolute) or a package name. */
export function locateImplementation(
  spec: string = process.env.KIT_IMPL || join(repoRoot, 'src', 'index.ts'),
  cwd: string = process.cwd(),
): ImplLocation {
  const looksLikePath = isAbsolute(spec) || spec.startsWith('.') || existsSync(resolve(cwd, spec));
  if (looksLikePath) {
    const target = resolve(cwd, spec);
    if (!existsSync(target)) throw new Error(`KIT_IMPL: ${target} does not exist`);
    const dir = statSync(target).isDirectory() ? target : undefined;
    const file = dir ? entryOfDirectory(dir) : target;
    return { spec, url: pathToFileURL(file).href, file, dir };
  }
  // A package name: resolve it with ESM conditions from the repo, then from the cwd (CommonJS rules).
  let url: string;
  try {
    url = import.meta.resolve(spec);
  } catch {
    url = pathToFileURL(createRequire(join(cwd, 'noop.js')).resolve(spec)).href;
  }
  const file = url.startsWith('file:') ? fileURLToPath(url) : undefined;
  return { spec, url, file, dir: undefined };
}

function stringRecord(value: unknown, field: string, file: string, what = 'reasons'): Record<string, string> {
  if (value === undefined) return {};
  const ok =
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((reason) => typeof reason === 'string');
  if (!ok) throw new Error(`${file}: "${field}" must be an object mapping names to ${what} (strings)`);
  return value as Record<string, string>;
}

/** Reads KIT_IMPL_PROFILE, else `kit-conformance.json` in the named directory or beside the module. */
export function loadProfile(location: ImplLocation, cwd: string = process.cwd()): Profile {
  const explicit = process.env.KIT_IMPL_PROFILE;
  const candidates = explicit
    ? [resolve(cwd, explicit)]
    : [location.dir, location.file && dirname(location.file)]
        .filter((dir): dir is string => Boolean(dir))
        .map((dir) => join(dir, 'kit-conformance.json'));
  const file = candidates.find((candidate) => existsSync(candidate));
  if (explicit && !file) throw new Error(`KIT_IMPL_PROFILE: ${candidates[0]} does not exist`);
  if (!file) {
    return {
      name: undefined,
      file: undefined,
      lacks: {},
      knownFailures: {},
      flavours: {},
    };
  }
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const declared: Record<string, string> = {
    ...stringRecord(raw.flavours, 'flavours', file, 'module paths'),
  };
  for (const field of ['express', 'express5']) {
    if (raw[field] === undefined) continue;
    if (typeof raw[field] !== 'string') {
      throw new Error(`${file}: "${field}" must be the path of the ${field}-shaped entry (a string)`);
    }
    declared[field] = raw[field];
  }
  const flavours: Record<string, string> = {};
  for (const [name, path] of Object.entries(declared)) flavours[name] = resolve(dirname(file), path);
  return {
    name: typeof raw.name === 'string' ? raw.name : undefined,
    file,
    lacks: stringRecord(raw.lacks, 'lacks', file),
    knownFailures: stringRecord(raw.knownFailures, 'knownFailures', file),
    flavours,
  };
}

/**
 * Where the implementation's entry of the flavour named `flavour` is (a module whose default export makes
 * an app of it: `express()` of `kitjs/express` or `kitjs/express5`): the path the profile declares for it,
 * else `<package>/<flavour>` for a package name or a directory whose package.json exports `./<flavour>`,
 * else a file named after the flavour beside the module (src/express5.ts beside src/index.ts,
 * dist/express5.js beside dist/index.js). Undefined when there is none. Any name: a flavour is plugged in
 * by its module, and the suite knows none by name.
 */
export function locateFlavourEntry(
  location: ImplLocation,
  profile: Profile,
  flavour: string,
): string | undefined {
  const declared = profile.flavours[flavour];
  if (declared !== undefined) return pathToFileURL(declared).href;
  if (location.file === undefined && location.dir === undefined) {
    try {
      return import.meta.resolve(`${location.spec}/${flavour}`);
    } catch {
      return undefined;
    }
  }
  if (location.dir !== undefined) {
    const manifest = join(location.dir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>;
      const entries = pkg.exports as Record<string, unknown> | undefined;
      const entry = entries && typeof entries === 'object' ? pickExport(entries[`./${flavour}`]) : undefined;
      if (entry) return pathToFileURL(resolve(location.dir, entry)).href;
    }
  }
  if (location.file === undefined) return undefined;
  const extension = location.file.slice(location.file.lastIndexOf('.'));
  const beside = join(dirname(location.file), `${flavour}${extension}`);
  return existsSync(beside) ? pathToFileURL(beside).href : undefined;
}

const cachedFlavours = new Map<string, Promise<FlavourEntry>>();

/** A flavour's app factory (the entry's default export), or why there is none (for a skip reason). */
export type FlavourEntry = { make: KitFactory } | { reason: string };

/**
 * Imports the entry of the flavour named `flavour` once per run (ES module or CommonJS build alike), or
 * says why there is none: the scenarios that need it are then skipped with that reason.
 */
export function loadFlavourEntry(impl: Implementation, flavour: string): Promise<FlavourEntry> {
  let entry = cachedFlavours.get(flavour);
  if (entry === undefined) {
    entry = (async (): Promise<FlavourEntry> => {
      const url = locateFlavourEntry(impl.location, impl.profile, flavour);
      if (url === undefined) {
        return {
          reason: `${impl.location.spec} has no "${flavour}" flavour entry (declare it in its profile's "flavours")`,
        };
      }
      const namespace = (await import(url)) as Record<string, unknown>;
      const { kit: make } = unwrapModule(namespace);
      if (typeof make !== 'function')
        throw new Error(`${url}: the module's default export is not a function`);
      return { make: make as KitFactory };
    })();
    cachedFlavours.set(flavour, entry);
  }
  return entry;
}

/** True when `name` can be an async function's parameter (not a reserved word, not `default`). */
function isIdentifier(name: string): boolean {
  if (name === 'default' || !/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  try {
    new Function(name, `return async function (${name}) {};`);
    return true;
  } catch {
    return false;
  }
}

let cached: Promise<Implementation> | undefined;

/** Imports the implementation once per run; an ES module or a CommonJS build needs no adapter (see unwrap-module.ts). */
export function loadImplementation(): Promise<Implementation> {
  cached ??= (async () => {
    const location = locateImplementation();
    const namespace = (await import(location.url)) as Record<string, unknown>;
    const { kit, exports: named } = unwrapModule(namespace);
    if (typeof kit !== 'function') {
      throw new Error(`KIT_IMPL ${location.spec}: the module has no default export \`kit\` (a function)`);
    }
    const exports: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(named)) if (isIdentifier(name)) exports[name] = value;
    return { kit: kit as KitFactory, exports, location, profile: loadProfile(location) };
  })();
  return cached;
}
