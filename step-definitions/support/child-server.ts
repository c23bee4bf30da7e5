/** `npm start`'s server (`reference-app/server.ts`) in a child process: start it, read its output, signal it, wait for its exit. */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { locateImplementation, repoRoot } from './impl.js';
import type { KitWorld } from './world.js';

/** How long the server may take to exit once asked. */
export const childTimeoutMs = 15_000;

/**
 * How long the server may take to print its URL: it compiles the app with tsx first, which on a loaded
 * two-core machine (two servers starting at once) has taken over 15 s. The steps that start servers allow
 * more than this, so a slow start is reported with the child's output, never cut with the child left running.
 */
export const childStartTimeoutMs = 40_000;

const serverScript = join(repoRoot, 'reference-app', 'server.ts');

/**
 * What the child loads before server.ts: tsx (the app is TypeScript), then the hooks that make its
 * `import ... from 'kitjs'` load the implementation under test (KIT_IMPL_URL), not this repository's dist/.
 */
const preloads = [
  '--import',
  import.meta.resolve('tsx'),
  '--import',
  pathToFileURL(join(repoRoot, 'step-definitions', 'support', 'kitjs-resolve.ts')).href,
];

/** The settings of server.js that the suite's own environment must not leak into a child. */
const SERVER_VARIABLES = [
  'JWT_SECRET',
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATABASE_URL',
  'DATABASE_PATH',
  'DATABASE_POOL_MAX',
  'MONGODB_URI',
  'LOGIN_LIMIT_PER_EMAIL',
  'LOGIN_LIMIT_PER_ADDRESS',
  'LOGIN_WINDOW_SECONDS',
  'TRUST_PROXY',
  'SHUTDOWN_DELAY_MS',
  'LOG_FILE',
  'LOG_PRETTY',
  'LOG_LEVEL',
  'KIT_IMPL_URL',
];

export interface ChildServer {
  process: ChildProcess;
  output: string;
  url: string | undefined;
  port: number | undefined;
  exit: Promise<number | null>;
  exited: boolean;
}

/** The environment a newcomer's shell would have, plus `settings`. */
export function serverEnvironment(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  return { ...env, ...settings };
}

/** Resolves with `promise`'s value, or with `fallback` after `ms`. */
export async function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<F>((resolve) => {
        timer = setTimeout(() => resolve(fallback), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts server.js from `cwd` with `env` and resolves once it printed its `API: <url>` line, exited, or
 * `timeoutMs` ({@link childStartTimeoutMs} by default) passed (then `url` is undefined and the caller reports the
 * output).
 */
export async function startServer(
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = childStartTimeoutMs,
): Promise<ChildServer> {
  const childEnv = { ...env, KIT_IMPL_URL: locateImplementation().url };
  const child = spawn(process.execPath, [...preloads, serverScript], {
    cwd,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: ChildServer = {
    process: child,
    output: '',
    url: undefined,
    port: undefined,
    exited: false,
    exit: new Promise((resolve) => {
      child.once('exit', (code) => {
        server.exited = true;
        resolve(code);
      });
    }),
  };
  const started = new Promise<void>((resolve) => {
    const read = (chunk: Buffer) => {
      server.output += chunk.toString('utf8');
      const match = /API:\s+(http:\/\/\S+)/.exec(server.output);
      if (match && server.url === undefined) {
        server.url = match[1];
        server.port = Number(new URL(match[1] as string).port);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void server.exit.then(() => resolve());
  });
  await within(started, timeoutMs, undefined);
  return server;
}

/** Sends `signal` and waits until the server logs that it is shutting down (or exits). */
export async function signalServer(server: ChildServer, signal: NodeJS.Signals): Promise<void> {
  if (server.exited) throw new Error(`the server had already exited:\n${server.output}`);
  const before = server.output.length;
  server.process.kill(signal);
  const deadline = Date.now() + childTimeoutMs;
  while (!server.output.slice(before).includes('shutting down') && !server.exited && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!server.output.slice(before).includes('shutting down') && !server.exited) {
    throw new Error(`no reaction to ${signal}:\n${server.output}`);
  }
}

/** Kills a server still running (scenario cleanup). */
export async function killServer(server: ChildServer): Promise<void> {
  if (server.exited) return;
  server.process.kill('SIGKILL');
  await server.exit;
}

/** Stops a server the way a process manager does (SIGTERM, so its last log lines are written), killing it if it hangs. */
export async function stopServer(server: ChildServer): Promise<void> {
  if (server.exited) return;
  server.process.kill('SIGTERM');
  if ((await within(server.exit, childTimeoutMs, 'running')) === 'running') await killServer(server);
}

/** How many requests the server logged as answered (requestLogger's "request completed" lines). */
export function answeredRequests(server: ChildServer): number {
  return server.output.split('\n').filter((line) => line.includes('"msg":"request completed"')).length;
}

/**
 * Points the World's requests at a child's port. The World serves an `http.Server`; this stand-in has the
 * three members it reads (`listening`, `address()`, `close()`), and the child is stopped by its own steps.
 */
export async function adoptPort(world: KitWorld, port: number): Promise<void> {
  const standIn = {
    listening: true,
    address: () => ({ address: '127.0.0.1', family: 'IPv4', port }),
    close: (done?: () => void) => done?.(),
  };
  await world.serve(standIn as unknown as Server);
}
