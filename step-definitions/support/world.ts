/** The per-scenario World: the implementation, the running server, the HTTP client and the last response. */
import { mkdtemp, rm } from 'node:fs/promises';
import { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type IWorldOptions, World } from '@cucumber/cucumber';
import { type APIRequestContext, type Browser, request } from 'playwright-core';
import { launchChromium } from './browser.js';
import { noteRequest } from './exchange.js';
import { type AppLike, type Implementation, type KitFactory, loadImplementation, repoRoot } from './impl.js';
import { type HttpResponse, makeResponse } from './raw-http.js';

/** `require` for scenario code: Node built-ins and the repo's test-side packages. */
export const requireFromRepo = createRequire(join(repoRoot, 'package.json'));

/** Absolute path of `features/fixtures`. */
export const fixturesDir = join(repoRoot, 'features', 'fixtures');

const requestTimeoutMs = 5000;

type AsyncBody = (...args: unknown[]) => Promise<unknown>;
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...args: string[]
) => AsyncBody;

/** Runs `code` as the body of an async function with `scope`'s entries as its parameters. */
export function runInScope(code: string, scope: Map<string, unknown>): Promise<unknown> {
  const body = new AsyncFunction(...scope.keys(), code);
  return body(...scope.values());
}

export interface SendOptions {
  headers?: Record<string, string>;
  data?: string | Buffer;
  /** How long the answer may take, in ms (5 s when left out): longer for a step that acts while it waits. */
  timeoutMs?: number;
}

/**
 * Waits for a server to listen. Binding to an IP address is immediate, so one still not listening after a
 * moment was returned without being started: it is started on 127.0.0.1, port 0.
 */
function listening(server: Server, graceMs = 1000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      if (!server.listening) server.listen(0, '127.0.0.1');
    }, graceMs);
    server.once('listening', () => {
      clearTimeout(timer);
      resolve();
    });
    server.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function isServer(value: unknown): value is Server {
  return value instanceof Server;
}

export class KitWorld extends World {
  impl: Implementation | undefined;
  /** The app the last `Given the app:` built. */
  app: AppLike | undefined;
  server: Server | undefined;
  baseURL: string | undefined;
  /** The last response of a `When` step. */
  response: HttpResponse | undefined;
  /** Every response a raw request read, in order (pipelining); `response` is the first. */
  rawResponses: HttpResponse[] = [];
  private api: APIRequestContext | undefined;
  private browserInstance: Browser | undefined;
  private tmp: string | undefined;
  private readonly savedEnv = new Map<string, string | undefined>();

  constructor(options: IWorldOptions) {
    super(options);
    // Scenario code keeps its values on `world`; overwriting a method (`world.port = 1`) would break later
    // steps far from the cause, so it fails at once instead.
    for (const name of Object.getOwnPropertyNames(KitWorld.prototype)) {
      if (name === 'constructor') continue;
      Object.defineProperty(this, name, {
        get: () => Reflect.get(KitWorld.prototype, name),
        set: () => {
          throw new TypeError(`world.${name} is a method of the World: keep the value under another name`);
        },
      });
    }
  }

  async implementation(): Promise<Implementation> {
    this.impl ??= await loadImplementation();
    return this.impl;
  }

  /** The scenario's temporary directory, made on first use and removed after the scenario. */
  async makeTmpDir(): Promise<string> {
    this.tmp ??= await mkdtemp(join(tmpdir(), 'kit-scenario-'));
    return this.tmp;
  }

  /** Sets (or, with undefined, unsets) an environment variable until the scenario ends (HARNESS-001). */
  setEnv(name: string, value: string | undefined): void {
    if (!this.savedEnv.has(name)) this.savedEnv.set(name, process.env[name]);
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }

  /**
   * Runs the `Given the app:` code (or a flavour's, `Given the Express app:`..., with `app` made by the
   * flavour's factory `make`, in scope as `flavour` and as `express`, the name the Express features use), then
   * serves the app (or the server the code returned) on 127.0.0.1.
   */
  async buildApp(code: string, make?: KitFactory): Promise<void> {
    await this.stopServer();
    const impl = await this.implementation();
    const app = make === undefined ? impl.kit() : make();
    this.app = app;
    const scope = new Map<string, unknown>(Object.entries(impl.exports));
    scope.set('app', app);
    scope.set('kit', impl.kit);
    if (make !== undefined) {
      scope.set('flavour', make);
      scope.set('express', make);
    }
    scope.set('fixtures', fixturesDir);
    // Lazy: only scenarios that mention tmpDir get a directory.
    scope.set('tmpDir', code.includes('tmpDir') ? await this.makeTmpDir() : undefined);
    scope.set('world', this);
    scope.set('require', requireFromRepo);
    const returned = await runInScope(code, scope);
    // Awaited in case an implementation's listen() returns a promise of the server.
    const server = isServer(returned) ? returned : await app.listen(0, '127.0.0.1');
    if (!isServer(server)) throw new Error('app.listen(0, "127.0.0.1") did not return an http.Server');
    await this.serve(server);
  }

  /** Adopts a server (waiting for it to listen) as the one requests go to. */
  async serve(server: Server): Promise<void> {
    this.server = server;
    if (!server.listening) await listening(server);
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
    const baseURL = `http://127.0.0.1:${address.port}`;
    // Playwright's context keeps the base URL it was made with: another server needs another context.
    if (baseURL !== this.baseURL) {
      await this.api?.dispose();
      this.api = undefined;
    }
    this.baseURL = baseURL;
  }

  /** The port of the running server; fails the step when no app was started. */
  port(): number {
    const address = this.server?.address();
    if (!address || typeof address === 'string')
      throw new Error('no app is running: start one with "Given the app:"');
    return address.port;
  }

  /** Playwright's request context for the running server (created on first use). */
  async http(): Promise<APIRequestContext> {
    this.port();
    this.api ??= await request.newContext({ baseURL: this.baseURL });
    return this.api;
  }

  /** Sends one request with Playwright (redirects not followed) and returns the response, read in full. */
  async send(method: string, path: string, options: SendOptions = {}): Promise<HttpResponse> {
    const api = await this.http();
    const data = options.data === undefined ? undefined : options.data.toString();
    noteRequest({
      method,
      path,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(data === undefined ? {} : { body: data }),
    });
    const answer = await api.fetch(path, {
      method,
      headers: options.headers,
      data: options.data,
      maxRedirects: 0,
      failOnStatusCode: false,
      timeout: options.timeoutMs ?? requestTimeoutMs,
    });
    const body = method === 'HEAD' ? Buffer.alloc(0) : await answer.body();
    const pairs = answer.headersArray().map(({ name, value }): [string, string] => [name, value]);
    return makeResponse(answer.status(), pairs, body);
  }

  /** The last response; fails the step when no request was made. */
  last(): HttpResponse {
    if (!this.response) throw new Error('no response yet: a "When" step must send a request first');
    return this.response;
  }

  /** A headless Chromium for this scenario (closed after it). */
  async browser(): Promise<Browser> {
    this.browserInstance ??= await launchChromium();
    return this.browserInstance;
  }

  private async stopServer(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.baseURL = undefined;
    await this.api?.dispose();
    this.api = undefined;
    if (!server) return;
    // Keep-alive sockets would otherwise hold close() open until they time out.
    server.closeAllConnections?.();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Undoes everything the scenario set up, passed or failed: environment and tmpDir (HARNESS-001). */
  async cleanup(): Promise<void> {
    await this.stopServer();
    await this.browserInstance?.close();
    this.browserInstance = undefined;
    for (const [name, value] of this.savedEnv) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    this.savedEnv.clear();
    if (this.tmp) await rm(this.tmp, { recursive: true, force: true });
    this.tmp = undefined;
  }
}
