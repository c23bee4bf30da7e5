// Preloaded into every unit-test process by scripts/unit.mjs. Property tests explore a new random seed on
// every local run; in CI (CI set) they replay one fixed seed, so the gate gives the same answer for the
// same code. FC_SEED=<n> replays any seed a failure printed.
import fc from 'fast-check';

const CI_SEED = 20261123;
const given = process.env.FC_SEED;
const seed = given !== undefined && given !== '' ? Number(given) : process.env.CI ? CI_SEED : undefined;
if (seed !== undefined) {
  if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer, got ${given}`);
  fc.configureGlobal({ seed });
}
