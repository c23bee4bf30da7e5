/** What the operations scenario's figures say: the one-line summary and the failures (shared by the gate and the bench). */
import type { OperationsFigures, PhaseFigures } from './scenario.ts';

/** The outcomes of a phase other than `expected`, as "3 reset, 2 503 not JSON", or "none". */
export function otherResults(phase: PhaseFigures, expected: string[]): string {
  const other = Object.entries(phase.results)
    .filter(([result]) => !expected.includes(result))
    .map(([result, count]) => `${count} ${result}`);
  return other.length === 0 ? 'none' : other.join(', ');
}

/**
 * One line of counts: the rolling restart's requests and failures, the outage's registrations by answer,
 * the lost writes.
 *
 * @example
 * console.log(summaryLine(figures)); // operations: rolling restart: 812 requests, 0 failed (none); ...
 */
export function summaryLine(figures: OperationsFigures): string {
  const { rolling, outage, writes } = figures;
  return (
    `operations: rolling restart: ${rolling.requests} requests, ${rolling.failed} failed (${otherResults(rolling, ['ok'])}); ` +
    `database outage (${(outage.stoppedForMs / 1000).toFixed(1)} s): ${outage.requests} registrations, ` +
    `${outage.results.ok ?? 0} answered 201, ${outage.results.unavailable ?? 0} answered 503 with Retry-After, ` +
    `${outage.failed} other (${otherResults(outage, ['ok', 'unavailable'])}); ` +
    `lost writes: ${writes.missing.length} of ${writes.answered201}; ${figures.problems.length} other problems; ${figures.seconds} s`
  );
}

/**
 * What the run must not show (issue 44): a failed request through the rolling restart (no reset, no refused,
 * no 5xx, nothing retried); during the database outage anything but 201 or a JSON 503 with Retry-After; an
 * account answered 201 that the database does not hold; an instance that did not exit 0, did not recover or
 * got no traffic. Also fails a run whose outage no registration met (then the outage was not tested).
 *
 * @example
 * const failures = failuresOf(figures); // [] when the deploy and the outage lost nothing
 */
export function failuresOf(figures: OperationsFigures): string[] {
  const { rolling, outage, writes } = figures;
  const failures: string[] = [];
  if (rolling.failed > 0) {
    failures.push(
      `the rolling restart failed ${rolling.failed} of ${rolling.requests} requests: ${otherResults(rolling, ['ok'])}`,
    );
  }
  if (outage.failed > 0) {
    failures.push(
      `during the database outage ${outage.failed} registrations got neither 201 nor a JSON 503 with Retry-After: ${otherResults(outage, ['ok', 'unavailable'])}`,
    );
  }
  if ((outage.results.unavailable ?? 0) === 0 && outage.failed === 0) {
    failures.push('no registration met the database outage: the outage was not tested');
  }
  if (writes.missing.length > 0) {
    failures.push(
      `${writes.missing.length} accounts answered 201 are not in the database: ${writes.missing.slice(0, 5).join(', ')}`,
    );
  }
  for (const [name, instance] of Object.entries(figures.instances)) {
    if (instance.forwarded === 0)
      failures.push(`instance ${name} served no request: the load did not reach it`);
  }
  failures.push(...figures.problems);
  return failures;
}

/** What a failing run prints to tell why: the balancer's view of each instance and the 5xx they logged. */
export function detail(figures: OperationsFigures): Record<string, unknown> {
  return {
    instances: figures.instances,
    failOpen: figures.failOpen,
    serverErrors: figures.serverErrors,
    rolling: figures.rolling.results,
    outage: figures.outage.results,
  };
}
