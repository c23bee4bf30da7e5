/** Unit tests of logger and requestLogger: level, JSON lines, redaction, LOG_FILE and request lines. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CENSOR, levelFromEnv, logger, redact } from '../../src/base/logger.ts';
import { requestLogger } from '../../src/batteries/middleware/request-logger.ts';
import type { KitRequest, KitResponse } from '../../src/core/types.ts';

const loggerUrl = new URL('../../src/base/logger.ts', import.meta.url).href;

/** Runs a script in a fresh Node process (so LOG_LEVEL is read at load) and returns its stdout lines. */
function runFresh(code: string, env: Record<string, string>): string[] {
  const script = `import { logger } from ${JSON.stringify(loggerUrl)};\n${code}`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, LOG_FILE: '', LOG_PRETTY: '', ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
    encoding: 'utf8',
  });
  return out.split('\n').filter((line) => line !== '');
}

test('levelFromEnv: default info, case-insensitive, unknown names refused', () => {
  assert.equal(levelFromEnv(undefined), 'info');
  assert.equal(levelFromEnv(' '), 'info');
  assert.equal(levelFromEnv('DEBUG'), 'debug');
  assert.throws(() => levelFromEnv('verbose'), /LOG_LEVEL must be one of/);
});

test('JSON lines on stdout, LOG_LEVEL filters, secrets redacted', () => {
  const lines = runFresh(
    "logger.info('hidden'); logger.warn({ headers: { authorization: 'Bearer s3cret', cookie: 'sid=1' }, user: { password: 'pw' } }, 'shown');",
    { LOG_LEVEL: 'warn' },
  );
  assert.equal(lines.length, 1);
  const line = JSON.parse(lines[0]!);
  assert.equal(line.level, 40);
  assert.equal(line.msg, 'shown');
  assert.doesNotMatch(lines[0]!, /s3cret|sid=1|"pw"/);
  assert.equal(line.headers.authorization, '[Redacted]');
});

test('default level is info: debug lines are dropped', () => {
  const lines = runFresh("logger.debug('d'); logger.info('i');", { LOG_LEVEL: '' });
  assert.deepEqual(
    lines.map((l) => JSON.parse(l).msg),
    ['i'],
  );
});

test('LOG_FILE redirects from the next line on; errors keep message and stack', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'kit-log-')), 'app.log');
  process.env.LOG_FILE = file;
  try {
    logger.error({ err: new Error('kaput') }, 'failed');
  } finally {
    delete process.env.LOG_FILE;
  }
  const line = JSON.parse(readFileSync(file, 'utf8').trim());
  assert.equal(line.msg, 'failed');
  assert.equal(line.err.message, 'kaput');
  assert.match(line.err.stack, /kaput/);
});

test('requestLogger writes one line per request with the right level, and logs aborts', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'kit-log-')), 'req.log');
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requestLogger(req as KitRequest, res as KitResponse, () => {
      if (req.url === '/hang') return; // never answers: the client aborts
      res.statusCode = Number(req.url?.slice(1, 4));
      res.end('x');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  process.env.LOG_FILE = file;
  try {
    for (const status of [200, 404, 503]) {
      await fetch(`http://127.0.0.1:${port}/${status}?q=1`, {
        headers: { authorization: 'Bearer tok', cookie: 'sid=9' },
      });
    }
    await new Promise<void>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/hang' });
      req.on('error', () => resolve());
      req.end();
      setTimeout(() => req.destroy(), 50);
    });
    for (let i = 0; i < 50 && readFileSync(file, 'utf8').split('\n').length < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    delete process.env.LOG_FILE;
    server.close();
  }
  const text = readFileSync(file, 'utf8');
  assert.doesNotMatch(text, /Bearer tok|sid=9/);
  const lines = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    lines.map((l) => [l.level, l.method, l.url, l.status, l.aborted ?? false]),
    [
      [30, 'GET', '/200?q=1', 200, false],
      [40, 'GET', '/404?q=1', 404, false],
      [50, 'GET', '/503?q=1', 503, false],
      [40, 'GET', '/hang', 200, true],
    ],
  );
  for (const l of lines) assert.ok(typeof l.durationMs === 'number' && l.durationMs >= 0);
});

test('LOG_PRETTY prints human lines', () => {
  const lines = runFresh("logger.info('pretty please');", { LOG_PRETTY: '1' });
  assert.match(lines.join('\n'), /INFO.*pretty please/);
  assert.throws(() => JSON.parse(lines[0]!));
});

test('redact: censors the documented places, copies instead of mutating, keeps errors whole', () => {
  const headers = { host: 'a.test', Authorization: 'Bearer t', cookie: 'sid=1' };
  const err = Object.assign(new TypeError('bad'), { password: 'db-pw' });
  const input = {
    password: 'top',
    headers,
    user: { email: 'e', password: 'p' },
    req: { method: 'GET', headers: { 'set-cookie': 'x', accept: '*/*' } },
    deep: { nested: { password: 'left alone' } },
    err,
  };
  const out = redact(input) as typeof input;
  assert.equal(out.password, CENSOR);
  assert.deepEqual(out.headers, { host: 'a.test', Authorization: CENSOR, cookie: CENSOR });
  assert.deepEqual(out.user, { email: 'e', password: CENSOR });
  assert.deepEqual(out.req, { method: 'GET', headers: { 'set-cookie': CENSOR, accept: '*/*' } });
  assert.equal(out.deep.nested.password, 'left alone');
  assert.ok(out.err instanceof TypeError);
  assert.equal(out.err.message, 'bad');
  assert.equal((out.err as unknown as { password: string }).password, CENSOR);
  // The caller's objects are untouched.
  assert.equal(headers.Authorization, 'Bearer t');
  assert.equal(input.user.password, 'p');
  assert.equal((err as unknown as { password: string }).password, 'db-pw');
  const clean = { method: 'GET', url: '/' };
  assert.equal(redact(clean), clean, 'nothing to hide: the same object, no copy');
});

test('an unusable LOG_FILE falls back to stdout instead of throwing', () => {
  const lines = runFresh("logger.info('still logged');", { LOG_FILE: tmpdir() });
  assert.deepEqual(
    lines.map((l) => JSON.parse(l).msg),
    ['still logged'],
  );
});
