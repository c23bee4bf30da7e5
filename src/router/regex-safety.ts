/** Refuses, at setup, every route regex that recheck does not prove free of catastrophic backtracking. */
import { createRequire } from 'node:module';
import { moduleLocation } from '../module-location.js';
import { peerSearchBases } from '../optional-package.js';

/** recheck's `checkSync`, as both of its builds export it. */
type CheckSync = (
  source: string,
  flags: string,
  params: { randomSeed: number; timeout: number },
) =>
  | { status: 'safe' }
  | { status: 'vulnerable'; complexity: { summary: string }; attack: { pattern: string } }
  | { status: 'unknown'; error: { kind: string } };

/**
 * recheck's analysis, loaded on the first route that needs a regex (kit() apps with plain patterns never
 * load it). Two builds of one engine give the same verdicts (recheck is written in Scala and compiled
 * both to a native binary and to JavaScript; the seed below fixes its fuzzer in both):
 * - the `recheck` package, when the application installed it (an optional peer): its native binary answers
 *   about five times faster, at the cost of about 57 MB of platform binaries and a .jar;
 * - otherwise recheck's pure-JavaScript build (its `lib/browser.js`: one file, no dependency, no install
 *   script), which kitjs ships as dist/vendor/recheck.cjs (scripts/build.mjs copies it).
 */
function loadChecker(): { checkSync: CheckSync } {
  for (const base of peerSearchBases()) {
    const found = tryRequire(createRequire(base), 'recheck');
    if (found) return found;
  }
  const here = createRequire(moduleLocation());
  // Running from src/ (tests, tsx), the pure build is the devDependency's own file.
  const bundled = tryRequire(here, './vendor/recheck.cjs') ?? tryRequire(here, 'recheck/lib/browser.js');
  if (bundled) return bundled;
  throw new Error('kitjs is missing dist/vendor/recheck.cjs, its route-regex checker: reinstall kitjs');
}

function tryRequire(require: NodeRequire, id: string): { checkSync: CheckSync } | undefined {
  let resolved: string;
  try {
    resolved = require.resolve(id);
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code === 'MODULE_NOT_FOUND') return undefined;
    throw err;
  }
  return require(resolved) as { checkSync: CheckSync };
}

// The module, not its function: `checkSync` is read on each call, as from any module one requires.
let checker: { checkSync: CheckSync } | undefined;

// recheck's fuzzer is random; a fixed seed gives one verdict for one regex on every run and machine.
const RECHECK_SEED = 20261124;

// One verdict per source and flags: apps register the same pattern for several methods.
const verdicts = new Map<string, string | null>();

/**
 * Builds the regex and returns it when recheck calls it safe; otherwise throws a TypeError naming the
 * pattern and the verdict (XROUTE-002). Express compiles `/:a-:b` to a regex any client can make take
 * seconds (CVE-2024-45296); kitjs refuses a route like that when it is registered, not when it is attacked.
 */
export function assertSafeRegex(source: string, flags: string, pattern: string): RegExp {
  let regexp: RegExp;
  try {
    // XROUTE-002: the one place a regex is built from a value; recheck checks it before any request sees it.
    regexp = new RegExp(source, flags);
  } catch (err) {
    throw new TypeError(
      `route path "${pattern}" is not a valid regular expression: ${(err as Error).message}`,
    );
  }
  const key = `${flags}/${source}`;
  let why = verdicts.get(key);
  if (why === undefined) {
    why = verdict(source, flags);
    verdicts.set(key, why);
  }
  if (why !== null) {
    throw new TypeError(
      `route path "${pattern}" is refused: its regular expression /${source}/${flags} ${why}`,
    );
  }
  return regexp;
}

/** null when safe, else why not. */
function verdict(source: string, flags: string): string | null {
  checker ??= loadChecker();
  const diagnostics = checker.checkSync(source, flags, { randomSeed: RECHECK_SEED, timeout: 10_000 });
  if (diagnostics.status === 'safe') return null;
  if (diagnostics.status === 'vulnerable') {
    return `can backtrack catastrophically (${diagnostics.complexity.summary}; e.g. "${diagnostics.attack.pattern}")`;
  }
  return `could not be proved safe (${diagnostics.error.kind})`;
}
