/**
 * The operations scenario (issue 44): two reference servers on one PostgreSQL behind a checking balancer,
 * restarted one after the other under load, then the database stopped and started again under load; the
 * figures of every request. `run.ts` (the gate) and `bench/operations.mjs` (longer) run it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  type ChildServer,
  killServer,
  serverEnvironment,
  startServer,
  within,
} from '../../step-definitions/support/child-server.ts';
import { freshDatabase, queryDatabase } from '../support/postgres-database.ts';
import {
  postgresAvailability,
  resumePostgres,
  stopPostgres,
  suspendPostgres,
} from '../support/postgres-server.ts';
import { Load, type Outcome, type RequestKind } from './load.ts';
import { HealthCheckingProxy } from './proxy.ts';

export interface OperationsOptions {
  /** Keep-alive clients sending requests at once, one at a time each: register, login, reads of /me. */
  clients: number;
  /** More clients that only read /me, a few ms apart, through the rolling restarts. */
  readers: number;
  /** Rolling restarts of both instances, one after the other. */
  restarts: number;
  /** How long PostgreSQL stays stopped. */
  outageMs: number;
  /** The instances' SHUTDOWN_DELAY_MS (REF-037). */
  shutdownDelayMs: number;
  /** How often the balancer checks /readyz. */
  checkIntervalMs: number;
  /** Iterations each client completes before a disruption starts and after it ends, so both sides are loaded. */
  settleIterations: number;
  /** Where the run says what it is doing (stderr by default). */
  log?: (line: string) => void;
}

/** What one part of the run saw: every request's outcome, counted. */
export interface PhaseFigures {
  requests: number;
  /** Outcome -> count ('ok', 'unavailable', and every kind of failure). */
  results: Record<string, number>;
  /** Requests that ended neither 'ok' nor, in the outage, 'unavailable'. */
  failed: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** The same by request kind (register and login wait on bcrypt, /me does not). */
  byKind: Partial<Record<RequestKind, { requests: number; p50: number; p99: number }>>;
}

export interface OperationsFigures {
  rolling: PhaseFigures;
  outage: PhaseFigures & { stoppedForMs: number };
  /** Accounts answered 201, and those of them the database does not hold. */
  writes: { answered201: number; missing: string[] };
  /** Instances by name: requests the balancer sent them, its errors, answers with Connection: close, exit code. */
  instances: Record<
    string,
    {
      forwarded: number;
      errors: Record<string, number>;
      closeAnswers: number;
      exitCode: number | null | 'running';
    }
  >;
  /** Requests the balancer sent while it found no instance ready (fail open). */
  failOpen: number;
  /** 5xx the instances logged, by error type and code ('SequelizeConnectionRefusedError ECONNREFUSED'). */
  serverErrors: Record<string, number>;
  /** What the counts cannot say: an instance that exited with another code, a recovery that did not come. */
  problems: string[];
  seconds: number;
}

interface Instance {
  name: string;
  child: ChildServer;
  dir: string;
}

/** A hang guard for one instance's start or exit, not a measure (a loaded 2-core machine is slow). */
const PROCESS_LIMIT_MS = 90_000;
/** A hang guard for a phase waiting on its load. */
const PHASE_LIMIT_MS = 120_000;
/** ≥ 32 bytes: what a production secret needs (REF-011); every instance has the same. */
const JWT_SECRET = 'operations-test-secret-0123456789abcdef';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] as number) * 10) / 10;
}

function figuresOf(outcomes: Outcome[], accepted: string[]): PhaseFigures {
  const results: Record<string, number> = {};
  for (const { result } of outcomes) results[result] = (results[result] ?? 0) + 1;
  const latencies = outcomes.map((outcome) => outcome.latencyMs).sort((a, b) => a - b);
  const byKind: PhaseFigures['byKind'] = {};
  for (const kind of ['register', 'login', 'me'] as const) {
    const some = outcomes
      .filter((outcome) => outcome.kind === kind)
      .map((outcome) => outcome.latencyMs)
      .sort((a, b) => a - b);
    if (some.length > 0)
      byKind[kind] = { requests: some.length, p50: percentile(some, 50), p99: percentile(some, 99) };
  }
  return {
    byKind,
    requests: outcomes.length,
    results,
    failed: outcomes.filter((outcome) => !accepted.includes(outcome.result)).length,
    latencyMs: {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
    },
  };
}

/** The 5xx an instance logged ("request failed"), by the error's type and the driver's code. */
function serverErrorsOf(logFile: string, into: Record<string, number>): void {
  let text: string;
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return;
  }
  for (const line of text.split('\n')) {
    if (!line.includes('"msg":"request failed"')) continue;
    try {
      const { err } = JSON.parse(line) as {
        err?: { type?: string; code?: string; parent?: { code?: string }; original?: { code?: string } };
      };
      const code = err?.parent?.code ?? err?.original?.code ?? err?.code;
      const key = `${err?.type ?? 'Error'}${code ? ` ${code}` : ''}`;
      into[key] = (into[key] ?? 0) + 1;
    } catch {
      // A line cut by the process's end: nothing to count.
    }
  }
}

/**
 * Runs the scenario and returns its figures; it asserts nothing (the callers do). Throws when a part could
 * not be set up (no PostgreSQL, an instance that did not start) or a hang guard fired.
 *
 * @example
 * const figures = await runOperations({ clients: 4, readers: 2, restarts: 1, outageMs: 3000, shutdownDelayMs: 1000,
 *   checkIntervalMs: 250, settleIterations: 3 });
 */
export async function runOperations(options: OperationsOptions): Promise<OperationsFigures> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const t0 = performance.now();
  const say = (what: string) => log(`operations [${((performance.now() - t0) / 1000).toFixed(1)} s] ${what}`);
  const problems: string[] = [];
  const outcomes: Outcome[] = [];
  const written = new Map<string, string>();
  const everyInstance: Instance[] = [];
  const exitCodes: Record<string, number | null | 'running'> = {};
  const scratch = mkdtempSync(join(tmpdir(), 'kit-operations-'));
  const proxy = new HealthCheckingProxy({
    checkIntervalMs: options.checkIntervalMs,
    onChange: (name, ready) => say(`balancer: ${name} ${ready ? 'in' : 'out'}`),
  });
  let load: Load | undefined;

  // A run cut short (a thrown guard, Ctrl-C) leaves no server behind: the children go with the parent.
  const killAll = () => {
    for (const instance of everyInstance) if (!instance.child.exited) instance.child.process.kill('SIGKILL');
  };
  process.once('exit', killAll);

  const availability = await postgresAvailability();
  if ('reason' in availability) throw new Error(availability.reason);
  const databaseUrl = await freshDatabase(availability.url, 'operations');
  say(`PostgreSQL at ${new URL(availability.url).host}, database ${new URL(databaseUrl).pathname.slice(1)}`);

  // The first failures of each kind are told as they happen, beside the instances' and the balancer's events.
  const told = new Map<string, number>();
  const noteFailure = (outcome: Outcome) => {
    if (outcome.phase === 'outage' && outcome.result === 'unavailable') return;
    const key = `${outcome.phase} ${outcome.kind} ${outcome.result}`;
    const count = (told.get(key) ?? 0) + 1;
    told.set(key, count);
    if (count <= 3)
      say(
        `${outcome.kind} via ${outcome.upstream ?? 'the balancer'}: ${outcome.result}${count === 3 ? ' (and more, counted)' : ''}`,
      );
  };

  const generations = new Map<string, number>();
  const startInstance = async (base: string): Promise<Instance> => {
    const generation = (generations.get(base) ?? 0) + 1;
    generations.set(base, generation);
    const name = `${base}${generation}`;
    const dir = join(scratch, name);
    const env = serverEnvironment({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      SHUTDOWN_DELAY_MS: String(options.shutdownDelayMs),
      // Every request comes from the balancer's address, and every login here is right: no throttle in the way.
      LOGIN_LIMIT_PER_ADDRESS: '1000000',
      LOGIN_LIMIT_PER_EMAIL: '1000',
      // A line per request: into the instance's file, read for its 5xx at the end.
      LOG_FILE: join(dir, 'server.log'),
    });
    mkdirSync(dir, { recursive: true });
    const child = await startServer(dir, env, PROCESS_LIMIT_MS);
    const instance = { name, child, dir };
    everyInstance.push(instance);
    if (child.port === undefined) {
      throw new Error(`instance ${name} did not start:\n${child.output}`);
    }
    proxy.add(name, child.port);
    return instance;
  };

  /** SIGTERM, as a deploy sends it; the balancer finds it not ready, then it drains and exits. */
  const stopInstance = async (instance: Instance): Promise<void> => {
    say(`${instance.name}: SIGTERM`);
    instance.child.process.kill('SIGTERM');
    const code = await within(instance.child.exit, PROCESS_LIMIT_MS, 'running' as const);
    exitCodes[instance.name] = code;
    if (code !== 0) {
      problems.push(`instance ${instance.name} exited with ${code} after SIGTERM, not 0`);
      await killServer(instance.child);
    }
    say(`${instance.name}: exited with ${code}`);
    proxy.remove(instance.name);
  };

  try {
    const proxyPort = await proxy.listen();
    say(`balancer on 127.0.0.1:${proxyPort}, checking /readyz every ${options.checkIntervalMs} ms`);

    // Two instances, started together on the empty database (the first start creates the tables, REF-030).
    let serving: Instance[] = await Promise.all([startInstance('A'), startInstance('B')]);
    for (const instance of serving) await proxy.untilReady(instance.name, PROCESS_LIMIT_MS);
    say(`${serving.map((instance) => instance.name).join(' and ')} ready`);

    // Rolling restarts under register/login/me load: each instance in turn is stopped, and its
    // replacement started and found ready before the next one stops, as a deploy does.
    load = new Load(
      proxyPort,
      {
        clients: options.clients,
        readers: options.readers,
        mix: 'accounts',
        phase: 'rolling',
        onFailure: noteFailure,
      },
      outcomes,
      written,
    );
    load.start();
    await load.untilEachClientDid(options.settleIterations, PHASE_LIMIT_MS);
    for (let round = 1; round <= options.restarts; round++) {
      const next: Instance[] = [];
      for (const old of serving) {
        await stopInstance(old);
        const replacement = await startInstance(old.name.replace(/\d+$/, ''));
        await proxy.untilReady(replacement.name, PROCESS_LIMIT_MS);
        say(`${replacement.name} ready`);
        next.push(replacement);
      }
      serving = next;
      await load.untilEachClientDid(options.settleIterations, PHASE_LIMIT_MS);
    }
    await load.stop();
    load = undefined;
    say(`rolling restart${options.restarts > 1 ? 's' : ''} done`);

    // The database stopped and started again under register load: the same processes serve on.
    const before = serving.map((instance) => instance.child.process.pid);
    const registering = new Load(
      proxyPort,
      { clients: options.clients, mix: 'register', phase: 'outage', onFailure: noteFailure },
      outcomes,
      written,
    );
    load = registering;
    registering.start();
    await registering.untilEachClientDid(options.settleIterations, PHASE_LIMIT_MS);
    say('PostgreSQL: stopping (pg_ctl stop -m fast)');
    await suspendPostgres();
    const stoppedAt = performance.now();
    say('PostgreSQL: stopped');
    await new Promise((resolve) => setTimeout(resolve, options.outageMs));
    await resumePostgres();
    const stoppedForMs = Math.round(performance.now() - stoppedAt);
    const resumedAt = performance.now();
    say(`PostgreSQL: started again after ${(stoppedForMs / 1000).toFixed(1)} s`);
    // Recovered: every client has had registrations answered 201 in a row since, and both instances gave some.
    const createdSince = () =>
      new Set(
        outcomes
          .filter(
            (o) => o.phase === 'outage' && o.kind === 'register' && o.result === 'ok' && o.at > resumedAt,
          )
          .map((o) => o.upstream),
      );
    try {
      await registering.until(
        () =>
          registering.createdInARow.every((count) => count >= options.settleIterations) &&
          serving.every((instance) => createdSince().has(instance.name)),
        PHASE_LIMIT_MS,
      );
      say('registrations answered 201 again by both instances');
    } catch {
      problems.push(
        `no recovery: within ${PHASE_LIMIT_MS / 1000} s of PostgreSQL's restart, registrations were not answered 201 in a row by both instances`,
      );
    }
    await registering.stop();
    load = undefined;
    for (const [i, instance] of serving.entries()) {
      if (instance.child.exited || instance.child.process.pid !== before[i]) {
        problems.push(
          `instance ${instance.name} did not survive the database outage: ${instance.child.output.slice(-2000)}`,
        );
      }
    }

    // Lost writes: every account answered 201 must be in the database.
    const emails = [...written.keys()];
    const rows = await queryDatabase(databaseUrl, 'SELECT email FROM users WHERE email = ANY($1::text[])', [
      emails,
    ]);
    const held = new Set(rows.map((row) => String(row.email)));
    const missing = emails.filter((email) => !held.has(email));

    await Promise.all(serving.map((instance) => stopInstance(instance)));
    const instances: OperationsFigures['instances'] = {};
    const serverErrors: Record<string, number> = {};
    for (const instance of everyInstance) {
      const upstream = proxy.find(instance.name);
      instances[instance.name] = {
        forwarded: upstream?.forwarded ?? 0,
        errors: upstream?.errors ?? {},
        closeAnswers: upstream?.closeAnswers ?? 0,
        exitCode: exitCodes[instance.name] ?? 'running',
      };
      serverErrorsOf(join(instance.dir, 'server.log'), serverErrors);
    }
    const phase = (name: string) => outcomes.filter((outcome) => outcome.phase === name);
    return {
      rolling: figuresOf(phase('rolling'), ['ok']),
      outage: { ...figuresOf(phase('outage'), ['ok', 'unavailable']), stoppedForMs },
      writes: { answered201: emails.length, missing },
      instances,
      failOpen: proxy.failOpen,
      serverErrors,
      problems,
      seconds: Math.round((performance.now() - t0) / 100) / 10,
    };
  } finally {
    await load?.stop().catch(() => {});
    killAll();
    await proxy.close();
    await stopPostgres();
    rmSync(scratch, { recursive: true, force: true });
    process.removeListener('exit', killAll);
  }
}
