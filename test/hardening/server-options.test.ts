/**
 * HARD-004: the parser protections kitjs relies on stay on. The scenarios prove the answers; this test
 * pins the options that produce them, so a change to listen() that loosens one fails here by name.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import kit from '../../src/index.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('the server listen() starts', () => {
  it('keeps the strict parser, the Host requirement and the default header size', async () => {
    const app = kit({ requestTimeout: 1000, headersTimeout: 500 });
    const server = app.listen(0, '127.0.0.1');
    try {
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      const options = server as unknown as {
        insecureHTTPParser?: boolean;
        requireHostHeader?: boolean;
        maxHeaderSize?: number;
      };
      assert.notEqual(options.insecureHTTPParser, true);
      assert.equal(options.requireHostHeader, true);
      // undefined means Node's default (16 KiB), which --max-http-header-size can only change process-wide.
      assert.equal(options.maxHeaderSize, undefined);
      assert.equal(server.requestTimeout, 1000);
      assert.equal(server.headersTimeout, 500);
    } finally {
      await app.close({ timeout: 100 });
    }
  });

  it('is not weakened anywhere in src/', () => {
    const sources = readdirSync(join(root, 'src'), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.ts'));
    for (const name of sources) {
      const text = readFileSync(join(root, 'src', name), 'utf8');
      for (const loosening of [
        'insecureHTTPParser',
        'insecure-http-parser',
        'requireHostHeader',
        'maxHeaderSize',
      ]) {
        assert.ok(!text.includes(loosening), `src/${name} mentions ${loosening}`);
      }
    }
  });

  it('does not run with --insecure-http-parser', () => {
    // The flag loosens every server in the process, kitjs's included; name it here rather than leave the
    // smuggling scenarios to fail without saying why.
    const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
    assert.ok(!flags.includes('--insecure-http-parser'), flags.join(' '));
  });
});
