/** Steps of the logging scenarios: capturing log lines (this process's or a fresh process's stdout) and checking them. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { After, Given, Then, When } from '@cucumber/cucumber';
import { eventually } from '../test/support/eventually.js';
import { locateImplementation, repoRoot } from './support/impl.js';
import { assertIncludes } from './support/json-includes.js';
import { captureStdout, type StdoutCapture } from './support/stdout-capture.js';
import { unwrapModuleSource } from './support/unwrap-module.js';
import { type KitWorld, requireFromRepo, runInScope } from './support/world.js';

const run = promisify(execFile);

/**
 * Where this scenario's log lines come from: this process's standard output (captured in process), a file
 * (`LOG_FILE`, kitjs's extension, LOG-005), or a finished child's stdout.
 */
type Source = { capture: StdoutCapture } | { file: string } | { stdout: string };
const sources = new WeakMap<KitWorld, Source>();

/** Marks a line the steps write themselves to know that every earlier line has reached standard output. */
const MARKER = 'kit-suite: log lines up to here';
let markers = 0;

function logText(world: KitWorld): string {
  const source = sources.get(world);
  if (!source)
    throw new Error('no log is captured: use "Given the log lines are captured" or a fresh process');
  if ('stdout' in source) return source.stdout;
  if ('capture' in source) return source.capture.text();
  return existsSync(source.file) ? readFileSync(source.file, 'utf8') : '';
}

function logLines(world: KitWorld): Array<{ text: string; json: unknown }> {
  return logText(world)
    .split('\n')
    .filter((text) => text !== '' && !text.includes(MARKER))
    .map((text) => {
      try {
        return { text, json: JSON.parse(text) as unknown };
      } catch {
        return { text, json: undefined };
      }
    });
}

/**
 * Waits until every line logged so far has reached the captured standard output. A logger may buffer
 * (LOG-001 allows 100 ms), so the step logs a marker at `fatal` through the implementation's `logger` and
 * waits for it: lines leave one stream in order, so once the marker is there, so is every earlier line,
 * and a check that a line is absent cannot pass only because the line is still in a buffer.
 */
async function settle(world: KitWorld): Promise<void> {
  const source = sources.get(world);
  if (!source || !('capture' in source)) return;
  const logger = (await world.implementation()).exports.logger as
    | { fatal(message: string): void }
    | undefined;
  assert.ok(logger && typeof logger.fatal === 'function', 'the implementation exports no logger');
  const marker = `${MARKER} #${++markers}`;
  logger.fatal(marker);
  await eventually(
    () => {
      assert.ok(
        source.capture.text().includes(marker),
        'the logger wrote nothing to standard output within 2 s',
      );
    },
    2000,
    25,
  );
}

// LOG-001: lines go to standard output; the suite reads them there, with no logger-specific hook.
Given('the log lines are captured', async function (this: KitWorld) {
  const capture = captureStdout();
  sources.set(this, { capture });
  // Lines an earlier scenario left in the logger's buffer are not this scenario's.
  await settle(this);
  capture.reset();
});

After(function (this: KitWorld) {
  const source = sources.get(this);
  if (source && 'capture' in source) source.capture.stop();
});

// LOG-005: kitjs's LOG_FILE, tested on its own.
Given('LOG_FILE names a new file in the scenario directory', async function (this: KitWorld) {
  const file = join(await this.makeTmpDir(), 'logs', 'kit.log');
  this.setEnv('LOG_FILE', file);
  sources.set(this, { file });
});

/** Runs `code` in a fresh Node process that loads the implementation, so LOG_LEVEL and LOG_PRETTY are read anew. */
async function runFresh(
  world: KitWorld,
  code: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { url } = locateImplementation();
  const script = [
    unwrapModuleSource,
    `const { kit, exports: { logger, requestLogger } } = unwrapModule(await import(${JSON.stringify(url)}));`,
    "const require = (await import('node:module')).createRequire(import.meta.url);",
    `await (async () => {\n${code}\n})();`,
  ].join('\n');
  // The scenario's environment (LOG_LEVEL, LOG_PRETTY...) is inherited; LOG_FILE is cleared so lines reach stdout.
  const child = run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { ...process.env, LOG_FILE: '' },
    timeout: 10_000,
  });
  try {
    const { stdout, stderr } = await child;
    sources.set(world, { stdout });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    sources.set(world, { stdout: failed.stdout ?? '' });
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

const failures = new WeakMap<KitWorld, string>();

When('a fresh Node process runs:', async function (this: KitWorld, code: string) {
  const outcome = await runFresh(this, code);
  assert.equal(outcome.code, 0, `the process failed:\n${outcome.stderr}`);
});

When('a fresh Node process tries to run:', async function (this: KitWorld, code: string) {
  const outcome = await runFresh(this, code);
  failures.set(this, outcome.code === 0 ? '' : outcome.stderr);
});

Then('the process failed with an error mentioning {string}', function (this: KitWorld, part: string) {
  const stderr = failures.get(this);
  assert.ok(stderr, 'the process did not fail');
  assert.ok(stderr.includes(part), `stderr does not mention "${part}":\n${stderr}`);
});

When(
  'a client requests {string} and hangs up before the answer',
  async function (this: KitWorld, path: string) {
    const port = this.port();
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
        // Long enough for the request to reach its handler, which never answers.
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 150);
      });
      socket.on('error', reject);
    });
  },
);

Then('a log line includes:', async function (this: KitWorld, expected: string) {
  const wanted = JSON.parse(expected) as unknown;
  await settle(this);
  await eventually(
    () => {
      const lines = logLines(this);
      const match = lines.some(({ json }) => {
        try {
          assertIncludes(json, wanted);
          return true;
        } catch {
          return false;
        }
      });
      assert.ok(match, `no log line includes ${expected}\nlines:\n${lines.map((l) => l.text).join('\n')}`);
    },
    2000,
    25,
  );
});

Then('no log line contains {string}', async function (this: KitWorld, part: string) {
  await settle(this);
  const found = logLines(this).find(({ text }) => text.includes(part));
  assert.equal(found, undefined, `a log line contains "${part}": ${found?.text}`);
});

Then('the log lines hold:', async function (this: KitWorld, code: string) {
  await settle(this);
  // Retried like "a log line includes": a request's line is written once its response has closed.
  const deadline = Date.now() + 2000;
  for (;;) {
    const lines = logLines(this);
    const scope = new Map<string, unknown>([
      ['lines', lines.map(({ json }) => json)],
      ['text', lines.map(({ text }) => text)],
      ['assert', assert],
      ['world', this],
      ['require', requireFromRepo],
    ]);
    try {
      await runInScope(code, scope);
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
});
