/** ERR-011: a failure whose error throws when read is still logged, with a placeholder, never a throw. */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { it } from 'node:test';
import pino from 'pino';
import { logFailure } from '../../src/base/logger.ts';

it('logs a placeholder for an error whose every trap throws, and the line keeps its other fields', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = pino({}, sink);
  const trap = (): never => {
    throw new Error('trap');
  };
  const hostile = new Proxy({}, { get: trap, ownKeys: trap, getPrototypeOf: trap, has: trap });
  assert.doesNotThrow(() => logFailure('error', { err: hostile, url: '/x' }, 'request failed', log));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(lines.length, 1);
  const line = JSON.parse(lines[0] as string) as { msg: string; url: string; err: { message: string } };
  assert.equal(line.msg, 'request failed');
  assert.equal(line.url, '/x');
  assert.match(line.err.message, /failed while it was being read/);
});
