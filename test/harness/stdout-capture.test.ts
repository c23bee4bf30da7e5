/** Unit tests of the suite's capture of standard output (what the log scenarios read instead of LOG_FILE). */
import assert from 'node:assert/strict';
import fs, { writeSync } from 'node:fs';
import { test } from 'node:test';
import pino from 'pino';
import { captureStdout } from '../../step-definitions/support/stdout-capture.js';

test('keeps fd-1 writes made through node:fs and process.stdout, in order, until stopped', async () => {
  const capture = captureStdout();
  try {
    fs.writeSync(1, 'one\n');
    writeSync(1, Buffer.from('two\n'));
    await new Promise<void>((resolve, reject) => {
      fs.write(1, 'three\n', (err) => (err ? reject(err) : resolve()));
    });
    process.stdout.write('four\n');
    assert.equal(capture.text(), 'one\ntwo\nthree\nfour\n');
    capture.reset();
    assert.equal(capture.text(), '');
  } finally {
    capture.stop();
  }
});

test("captures pino's buffered fd-1 destination once it flushes", () => {
  const capture = captureStdout();
  try {
    const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    const logger = pino(destination);
    logger.info({ probe: 1 }, 'buffered');
    assert.equal(capture.text(), '');
    destination.flushSync();
    assert.match(capture.text(), /"probe":1,"msg":"buffered"/);
  } finally {
    capture.stop();
  }
});

test('leaves other file descriptors alone', () => {
  const capture = captureStdout();
  try {
    fs.writeSync(2, '');
    assert.equal(capture.text(), '');
  } finally {
    capture.stop();
  }
});
