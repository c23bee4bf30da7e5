/** LOG-011: importing kitjs builds no logger; the first use reads LOG_LEVEL and LOG_PRETTY and looks pino-pretty up. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { freshDir, runChild, srcUrl } from '../db/helpers.ts';

/** A preload that makes pino-pretty unresolvable for require() and import() alike, as if it were not installed. */
function hidePinoPretty(): string {
  const file = join(freshDir('hide-pretty'), 'hide-pino-pretty.mjs');
  writeFileSync(
    file,
    `import Module, { register } from 'node:module';
const hidden = (request) => request === 'pino-pretty' || request.startsWith('pino-pretty/');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (hidden(request)) {
    const err = new Error("Cannot find module '" + request + "'");
    err.code = 'MODULE_NOT_FOUND';
    throw err;
  }
  return resolveFilename.call(this, request, ...rest);
};
const hooks = \`export async function resolve(specifier, context, next) {
  if (specifier === 'pino-pretty' || specifier.startsWith('pino-pretty/')) {
    const err = new Error("Cannot find package 'pino-pretty'");
    err.code = 'ERR_MODULE_NOT_FOUND';
    throw err;
  }
  return next(specifier, context);
}\`;
register('data:text/javascript,' + encodeURIComponent(hooks));
`,
  );
  return file;
}

/** Runs `code` after importing kitjs's root entry (src/index.ts) as `kitjs`; prints what each step gave. */
function withKitjs(code: string, env: Record<string, string>, preload?: string) {
  const script = `
const outcome = (fn) => { try { fn(); return { value: 'ok' }; } catch (err) { return { code: err?.code, name: err?.name, message: String(err?.message) }; } };
let imported;
try { imported = { value: await import(${JSON.stringify(srcUrl('index.ts'))}) }; } catch (err) { imported = { code: err?.code, message: String(err?.message) }; }
const kitjs = imported.value;
const report = { imported: 'value' in imported ? 'ok' : imported };
${code}
process.stderr.write('REPORT ' + JSON.stringify(report) + '\\n');
`;
  const child = runChild(script, { env, preload });
  const line = child.stderr.split('\n').find((l) => l.startsWith('REPORT '));
  assert.ok(line, `the child printed no report:\n${child.stderr}`);
  return JSON.parse(line.slice('REPORT '.length)) as Record<string, unknown>;
}

describe('the process-wide logger is built on first use (LOG-011)', () => {
  it("LOG_PRETTY=1 without pino-pretty: import 'kitjs' works; the first use names the package", () => {
    const report = withKitjs(
      `const requireHere = (await import('node:module')).createRequire(import.meta.url);
report.pinoPrettyHidden = outcome(() => requireHere('pino-pretty')).code ?? 'found';
report.firstUse = outcome(() => kitjs.logger.info('hello'));
report.kit = outcome(() => kitjs.kit());`,
      { LOG_PRETTY: '1' },
      hidePinoPretty(),
    );
    assert.equal(report.pinoPrettyHidden, 'MODULE_NOT_FOUND', 'the preload did not hide pino-pretty');
    assert.equal(report.imported, 'ok');
    const firstUse = report.firstUse as { code: string; message: string };
    assert.equal(firstUse.code, 'KIT_ERR_PEER_MISSING');
    assert.match(firstUse.message, /LOG_PRETTY needs the optional package "pino-pretty"/);
    assert.match(firstUse.message, /npm install pino-pretty/);
    // An app that would log through kitjs's logger is refused when it is made, with the same message.
    assert.equal((report.kit as { code: string }).code, 'KIT_ERR_PEER_MISSING');
  });

  it('with pino-pretty installed the same program logs human lines', () => {
    const child = runChild(
      `const { logger } = await import(${JSON.stringify(srcUrl('index.ts'))}); logger.info({ port: 3000 }, 'pretty please');`,
      { env: { LOG_PRETTY: '1' } },
    );
    assert.equal(child.status, 0, child.stderr);
    assert.match(child.stdout, /INFO.*pretty please/);
  });

  it('an unknown LOG_LEVEL does not break the import, only the first use', () => {
    const report = withKitjs(
      `report.ownLogger = outcome(() => kitjs.kit({ logger: { level: 'silent' } }));
report.firstUse = outcome(() => kitjs.logger.info('never'));`,
      { LOG_LEVEL: 'verbose' },
    );
    assert.equal(report.imported, 'ok');
    // An app with a logger of its own never needs kitjs's.
    assert.deepEqual(report.ownLogger, { value: 'ok' });
    const firstUse = report.firstUse as { name: string; message: string };
    assert.equal(firstUse.name, 'TypeError');
    assert.match(firstUse.message, /LOG_LEVEL must be one of/);
  });

  it('the stand-in forwards to one logger: level, child loggers and `in` behave as on pino', async () => {
    const { logger, processLogger } = await import('../../src/base/logger.ts');
    const real = processLogger();
    assert.equal(processLogger(), real);
    const before = logger.level;
    try {
      logger.level = 'debug';
      assert.equal(real.level, 'debug');
      assert.ok('info' in logger);
      const child = logger.child({ part: 'x' });
      child.level = 'error';
      assert.equal(child.level, 'error');
      assert.equal(logger.level, 'debug');
      assert.equal(typeof logger.isLevelEnabled, 'function');
      assert.ok(logger.isLevelEnabled('debug'));
    } finally {
      logger.level = before;
    }
  });
});
