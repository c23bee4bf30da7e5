import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppContext } from '../../src/core/app/context.ts';
import { kitFlavour } from '../../src/core/app/kit-flavour.ts';
import { contentTypeValue } from '../../src/core/response/header-members.ts';
import { type AppSettings, assignSetting, defaultSettings } from '../../src/core/settings.ts';
import express from '../../src/express.ts';
import { withUtf8 } from '../../src/flavours/express-shared/utf8-type.ts';
import type { KitRequest, KitResponse } from '../../src/index.ts';
import { logger } from '../../src/index.ts';
import { listenLocally } from '../support/listen.ts';

describe('withUtf8 (XRES-002)', () => {
  it('adds or replaces the charset, and keeps what it cannot parse', () => {
    assert.equal(withUtf8('text/plain'), 'text/plain; charset=utf-8');
    assert.equal(withUtf8('text/plain; charset=iso-8859-1'), 'text/plain; charset=utf-8');
    assert.equal(withUtf8('application/json; charset=utf-8'), 'application/json; charset=utf-8');
    assert.equal(withUtf8('image/png'), 'image/png; charset=utf-8');
    assert.equal(withUtf8('not a type'), 'not a type');
    assert.equal(withUtf8('not a type'), 'not a type', 'the remembered answer');
  });
});

describe('contentTypeValue (XRES-006)', () => {
  it("adds mime-types' charset only when the type names none", () => {
    assert.equal(contentTypeValue('text/plain'), 'text/plain; charset=utf-8');
    assert.equal(contentTypeValue('application/json'), 'application/json; charset=utf-8');
    assert.equal(contentTypeValue('text/html; charset=iso-8859-1'), 'text/html; charset=iso-8859-1');
    assert.equal(contentTypeValue('text/html;charset=latin1'), 'text/html;charset=latin1');
    assert.equal(contentTypeValue('image/png'), 'image/png');
    assert.throws(() => contentTypeValue(['text/plain']), TypeError);
  });
});

/** The JSON text an app with these settings sends, through the context compiled from them. */
function jsonText(settings: Record<string, unknown>, value: unknown): string | undefined {
  const table: AppSettings = defaultSettings();
  for (const [name, setting] of Object.entries(settings)) assignSetting(table, name, setting);
  const context = new AppContext(express(), logger, kitFlavour);
  context.refresh(table);
  return context.stringify === undefined ? JSON.stringify(value) : context.stringify(value);
}

describe('the compiled json settings (XRES-004)', () => {
  it('are JSON.stringify without settings, and honour replacer, spaces and escape', () => {
    const value = { a: '<&>', b: [1] };
    assert.equal(jsonText({}, value), JSON.stringify(value));
    assert.equal(jsonText({ 'json spaces': 2 }, value), JSON.stringify(value, null, 2));
    assert.equal(jsonText({ 'json replacer': ['a'] }, value), '{"a":"<&>"}');
    assert.equal(jsonText({ 'json escape': true }, value), '{"a":"\\u003c\\u0026\\u003e","b":[1]}');
    assert.equal(jsonText({ 'json escape': true }, undefined), undefined);
  });

  it('leave a kit() default table on the fast path: JSON.stringify itself, no ETag, nothing trusted', () => {
    const context = new AppContext(express(), logger, kitFlavour);
    context.refresh(defaultSettings());
    assert.equal(context.stringify, undefined);
    assert.equal(context.etag, undefined);
    assert.equal(context.trust, undefined);
    assert.equal(context.parseQuery, undefined);
    assert.equal(context.poweredBy, false);
  });
});

// The parts of XRES-002 and XRES-003 that only an app with Express's flavour shows; the scenarios need
// the kitjs/express entry point to reach one.
describe("Express's flavour: res.send(status) and UTF-8 in a string's Content-Type", () => {
  const app = express();
  app.get('/status', (_req: KitRequest, res: KitResponse) => res.send(404));
  app.get('/typed-status', (_req: KitRequest, res: KitResponse) => res.type('json').send(201));
  app.get('/xml', (_req: KitRequest, res: KitResponse) => res.type('application/xml').send('<a/>'));
  app.get('/latin', (_req: KitRequest, res: KitResponse) =>
    res.set('Content-Type', 'text/plain; charset=iso-8859-1').send('é'),
  );
  app.get('/buffer', (_req: KitRequest, res: KitResponse) =>
    res.set('Content-Type', 'text/plain; charset=iso-8859-1').send(Buffer.from([0xe9])),
  );
  let base = '';
  before(async () => {
    base = await listenLocally(app);
  });
  after(() => app.close());

  async function get(
    path: string,
  ): Promise<{ status: number; type: string | null; text: string; etag: string | null }> {
    const response = await fetch(base + path);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
      etag: response.headers.get('etag'),
    };
  }

  it('a lone number is a status with its text', async () => {
    assert.deepEqual(await get('/status').then(({ status, type, text }) => ({ status, type, text })), {
      status: 404,
      type: 'text/plain; charset=utf-8',
      text: 'Not Found',
    });
    const typed = await get('/typed-status');
    assert.equal(typed.status, 201);
    assert.equal(typed.type, 'application/json; charset=utf-8');
    assert.equal(typed.text, 'Created');
  });

  it('a string gets charset=utf-8 in the type set before it; a Buffer keeps its charset', async () => {
    assert.equal((await get('/xml')).type, 'application/xml; charset=utf-8');
    const latin = await get('/latin');
    assert.equal(latin.type, 'text/plain; charset=utf-8');
    assert.equal(latin.text, 'é');
    assert.equal((await get('/buffer')).type, 'text/plain; charset=iso-8859-1');
  });

  it("sends Express's weak ETag by default", async () => {
    assert.match((await get('/xml')).etag ?? '', /^W\/"4-/);
  });
});
