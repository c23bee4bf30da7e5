/**
 * `npm run test:operations` (issue 44): a deploy and a database outage must lose nothing. Two reference
 * servers on a real PostgreSQL behind a balancer that checks /readyz every 250 ms; both restarted one after
 * the other under register/login/me load (SIGTERM, SHUTDOWN_DELAY_MS=1000), then PostgreSQL stopped for 3 s
 * under register load. Counts, never timings: fixed settle points, every wait a generous hang guard.
 *
 *   node --import tsx test/operations/run.ts
 *
 * It starts its own PostgreSQL from Debian's binaries (test/support/postgres-server.ts), even when
 * POSTGRES_URL names one: the outage stops the server, and only one this run started may be stopped.
 * Without the binaries the run is skipped with the reason, as other tests needing an outside part are
 * (.ci/run installs them).
 */
import { postgresAvailability } from '../support/postgres-server.ts';
import { detail, failuresOf, summaryLine } from './report.ts';
import { runOperations } from './scenario.ts';

/** The whole run's hang guard: past it the run fails, saying so, rather than holding the gate. */
const RUN_LIMIT_MS = 300_000;

const guard = setTimeout(() => {
  console.error(`operations: still running after ${RUN_LIMIT_MS / 1000} s: failing (hung)`);
  process.exit(1);
}, RUN_LIMIT_MS);
guard.unref();

// The outage stops the server: only one this run started may be stopped.
delete process.env.POSTGRES_URL;
const availability = await postgresAvailability();
if ('reason' in availability) {
  console.log(`operations: skipped: ${availability.reason}`);
  process.exit(0);
}

const figures = await runOperations({
  clients: 4,
  readers: 2,
  restarts: 1,
  outageMs: 3000,
  shutdownDelayMs: 1000,
  checkIntervalMs: 250,
  settleIterations: 3,
});

console.log(summaryLine(figures));
const failures = failuresOf(figures);
if (failures.length > 0 || process.env.OPERATIONS_VERBOSE) {
  console.log(JSON.stringify(detail(figures), null, 2));
}
if (failures.length > 0) {
  console.error(`operations: FAILED\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
  process.exit(1);
}
console.log('operations: passed');
process.exit(0);
