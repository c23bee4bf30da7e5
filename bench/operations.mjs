#!/usr/bin/env node
// The operations scenario of `npm run test:operations`, longer: two reference servers on a real PostgreSQL
// behind a balancer that checks /readyz, restarted one after the other several times under register/login/me
// load, then PostgreSQL stopped and started again under register load. Reports what the gate asserts
// (requests, failures by kind, 503s, lost writes) and the latency of every request kind, p50 and p99.
//
//   node bench/operations.mjs [--clients 8] [--readers 2] [--restarts 3] [--settle 20] [--outage-ms 3000]
//                             [--delay 1000] [--interval 250] [--json FILE]
//
// Needs only kitjs's own dev dependencies (tsx, pg) and Debian's PostgreSQL server binaries
// (apt-get install postgresql). Exit 1 when the figures show a failure the gate would fail on.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

register();
const { runOperations } = await import('../test/operations/scenario.ts');
const { detail, failuresOf, summaryLine } = await import('../test/operations/report.ts');
const { postgresAvailability } = await import('../test/support/postgres-server.ts');

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '8' },
    readers: { type: 'string', default: '2' },
    restarts: { type: 'string', default: '3' },
    settle: { type: 'string', default: '20' },
    'outage-ms': { type: 'string', default: '3000' },
    delay: { type: 'string', default: '1000' },
    interval: { type: 'string', default: '250' },
    json: { type: 'string' },
  },
  strict: true,
});

/** A whole number from an option, or a clear failure naming the option. */
function whole(name, least) {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < least) {
    console.error(
      `operations: --${name} must be a whole number of at least ${least} (got "${values[name]}")`,
    );
    process.exit(2);
  }
  return value;
}

const options = {
  clients: whole('clients', 1),
  readers: whole('readers', 0),
  restarts: whole('restarts', 1),
  settleIterations: whole('settle', 1),
  outageMs: whole('outage-ms', 0),
  shutdownDelayMs: whole('delay', 0),
  checkIntervalMs: whole('interval', 10),
};

// The outage stops the server: only one this run started may be stopped.
delete process.env.POSTGRES_URL;
const availability = await postgresAvailability();
if ('reason' in availability) {
  console.error(`operations: ${availability.reason}`);
  process.exit(2);
}

const figures = await runOperations(options);

const row = (cells) => `| ${cells.join(' | ')} |`;
const lines = [
  `clients ${options.clients} and ${options.readers} readers, rolling restarts ${options.restarts}, SHUTDOWN_DELAY_MS ${options.shutdownDelayMs}, ` +
    `checks every ${options.checkIntervalMs} ms, outage ${(figures.outage.stoppedForMs / 1000).toFixed(1)} s, ${figures.seconds} s in all`,
  '',
  row(['phase', 'requests', 'failed', 'answers', 'p50 ms', 'p99 ms', 'max ms']),
  row(['---', '---:', '---:', '---', '---:', '---:', '---:']),
];
for (const [name, phase] of [
  ['rolling restarts', figures.rolling],
  ['database outage', figures.outage],
]) {
  const answers = Object.entries(phase.results)
    .map(([result, count]) => `${count} ${result}`)
    .join(', ');
  lines.push(
    row([
      name,
      phase.requests,
      phase.failed,
      answers,
      phase.latencyMs.p50,
      phase.latencyMs.p99,
      phase.latencyMs.max,
    ]),
  );
  for (const [kind, some] of Object.entries(phase.byKind)) {
    lines.push(row([`  ${kind}`, some.requests, '', '', some.p50, some.p99, '']));
  }
}
lines.push(
  '',
  `lost writes: ${figures.writes.missing.length} of ${figures.writes.answered201} accounts answered 201`,
  `sent while no instance was ready (fail open): ${figures.failOpen}`,
  `5xx logged by the instances: ${JSON.stringify(figures.serverErrors)}`,
  '',
  row(['instance', 'requests', 'balancer errors', 'Connection: close answers', 'exit']),
  row(['---', '---:', '---', '---:', '---']),
  ...Object.entries(figures.instances).map(([name, instance]) =>
    row([
      name,
      instance.forwarded,
      JSON.stringify(instance.errors),
      instance.closeAnswers,
      instance.exitCode,
    ]),
  ),
);
console.log(`\n${lines.join('\n')}\n`);
console.log(summaryLine(figures));
if (values.json) writeFileSync(values.json, `${JSON.stringify({ options, ...figures }, null, 2)}\n`);

const failures = failuresOf(figures);
if (failures.length > 0) {
  console.log(JSON.stringify(detail(figures), null, 2));
  console.error(`operations: failures\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
  process.exit(1);
}
