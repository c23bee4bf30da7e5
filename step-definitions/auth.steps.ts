/** Auth steps: tokens crafted test-side with jsonwebtoken, bearer requests, and a process without bcrypt. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import jwt from 'jsonwebtoken';
import { repoRoot } from './support/impl.js';
import { unwrapModuleSource } from './support/unwrap-module.js';
import type { KitWorld } from './support/world.js';

/** Tokens a scenario has named, kept per World so scenarios never share them. */
const tokensOf = new WeakMap<KitWorld, Map<string, string>>();

function tokens(world: KitWorld): Map<string, string> {
  let named = tokensOf.get(world);
  if (!named) {
    named = new Map();
    tokensOf.set(world, named);
  }
  return named;
}

function claims(docString: string): Record<string, unknown> {
  const parsed = JSON.parse(docString) as unknown;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('the claims must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Replaces every `{{name}}` with the token of that name; an unknown name fails the step. */
function withTokens(world: KitWorld, text: string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const token = tokens(world).get(name);
    if (token === undefined)
      throw new Error(`no token named "${name}": make one with a "Given a token" step`);
    return token;
  });
}

// Crafting tokens (test-side; the implementation is only reached over HTTP)

function hmacAlgorithm(algorithm: string): jwt.Algorithm {
  const allowed = ['HS256', 'HS384', 'HS512'];
  if (!allowed.includes(algorithm)) throw new Error(`algorithm must be one of ${allowed.join(', ')}`);
  return algorithm as jwt.Algorithm;
}

// A crafted token expires in an hour unless its claims say otherwise, as generateToken's do: a token
// without exp is refused unless the app allows it (AUTH-016), and has a step of its own below.
Given(
  'a token {string} signed with {word} and the secret {string}, carrying:',
  function (this: KitWorld, name: string, algorithm: string, secret: string, body: string) {
    const payload = claims(body);
    const lifetime = 'exp' in payload ? {} : { expiresIn: 3600 };
    tokens(this).set(name, jwt.sign(payload, secret, { algorithm: hmacAlgorithm(algorithm), ...lifetime }));
  },
);

Given(
  'a token {string} signed with {word} and the secret {string}, without exp, carrying:',
  function (this: KitWorld, name: string, algorithm: string, secret: string, body: string) {
    tokens(this).set(name, jwt.sign(claims(body), secret, { algorithm: hmacAlgorithm(algorithm) }));
  },
);

Given(
  'a token {string} signed with HS256 and the secret {string} that expired {int} seconds ago, carrying:',
  function (this: KitWorld, name: string, secret: string, secondsAgo: number, body: string) {
    const exp = Math.floor(Date.now() / 1000) - secondsAgo;
    tokens(this).set(
      name,
      jwt.sign({ ...claims(body), iat: exp - 3600, exp }, secret, { algorithm: 'HS256' }),
    );
  },
);

Given(
  'an unsigned alg-none token {string}, carrying:',
  function (this: KitWorld, name: string, body: string) {
    tokens(this).set(name, `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims(body))}.`);
  },
);

Given(
  'a token {string} signed with RS256 by a fresh key pair, carrying:',
  function (this: KitWorld, name: string, body: string) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    tokens(this).set(name, jwt.sign(claims(body), privateKey, { algorithm: 'RS256' }));
  },
);

Given(
  'a token {string} whose header says RS256 but which is an HMAC-SHA256 with the secret {string}, carrying:',
  function (this: KitWorld, name: string, secret: string, body: string) {
    const input = `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(claims(body))}`;
    tokens(this).set(name, `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`);
  },
);

Given(
  'a token {string} that is {string} with its payload replaced by:',
  function (this: KitWorld, name: string, original: string, body: string) {
    const source = tokens(this).get(original);
    if (source === undefined) throw new Error(`no token named "${original}"`);
    const [header, , signature] = source.split('.');
    tokens(this).set(name, `${header}.${b64url(claims(body))}.${signature}`);
  },
);

When(
  'I keep the JSON field {string} of the response as the token {string}',
  function (this: KitWorld, field: string, name: string) {
    const body = this.last().json() as Record<string, unknown>;
    const token = body?.[field];
    assert.equal(typeof token, 'string', `the response has no string field "${field}": ${this.last().text}`);
    tokens(this).set(name, token as string);
  },
);

// Requests

When(
  'I {method} {string} with the Authorization header {string}',
  async function (this: KitWorld, method: string, path: string, value: string) {
    this.response = await this.send(method, path, { headers: { authorization: withTokens(this, value) } });
  },
);

// bcrypt missing: a child process whose module resolution cannot find the package

/** Runs in the child before anything else: makes `bcrypt` unresolvable for import() and require() alike. */
const hideBcrypt = `
import Module, { register } from 'node:module';
const hidden = (request) => request === 'bcrypt' || request.startsWith('bcrypt/');
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
  if (specifier === 'bcrypt' || specifier.startsWith('bcrypt/')) {
    const err = new Error("Cannot find package 'bcrypt'");
    err.code = 'ERR_MODULE_NOT_FOUND';
    throw err;
  }
  return next(specifier, context);
}\`;
register('data:text/javascript,' + encodeURIComponent(hooks));
`;

/** The child's program: load the implementation, then call both password helpers. */
const callHelpers = `
const outcome = async (fn) => {
  try { return { value: await fn() }; } catch (err) { return { code: err?.code, message: String(err?.message) }; }
};
// Resolved from the implementation's own folder, where an installed bcrypt would be found.
const { createRequire } = await import('node:module');
const bcrypt = await outcome(() => createRequire(process.env.KIT_AUTH_IMPL_URL)('bcrypt'));
${unwrapModuleSource}
const api = unwrapModule(await import(process.env.KIT_AUTH_IMPL_URL)).exports;
const hash = await outcome(() => api.hashPassword('a fine password'));
const compare = await outcome(() => api.comparePassword('a fine password', '$2b$10$' + 'a'.repeat(53)));
process.stdout.write(JSON.stringify({ bcryptHidden: 'code' in bcrypt, loaded: true, hash, compare }));
`;

interface HelperOutcome {
  value?: unknown;
  code?: string;
  message?: string;
}
interface ChildReport {
  bcryptHidden: boolean;
  loaded: boolean;
  hash: HelperOutcome;
  compare: HelperOutcome;
}

const childReports = new WeakMap<KitWorld, ChildReport>();

When(
  'a process in which the package "bcrypt" cannot be found calls hashPassword and comparePassword',
  async function (this: KitWorld) {
    const impl = await this.implementation();
    const dir = await this.makeTmpDir();
    await writeFile(join(dir, 'hide-bcrypt.mjs'), hideBcrypt);
    await writeFile(join(dir, 'call-helpers.mjs'), callHelpers);
    // A TypeScript entry (the repo's src/index.ts) needs tsx in the child too; a built package does not.
    const args = /\.[cm]?ts$/.test(impl.location.url) ? ['--import', 'tsx'] : [];
    args.push('--import', join(dir, 'hide-bcrypt.mjs'), join(dir, 'call-helpers.mjs'));
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        args,
        { cwd: repoRoot, env: { ...process.env, KIT_AUTH_IMPL_URL: impl.location.url }, timeout: 10_000 },
        (err, out, errOut) =>
          err ? reject(new Error(`the child process failed: ${errOut || err.message}`)) : resolve(out),
      );
    });
    const report = JSON.parse(stdout) as ChildReport;
    assert.ok(report.bcryptHidden, 'the child could still load bcrypt, so the step proves nothing');
    childReports.set(this, report);
  },
);

function childReport(world: KitWorld): ChildReport {
  const report = childReports.get(world);
  if (!report)
    throw new Error('no child process ran: use the "cannot be found calls hashPassword" step first');
  return report;
}

Then('the implementation still loaded there', function (this: KitWorld) {
  assert.equal(childReport(this).loaded, true);
});

Then('both calls failed with the code {string}', function (this: KitWorld, code: string) {
  const { hash, compare } = childReport(this);
  assert.equal(hash.code, code, `hashPassword: ${JSON.stringify(hash)}`);
  assert.equal(compare.code, code, `comparePassword: ${JSON.stringify(compare)}`);
});

Then('both error messages contain {string}', function (this: KitWorld, part: string) {
  const { hash, compare } = childReport(this);
  assert.ok(hash.message?.includes(part), `hashPassword said: ${hash.message}`);
  assert.ok(compare.message?.includes(part), `comparePassword said: ${compare.message}`);
});
