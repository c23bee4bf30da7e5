/** Steps of the Express flavours' final handler (X5-017): what the process wrote to stdout and stderr. */
import assert from 'node:assert/strict';
import { After, Given, Then } from '@cucumber/cucumber';
import { captureStdout, type StdoutCapture } from './support/stdout-capture.js';
import type { KitWorld } from './support/world.js';

interface OutputCapture {
  stdout: StdoutCapture;
  stderr: string[];
  restore(): void;
}

const captures = new WeakMap<KitWorld, OutputCapture>();

// A logger may buffer its lines for up to 100 ms (LOG-001): an absence is checked after longer than that.
const quietMs = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function captureOf(world: KitWorld): OutputCapture {
  const capture = captures.get(world);
  if (!capture) throw new Error('the output is not captured: use "Given the process output is captured"');
  return capture;
}

// X5-017: Express writes an unhandled error's stack with console.error, so stderr is read through
// process.stderr.write; stdout through the same capture as the log scenarios (fd 1 and process.stdout).
Given('the process output is captured', function (this: KitWorld) {
  const stderr: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((chunk: unknown, ...rest: unknown[]): boolean => {
    stderr.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString());
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }) as typeof process.stderr.write;
  captures.set(this, {
    stdout: captureStdout(),
    stderr,
    restore: () => {
      process.stderr.write = write;
    },
  });
});

After(function (this: KitWorld) {
  const capture = captures.get(this);
  if (!capture) return;
  capture.stdout.stop();
  capture.restore();
  captures.delete(this);
});

Then('standard error contains {string}', async function (this: KitWorld, part: string) {
  const { stderr } = captureOf(this);
  for (let waited = 0; waited < 2000 && !stderr.join('').includes(part); waited += 20) await sleep(20);
  assert.ok(stderr.join('').includes(part), `standard error does not contain "${part}":\n${stderr.join('')}`);
});

Then('standard error does not contain {string}', async function (this: KitWorld, part: string) {
  await sleep(quietMs);
  const text = captureOf(this).stderr.join('');
  assert.ok(!text.includes(part), `standard error contains "${part}":\n${text}`);
});

Then('standard output does not contain {string}', async function (this: KitWorld, part: string) {
  await sleep(quietMs);
  const text = captureOf(this).stdout.text();
  assert.ok(!text.includes(part), `standard output contains "${part}":\n${text}`);
});
