/**
 * HARD-010 and REQ-009: properties of spellings, through a real server. Any spelling of a path reaches
 * what its plain spelling reaches and nothing else, whatever a guard stands in front of; and `req.is`
 * agrees with the body parsers for any spelling of a Content-Type.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import kit, {
  customParser,
  json,
  type KitRequest,
  type KitResponse,
  serveStatic,
  urlencoded,
} from '../../src/index.ts';
import { rawGet } from '../support/raw-get.ts';

const UNRESERVED = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~';

/** `text` with the unreserved characters picked by `picks` percent-encoded, each in the hex case asked for. */
function encodeSome(text: string, picks: Array<{ encode: boolean; upper: boolean }>): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    const pick = picks[i % Math.max(1, picks.length)];
    if (pick?.encode && UNRESERVED.includes(char)) {
      const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
      out += `%${pick.upper ? hex.toUpperCase() : hex.toLowerCase()}`;
    } else out += char;
  }
  return out;
}

const picks = fc.array(fc.record({ encode: fc.boolean(), upper: fc.boolean() }), {
  minLength: 1,
  maxLength: 40,
});

async function start(
  configure: (app: ReturnType<typeof kit>) => void,
): Promise<{ server: Server; port: number }> {
  const app = kit();
  configure(app);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** The body of a raw answer (everything after the head). */
function bodyOf(answer: string): string {
  return answer.slice(answer.indexOf('\r\n\r\n') + 4);
}

describe('a path with some unreserved characters percent-encoded', () => {
  let server: Server;
  let port = 0;

  before(async () => {
    ({ server, port } = await start((app) => {
      const echo = (route: string) => (req: KitRequest, res: KitResponse) =>
        res.json({ route, params: req.params, path: req.path });
      app.get('/users/:id', echo('user'));
      app.get('/users/:id/posts/:post?', echo('posts'));
      app.get('/files/*', echo('files'));
      app.get('/a-b.c_d~e/:x', echo('punctuation'));
      app.get('/:section/x', echo('section'));
    }));
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const value = fc.stringMatching(/^[A-Za-z0-9._~-]{1,10}$/).filter((v) => v !== '.' && v !== '..');
  const plainPath = fc.oneof(
    value.map((id) => `/users/${id}`),
    fc
      .tuple(value, fc.option(value, { nil: undefined }))
      .map(([id, post]) => `/users/${id}/posts${post ? `/${post}` : ''}`),
    fc.array(value, { minLength: 1, maxLength: 4 }).map((parts) => `/files/${parts.join('/')}`),
    value.map((x) => `/a-b.c_d~e/${x}`),
    value.map((section) => `/${section}/x`),
  );

  it('reaches exactly the handler and parameters of the plain path', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(plainPath, picks, async (plain, chosen) => {
        const spelled = encodeSome(plain, chosen);
        const [expected, actual] = await Promise.all([rawGet(port, plain), rawGet(port, spelled)]);
        assert.match(expected, /^HTTP\/1\.1 200 /, plain);
        assert.deepEqual(JSON.parse(bodyOf(actual)), JSON.parse(bodyOf(expected)), `${spelled} vs ${plain}`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a guard on /admin in front of routes and serveStatic', () => {
  let server: Server;
  let port = 0;
  let root = '';
  const SECRET = 'contents-of-the-secret-file';

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'kit-spellings-'));
    mkdirSync(join(root, 'admin', 'deep'), { recursive: true });
    writeFileSync(join(root, 'admin', 'secret.txt'), SECRET);
    writeFileSync(join(root, 'admin', 'deep', 'secret.txt'), SECRET);
    writeFileSync(join(root, 'public.txt'), 'public');
    ({ server, port } = await start((app) => {
      app.use('/admin', (_req: KitRequest, res: KitResponse) => res.status(401).send('guarded'));
      app.get('/admin/:name', (_req: KitRequest, res: KitResponse) => res.send(SECRET));
      app.use(serveStatic(root));
    }));
  });

  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  const target = fc.constantFrom('/admin/secret.txt', '/admin/deep/secret.txt', '/admin/', '/admin');
  const detour = fc.constantFrom('', '/.', '/x/..', '/%2e', '/x/%2E%2e', '/', '/%00', '/%zz', '/%', '/%%36');
  const spelling = fc
    .tuple(target, picks, detour, fc.boolean(), fc.boolean())
    .map(([path, chosen, prefix, upper, doubled]) => {
      let spelled = encodeSome(upper ? path.toUpperCase() : path, chosen);
      if (doubled) spelled = spelled.replace('/', '//');
      return prefix + spelled;
    });

  it('is never skipped, and the secret never leaves, whatever the spelling', {
    timeout: 120_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(spelling, async (path) => {
        const answer = await rawGet(port, path);
        assert.ok(!answer.includes(SECRET), `the secret left through ${JSON.stringify(path)}`);
        assert.match(answer, /^HTTP\/1\.1 (401|400|404) /, `${JSON.stringify(path)}: ${answer.slice(0, 40)}`);
      }),
      { numRuns: 400 },
    );
  });

  it('answers the plain and encoded spellings with the guard, so the property is not vacuous', async () => {
    for (const path of [
      '/admin/secret.txt',
      '/%61dmin/secret.txt',
      '/%61%64%6D%69%6E/secret.txt',
      '/ADMIN/deep/secret.txt',
    ]) {
      assert.match(await rawGet(port, path), /^HTTP\/1\.1 401 [\s\S]*guarded$/, path);
    }
    assert.match(await rawGet(port, '/public.txt'), /^HTTP\/1\.1 200 [\s\S]*public$/);
  });
});

// Characters a segment may hold raw without being unreserved: RFC 3986 keeps them apart from their escapes.
const RAW_IN_SEGMENT = "!$&'()*+,;=:@";
// Characters a `use` prefix refuses at setup (parameters, wildcards), so no prefix guard can name them.
const PREFIX_SYNTAX = ':*?()';

/** The one spelling a file name has in a URL path: unreserved and pchar characters raw, the rest escaped. */
function fileSpelling(name: string): string {
  return [...name]
    .map((char) =>
      UNRESERVED.includes(char) || RAW_IN_SEGMENT.includes(char)
        ? char
        : [...Buffer.from(char, 'utf8')]
            .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
            .join(''),
    )
    .join('');
}

/** `text` with each character spelled raw, or escaped in lower- or upper-case hex, as `ways` picks. */
function spellEach(text: string, ways: number[]): string {
  return [...text]
    .map((char, i) => {
      const way = ways[i % Math.max(1, ways.length)] ?? 0;
      if (char === '/' || (way === 0 && char !== '%')) return char;
      const hex = [...Buffer.from(char, 'utf8')].map((byte) => byte.toString(16).padStart(2, '0')).join('%');
      return `%${way === 1 ? hex.toLowerCase() : hex.toUpperCase()}`;
    })
    .join('');
}

describe('a prefix guard on a name holding any printable ASCII or non-ASCII character', () => {
  const characters = [
    ...Array.from({ length: 0x7e - 0x20 }, (_, i) => String.fromCharCode(0x21 + i)),
    'é',
    '☃',
  ].filter((char) => char !== '/' && !PREFIX_SYNTAX.includes(char));
  const SECRET = 'contents-of-a-guarded-file';
  let guarded: Server;
  let open: Server;
  let guardedPort = 0;
  let openPort = 0;
  let root = '';

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'kit-spellings-any-'));
    for (const char of characters) {
      mkdirSync(join(root, `g${char}d`));
      writeFileSync(join(root, `g${char}d`, 'secret.txt'), SECRET);
    }
    ({ server: guarded, port: guardedPort } = await start((app) => {
      for (const char of characters) {
        // A prefix is written as text, except `%`, which starts an escape in a path literal.
        const prefix = char === '%' ? '/g%25d' : `/g${char}d`;
        app.use(prefix, (_req: KitRequest, res: KitResponse) => res.status(401).send('guarded'));
      }
      app.use(serveStatic(root));
    }));
    ({ server: open, port: openPort } = await start((app) => app.use(serveStatic(root))));
  });

  after(async () => {
    await new Promise<void>((resolve) => guarded.close(() => resolve()));
    await new Promise<void>((resolve) => open.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  it('serves every one of these files without the guard, so the property is not vacuous', async () => {
    for (const char of characters) {
      const path = `/${fileSpelling(`g${char}d`)}/secret.txt`;
      // A backslash is a separator to serveStatic (STATIC-016): that file is never served.
      const served = char === '\\' ? /^HTTP\/1\.1 404 / : new RegExp(`^HTTP/1\\.1 200 [\\s\\S]*${SECRET}$`);
      assert.match(await rawGet(openPort, path), served, path);
      assert.match(await rawGet(guardedPort, path), /^HTTP\/1\.1 401 /, path);
    }
  });

  it('is never skipped by any spelling of the name, raw or escaped in either case', {
    timeout: 120_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...characters),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (char, ways, upper) => {
          const name = upper ? `G${char}D` : `g${char}d`;
          const path = `/${spellEach(name, ways)}/secret.txt`;
          const answer = await rawGet(guardedPort, path);
          assert.ok(!answer.includes(SECRET), `the file left through ${JSON.stringify(path)}`);
          assert.match(
            answer,
            /^HTTP\/1\.1 (401|400|404) /,
            `${JSON.stringify(path)}: ${answer.slice(0, 40)}`,
          );
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('req.is and the body parsers, for any spelling of a Content-Type', () => {
  let server: Server;
  let port = 0;

  before(async () => {
    ({ server, port } = await start((app) => {
      app.use(json(), urlencoded(), customParser);
      app.post('/', (req: KitRequest, res: KitResponse) =>
        res.json({
          json: req.is('json') !== false,
          form: req.is('urlencoded') !== false,
          custom: req.is('application/custom') !== false,
          body: req.body ?? null,
        }),
      );
    }));
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function post(type: string, body: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/',
          agent: false,
          headers: { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  const caseOf = (text: string, upper: boolean[]): string =>
    [...text]
      .map((c, i) => (upper[i % Math.max(1, upper.length)] ? c.toUpperCase() : c.toLowerCase()))
      .join('');
  const base = fc.constantFrom(
    'application/json',
    'application/json-patch+json',
    'application/vnd.api+json',
    'application/merge-patch+json',
    'application/+json',
    'text/json',
    'text/x+json',
    'application/jsonx',
    'application/x-www-form-urlencoded',
    'application/custom',
    'application/octet-stream',
    '',
    'json',
    'application/',
  );
  const parameter = fc.constantFrom(
    'charset=utf-8',
    'charset=UTF-8',
    'x=y',
    'charset="utf-8"',
    '',
    '=',
    'a',
    'q=1;q=2',
  );
  const contentType = fc
    .tuple(
      base,
      fc.array(fc.boolean(), { maxLength: 8 }),
      fc.constantFrom('', ' ', '\t', ' \t'),
      fc.array(parameter, { maxLength: 3 }),
    )
    .map(
      ([type, upper, space, params]) =>
        caseOf(type, upper) + params.map((p) => `${space};${space}${p}`).join(''),
    );

  it('req.is names exactly the parser that took the body, and at most one took it', {
    timeout: 120_000,
  }, async () => {
    let parsedAsJson = 0;
    await fc.assert(
      fc.asyncProperty(contentType, fc.constantFrom('{"a":"1"}', 'a=1'), async (type, body) => {
        const answer = await post(type, body);
        assert.notEqual(answer.status, 500, `${JSON.stringify(type)}: ${answer.text}`);
        if (answer.status !== 200) return; // a parser took the body and refused it (415, 400)
        const seen = JSON.parse(answer.text) as {
          json: boolean;
          form: boolean;
          custom: boolean;
          body: unknown;
        };
        const taken = seen.body !== null;
        const jsonTook =
          taken && body.startsWith('{') && (seen.body as { a?: unknown }).a === '1' && seen.json;
        if (jsonTook) parsedAsJson++;
        assert.ok([seen.json, seen.form, seen.custom].filter(Boolean).length <= 1, JSON.stringify(type));
        assert.equal(taken, seen.json || seen.form || seen.custom, `${JSON.stringify(type)}: ${answer.text}`);
        if (seen.json)
          assert.ok(body.startsWith('{') && (seen.body as { a?: unknown }).a === '1', JSON.stringify(type));
        if (seen.form) assert.equal(typeof seen.body, 'object', JSON.stringify(type));
        if (seen.custom) assert.deepEqual(seen.body, {}, JSON.stringify(type));
      }),
      { numRuns: 300 },
    );
    assert.ok(parsedAsJson > 0, 'no generated spelling was parsed as JSON: the property ran on nothing');
  });
});
