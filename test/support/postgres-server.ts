/**
 * A real PostgreSQL for tests: POSTGRES_URL when set, else Debian's server binaries started in a scratch
 * directory on a free loopback port (as the `postgres` user when we run as root, since initdb refuses root),
 * stopped when the run ends, even when it ends by a signal or a crash.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unusedLoopbackPort } from './loopback-port.ts';

export type PostgresAvailability = { url: string } | { reason: string };

interface Scratch {
  dir: string;
  data: string;
  bin: string;
  user: { uid: number; gid: number } | undefined;
  /** The port the server listens on, once it has started: a resumed server takes the same one. */
  port?: number;
}

let started: Scratch | undefined;
let availability: Promise<PostgresAvailability> | undefined;

/** The newest `/usr/lib/postgresql/<version>/bin` holding initdb, pg_ctl and postgres (or POSTGRES_BIN). */
export function postgresBinDir(): string | undefined {
  const has = (dir: string) => ['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(join(dir, name)));
  const fromEnv = process.env.POSTGRES_BIN;
  if (fromEnv) return has(fromEnv) ? fromEnv : undefined;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(base, v, 'bin')).find(has);
}

/** The uid and gid of the `postgres` account, read from /etc/passwd (no package for one line). */
export function postgresAccount(): { uid: number; gid: number } | undefined {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('postgres:'));
    const fields = line?.split(':');
    if (fields === undefined) return undefined;
    return { uid: Number(fields[2]), gid: Number(fields[3]) };
  } catch {
    return undefined;
  }
}

/** Runs a PostgreSQL binary as the scratch directory's owner; throws with its output when it fails. */
function runAs(scratch: Scratch, tool: string, args: string[]): void {
  const run = spawnSync(join(scratch.bin, tool), args, {
    cwd: scratch.dir,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
    ...scratch.user,
  });
  if (run.status !== 0) {
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}${run.error?.message ?? ''}`.trim();
    throw new Error(
      `${tool} failed (${run.status ?? run.signal}): ${output.split('\n').slice(-5).join(' ')}`,
    );
  }
}

/** {@link runAs} without blocking: the caller's own servers and clients go on while pg_ctl waits. */
function runAsLater(scratch: Scratch, tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      join(scratch.bin, tool),
      args,
      {
        cwd: scratch.dir,
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
        ...scratch.user,
      },
      (error, stdout, stderr) => {
        if (error === null) return resolve();
        const output = `${stdout}${stderr}${error.message}`.trim();
        reject(new Error(`${tool} failed: ${output.split('\n').slice(-5).join(' ')}`));
      },
    );
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The scratch directory's name carries its owner's pid, so no other file is needed to tell orphans apart. */
const SCRATCH_NAME = /^kit-pg-(\d+)-/;

/** Stops and removes the servers that earlier runs killed with SIGKILL left behind (their owner is gone). */
function reapOrphans(bin: string, user: Scratch['user']): void {
  for (const name of readdirSync(tmpdir())) {
    const owner = Number(SCRATCH_NAME.exec(name)?.[1] ?? 0);
    if (owner === 0 || isAlive(owner)) continue;
    const dir = join(tmpdir(), name);
    const scratch = { dir, data: join(dir, 'data'), bin, user };
    if (existsSync(join(scratch.data, 'postmaster.pid'))) {
      try {
        runAs(scratch, 'pg_ctl', ['-D', scratch.data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped: only the directory is left.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

function stopSync(): void {
  const scratch = started;
  started = undefined;
  if (scratch === undefined) return;
  try {
    // Immediate: the data is thrown away anyway, and a test run must not wait on checkpoints.
    runAs(scratch, 'pg_ctl', ['-D', scratch.data, '-m', 'immediate', '-w', 'stop']);
  } catch {
    // Not running (it never started, or it already stopped): only the directory is left to remove.
  }
  rmSync(scratch.dir, { recursive: true, force: true });
}

let hooksInstalled = false;
function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  // 'exit' also runs after an uncaught exception, so a crashing run stops its server too.
  process.once('exit', stopSync);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      stopSync();
      // The default action of the signal, which our listener replaced.
      process.exit(128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const)[signal]);
    });
  }
}

async function startLocal(bin: string): Promise<PostgresAvailability> {
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? postgresAccount() : undefined;
  if (asRoot && user === undefined) {
    return { reason: 'no PostgreSQL: running as root and there is no "postgres" user to run initdb as' };
  }
  reapOrphans(bin, user);
  const dir = mkdtempSync(join(tmpdir(), `kit-pg-${process.pid}-`));
  if (user !== undefined) chownSync(dir, user.uid, user.gid);
  const scratch: Scratch = { dir, data: join(dir, 'data'), bin, user };
  installExitHooks();
  started = scratch;
  try {
    runAs(scratch, 'initdb', [
      '-D',
      scratch.data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    // Another process may take the free port between our check and the server's bind: try a few.
    for (let attempt = 1; ; attempt++) {
      const port = await unusedLoopbackPort();
      try {
        runAs(scratch, 'pg_ctl', [
          '-D',
          scratch.data,
          '-l',
          join(dir, 'server.log'),
          '-o',
          settings(port, dir),
          '-w',
          'start',
        ]);
        scratch.port = port;
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres` };
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  } catch (error) {
    stopSync();
    const message = error instanceof Error ? error.message : String(error);
    return { reason: `no PostgreSQL: the server in ${dir} could not start (${message})` };
  }
}

/** The server's settings: loopback only, its socket in the scratch directory, no durability. */
function settings(port: number, dir: string): string {
  return [
    '-c listen_addresses=127.0.0.1',
    `-c port=${port}`,
    `-c unix_socket_directories=${dir}`,
    // Durability is pointless for throwaway test data, and the machine is shared.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=100',
  ].join(' ');
}

/**
 * Where a PostgreSQL server answers for this run: POSTGRES_URL, else one started from the local binaries
 * (tried once; the outcome is cached), else the reason there is none.
 *
 * @example
 * const outcome = await postgresAvailability(); // { url: 'postgres://postgres@127.0.0.1:40123/postgres' }
 */
export function postgresAvailability(): Promise<PostgresAvailability> {
  const fromEnv = process.env.POSTGRES_URL;
  if (fromEnv) return Promise.resolve({ url: fromEnv });
  availability ??= (async () => {
    const bin = postgresBinDir();
    if (bin === undefined) {
      return {
        reason:
          'no PostgreSQL: POSTGRES_URL is unset and no initdb/pg_ctl/postgres under /usr/lib/postgresql/*/bin (apt-get install postgresql)',
      };
    }
    return startLocal(bin);
  })();
  return availability;
}

/** Stops the server this run started, if any (POSTGRES_URL's server is left alone). */
export async function stopPostgres(): Promise<void> {
  stopSync();
  availability = undefined;
}

/** The server this run started and is running, or a failure saying why an outage cannot be made. */
function ownServer(): Scratch & { port: number } {
  const scratch = started;
  if (scratch?.port === undefined) {
    throw new Error(
      process.env.POSTGRES_URL
        ? 'POSTGRES_URL names a server this run did not start, so it cannot stop it: unset POSTGRES_URL'
        : 'no PostgreSQL was started by this run: call postgresAvailability() first',
    );
  }
  return scratch as Scratch & { port: number };
}

/**
 * A database outage: stops the server this run started the way an administrator's restart does (`pg_ctl
 * stop -m fast`: open sessions end with "terminating connection due to administrator command", new ones are
 * refused with "the database system is shutting down", then the port is closed), keeping its data and its
 * port for {@link resumePostgres}. Asynchronous, so the caller's servers and clients run on meanwhile.
 *
 * @example
 * await suspendPostgres();
 * // ... the apps meet a database that is gone ...
 * await resumePostgres();
 */
export async function suspendPostgres(): Promise<void> {
  const scratch = ownServer();
  await runAsLater(scratch, 'pg_ctl', ['-D', scratch.data, '-m', 'fast', '-w', 'stop']);
}

/** Starts the server {@link suspendPostgres} stopped again, with its data, on the same port; resolves once it accepts connections. */
export async function resumePostgres(): Promise<void> {
  const scratch = ownServer();
  await runAsLater(scratch, 'pg_ctl', [
    '-D',
    scratch.data,
    '-l',
    join(scratch.dir, 'server.log'),
    '-o',
    settings(scratch.port, scratch.dir),
    '-w',
    'start',
  ]);
}

/** `url` with its database replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
