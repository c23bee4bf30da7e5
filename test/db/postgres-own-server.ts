/**
 * A PostgreSQL server of a test's own, which the test may stop and start (DB-001's outages): the run's shared
 * server (test/support/postgres-server.ts) must keep serving every other test. Debian's binaries, a scratch
 * directory named as the shared server's are (`kit-pg-<pid>-`), so a run killed outright leaves nothing
 * the next run does not reap; stopped when the process exits.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unusedLoopbackPort } from '../support/loopback-port.ts';
import { postgresAccount, postgresBinDir } from '../support/postgres-server.ts';

/** A server this process started: `url` names its `postgres` database; `stop` and `start` keep its port and data. */
export interface OwnPostgres {
  readonly url: string;
  readonly port: number;
  /**
   * `pg_ctl stop`: `fast` ends every session with 57P01 (admin_shutdown); resolves once the server is gone.
   * Asynchronous, as start(): the test's own event loop keeps running (its clients see the outage as it
   * happens, not all at once afterwards).
   */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl start` on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and removes its directory. Safe to repeat. */
  destroy(): void;
}

/**
 * Starts a server of its own, or resolves to the reason it cannot (no binaries, no `postgres` user as
 * root). POSTGRES_URL does not help here: a server someone else runs is not ours to stop.
 *
 * @example
 * const own = await ownPostgres();
 * if ('reason' in own) return t.skip(own.reason);
 * await own.stop(); await own.start(); own.destroy();
 */
export async function ownPostgres(): Promise<OwnPostgres | { reason: string }> {
  const bin = postgresBinDir();
  if (bin === undefined) {
    return {
      reason:
        'no PostgreSQL of its own: no initdb/pg_ctl/postgres under /usr/lib/postgresql/*/bin (apt-get install postgresql)',
    };
  }
  const user = process.getuid?.() === 0 ? postgresAccount() : undefined;
  if (process.getuid?.() === 0 && user === undefined) {
    return { reason: 'no PostgreSQL of its own: running as root and there is no "postgres" user' };
  }
  const dir = mkdtempSync(join(tmpdir(), `kit-pg-${process.pid}-own-`));
  if (user !== undefined) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const options = { cwd: dir, timeout: 60_000, env: { ...process.env, LC_ALL: 'C', LANG: 'C' }, ...user };
  const run = (tool: string, args: string[]): void => {
    const outcome = spawnSync(join(bin, tool), args, { ...options, encoding: 'utf8' });
    if (outcome.status !== 0) {
      const output = `${outcome.stdout ?? ''}${outcome.stderr ?? ''}${outcome.error?.message ?? ''}`.trim();
      throw new Error(
        `${tool} failed (${outcome.status ?? outcome.signal}): ${output.split('\n').slice(-5).join(' ')}`,
      );
    }
  };
  const runAsync = (tool: string, args: string[]): Promise<void> =>
    new Promise((done, fail) => {
      execFile(join(bin, tool), args, { ...options, encoding: 'utf8' }, (error, stdout, stderr) => {
        if (error === null) done();
        else
          fail(
            new Error(
              `${tool} failed: ${`${stdout}${stderr}${error.message}`.trim().split('\n').slice(-5).join(' ')}`,
            ),
          );
      });
    });
  let running = false;
  let destroyed = false;
  const port = await unusedLoopbackPort();
  const server: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop(mode = 'fast') {
      if (!running) return;
      await runAsync('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    async start() {
      if (running) return;
      // The settings of the shared server: loopback only, its socket in its directory, no durability.
      const settings = [
        '-c listen_addresses=127.0.0.1',
        `-c port=${port}`,
        `-c unix_socket_directories=${dir}`,
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=20',
      ].join(' ');
      await runAsync('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', settings, '-w', 'start']);
      running = true;
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      process.removeListener('exit', onExit);
      try {
        if (running) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        running = false;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  // 'exit' also runs after an uncaught exception, so a crashing test stops its server too.
  const onExit = () => server.destroy();
  process.once('exit', onExit);
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await server.start();
  } catch (error) {
    server.destroy();
    return { reason: `no PostgreSQL of its own: ${error instanceof Error ? error.message : String(error)}` };
  }
  return server;
}
