/** Refuses, at setup, every route regex that recheck does not prove free of catastrophic backtracking. */
import type { checkSync as CheckSync } from 'recheck';
import { lazyDependency } from '../optional-package.js';

// recheck is large and only regex routes need it: loaded on the first one (kit() apps with plain patterns
// never load it).
const loadRecheck = lazyDependency<{ checkSync: typeof CheckSync }>('recheck');

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
  const diagnostics = loadRecheck().checkSync(source, flags, { randomSeed: RECHECK_SEED, timeout: 10_000 });
  if (diagnostics.status === 'safe') return null;
  if (diagnostics.status === 'vulnerable') {
    return `can backtrack catastrophically (${diagnostics.complexity.summary}; e.g. "${diagnostics.attack.pattern}")`;
  }
  return `could not be proved safe (${diagnostics.error.kind})`;
}
