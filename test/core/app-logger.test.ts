/** APP-013: the logger option of kit(): a logger as given, options made into one that redacts, else kitjs's. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { processLogger } from '../../src/base/logger.ts';
import { appLogger } from '../../src/core/app/app-logger.ts';
import kit from '../../src/index.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('appLogger (APP-013)', () => {
  it("is a child of kitjs's logger of the app's own without an option, and a given logger as it is", () => {
    const first = appLogger(undefined);
    const second = appLogger(undefined);
    assert.notEqual(first, processLogger());
    assert.notEqual(first, second);
    // Its lines go where kitjs's go, with kitjs's level until the app sets its own.
    assert.equal(Object.getPrototypeOf(first), processLogger());
    assert.equal(first.level, processLogger().level);
    const own = pino({ level: 'silent' });
    assert.equal(appLogger(own), own);
  });

  it("gives each app its own level and bindings: one app's changes never reach another's", () => {
    const a = kit();
    const b = kit();
    const before = b.log.level;
    a.log.level = 'debug';
    assert.equal(a.log.level, 'debug');
    assert.equal(b.log.level, before);
    assert.equal(processLogger().level, before);
    a.log.setBindings({ service: 'a' });
    assert.deepEqual(b.log.bindings(), {});
  });

  it('makes a logger from options, which writes JSON lines to stdout and redacts what kitjs redacts', () => {
    // A child process, since the made logger writes to file descriptor 1 itself.
    const script = [
      "import kit from './src/index.ts';",
      "const app = kit({ logger: { level: 'info' } });",
      "app.log.debug('hidden');",
      "app.log.info({ password: 'hunter2', user: 'ann' }, 'login');",
    ].join('\n');
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(child.status, 0, child.stderr);
    const lines = child.stdout.trim().split('\n');
    assert.equal(lines.length, 1, child.stdout);
    const line = JSON.parse(lines[0] as string) as Record<string, unknown>;
    assert.equal(line.msg, 'login');
    assert.equal(line.password, '[Redacted]');
    assert.equal(line.user, 'ann');
  });

  it('refuses what is neither a logger nor options, at once', () => {
    assert.throws(() => appLogger('loud'), TypeError);
    assert.throws(() => appLogger(null), TypeError);
    assert.throws(() => appLogger([]), TypeError);
  });
});
