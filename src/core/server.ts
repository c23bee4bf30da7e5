/** The servers an app starts: creating them with its timeouts, and draining them and its close hooks on close(). */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { setupError } from '../base/errors.js';
import type { Flavour } from './app/flavour.js';
import type { CloseOptions, ServerTimeouts } from './types.js';

/**
 * APP-008: how long a client may take, in milliseconds, unless the app says otherwise: its headers within
 * 15 s and its whole request within 60 s (Node's own 60 s and 300 s let a slow client hold a socket for
 * minutes), and an idle keep-alive socket 5 s.
 */
export const DEFAULT_TIMEOUTS: Readonly<Required<ServerTimeouts>> = Object.freeze({
  headersTimeout: 15_000,
  requestTimeout: 60_000,
  keepAliveTimeout: 5_000,
});

/** How long `close()` waits for in-flight requests before cutting connections, in milliseconds. */
const DEFAULT_CLOSE_TIMEOUT = 10_000;

/**
 * Where a shutdown stands: `open` (serving), `delaying` (closing, the listeners still accept: APP-014), or
 * `draining` (the listeners are closed; requests in flight finish: APP-007).
 */
export type ShutdownPhase = 'open' | 'delaying' | 'draining';

/**
 * The options of `close()`, checked: `delay` and `timeout` are finite numbers of at least 0 when given. A
 * mistake is a TypeError at the call, before anything closes, rather than a shutdown that never waits.
 *
 * @example
 * ```ts
 * closeOptions({ delay: 1000 }); // { delay: 1000, timeout: undefined }
 * ```
 */
export function closeOptions(options: unknown): CloseOptions {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') {
    throw setupError(
      'KIT_ERR_SETUP_CLOSE_OPTIONS',
      `close(options): expected an object with delay and timeout, got ${describe(options)}`,
    );
  }
  const { delay, timeout } = options as Record<string, unknown>;
  return { delay: milliseconds('delay', delay), timeout: milliseconds('timeout', timeout) };
}

function milliseconds(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw setupError(
      'KIT_ERR_SETUP_CLOSE_OPTIONS',
      `close({ ${name} }): expected milliseconds, a finite number of 0 or more, got ${describe(value)}`,
    );
  }
  return value;
}

function describe(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string'
    ? `${typeof value} ${String(value)}`
    : typeof value;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * One app's servers and shutdown: `listen` starts a node:http server with kitjs's request and response
 * classes and the app's timeouts; `close` stops them all, lets requests finish, then runs the hooks.
 *
 * @example
 * ```ts
 * const servers = new AppServers({ requestTimeout: 5000 }, logger, kitFlavour);
 * const server = servers.listen(handler, [0]);
 * await servers.close();
 * ```
 */
export class AppServers {
  /** True from the start of `close()` until it has finished (APP-014: a readiness route reads it). */
  closing = false;
  /** `delaying` while the listeners still serve (APP-014), `draining` once they are closed (APP-007). */
  phase: ShutdownPhase = 'open';
  private readonly servers = new Set<Server>();
  private readonly closeHooks: Array<() => void | Promise<void>> = [];
  private closingRun: Promise<void> | undefined = undefined;

  constructor(
    private readonly timeouts: ServerTimeouts,
    private readonly log: Logger,
    private readonly flavour: Flavour,
  ) {}

  // APP-003: a real node:http server per call; no port (or a callback first) means a free one.
  listen(handler: Listener, args: unknown[]): Server {
    const options: Record<string, unknown> = {
      // The app's flavour's classes (kit(): KitIncomingMessage and KitServerResponse; app/flavour.ts).
      IncomingMessage: this.flavour.Request,
      ServerResponse: this.flavour.Response,
    };
    // APP-008, HARD-011: kitjs's bounds on slow clients, each replaced by the app's own (kit({ ... }) or
    // app.set); 0 turns one off, as in Node.
    const requestTimeout = this.timeouts.requestTimeout ?? DEFAULT_TIMEOUTS.requestTimeout;
    let headersTimeout = this.timeouts.headersTimeout ?? DEFAULT_TIMEOUTS.headersTimeout;
    // Node refuses headers allowed longer than the whole request: a shorter request bound given alone wins.
    if (this.timeouts.headersTimeout === undefined && requestTimeout > 0)
      headersTimeout = Math.min(headersTimeout, requestTimeout);
    options.requestTimeout = requestTimeout;
    options.headersTimeout = headersTimeout;
    // Node checks these timeouts only every 30 s by default: a bound is kept within half of itself.
    const shortest = Math.min(requestTimeout || Infinity, headersTimeout || Infinity);
    if (shortest !== Infinity)
      options.connectionsCheckingInterval = clamp(Math.floor(shortest / 2), 50, 30_000);
    // HARD-004, HARD-005: Node's strict parser with its default limits; pipelined requests answered in order.
    const server = createServer(options, handler);
    server.keepAliveTimeout = this.timeouts.keepAliveTimeout ?? DEFAULT_TIMEOUTS.keepAliveTimeout;
    this.servers.add(server);
    server.once('close', () => this.servers.delete(server));
    trackConnections(server);
    // EXP-007: Node's own argument forms (port, host, backlog, callback; a socket path; an options object) pass
    // through as they are; no port means a free one.
    let listenArgs = args;
    if (args.length === 0 || typeof args[0] === 'function' || args[0] === undefined) {
      listenArgs = [0, ...args.filter((arg) => arg !== undefined)];
    }
    (server.listen as (...forms: unknown[]) => Server)(...listenArgs);
    return server;
  }

  /**
   * APP-007, APP-014: what a request that begins while closing gets: its answer says `Connection: close`,
   * and the result says whether it is refused (the drain: listeners closed) or served (the delay). The
   * close moves to the last answer of a connection: a request pipelined behind one whose answer has not
   * started takes the close from it, so both are answered in order; one pipelined behind an answer that
   * already went out saying close would never be written, so it is refused without running.
   */
  refusesWhileClosing(req: IncomingMessage, res: ServerResponse): boolean {
    res.setHeader('Connection', 'close');
    const socket = req.socket;
    const ahead = lastAnswers.get(socket);
    lastAnswers.set(socket, res);
    if (ahead !== undefined && ahead !== res && !ahead.writableFinished) {
      if (!ahead.headersSent) ahead.removeHeader('Connection');
      else if (saysClose(ahead)) return true;
    }
    return this.phase === 'draining';
  }

  onClose(fn: () => void | Promise<void>): void {
    if (typeof fn !== 'function')
      throw setupError('KIT_ERR_SETUP_HOOK', 'onClose(fn): fn must be a function');
    this.closeHooks.push(fn);
  }

  // APP-007, APP-014: closing at once (readiness), the listeners serve on for `delay`, then the drain: stop
  // accepting, let requests finish, 503 to late ones, cut at `timeout`, then the onClose hooks.
  close(options: CloseOptions = {}): Promise<void> {
    // One shutdown at a time: a second call (a signal handler and a test teardown, say) joins the first
    // instead of running the hooks early, while requests are still in flight.
    this.closingRun ??= this.shutDown(options).finally(() => {
      this.closingRun = undefined;
      this.closing = false;
      this.phase = 'open';
    });
    return this.closingRun;
  }

  private async shutDown({ delay = 0, timeout = DEFAULT_CLOSE_TIMEOUT }: CloseOptions): Promise<void> {
    this.closing = true;
    this.phase = 'delaying';
    // APP-007: from now on every response carries Connection: close, those already in flight included, so
    // no client reuses a connection the drain will close (a reused one that is closed under it is a reset).
    for (const server of this.servers) markInFlight(server);
    if (delay > 0 && this.servers.size > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    this.phase = 'draining';
    await Promise.all([...this.servers].map((server) => drain(server, timeout)));
    let failure: unknown;
    for (const hook of this.closeHooks) {
      try {
        await hook();
      } catch (err) {
        this.log.error({ err }, 'an onClose hook failed');
        failure ??= err;
      }
    }
    if (failure !== undefined) throw failure;
  }
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

// The open connections of each server kitjs started, so that close() can find those that never sent a byte.
const connections = new WeakMap<Server, Set<Socket>>();

/** Keeps the set of `server`'s open connections: one add and one listener per connection, nothing per request. */
function trackConnections(server: Server): void {
  const open = new Set<Socket>();
  connections.set(server, open);
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
}

/**
 * APP-007: the response each open connection is writing, when its headers have not gone out, is told to close
 * the connection after it (`Connection: close`), as every response written while closing is (app.ts).
 * `_httpMessage` is node:http's field for a socket's current response (stable since Node 0.x, and what
 * shutdown libraries read); a response pipelined behind it takes the close over (`refusesWhileClosing`).
 */
function markInFlight(server: Server): void {
  for (const socket of connections.get(server) ?? []) {
    const current = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (current && !current.headersSent) {
      current.setHeader('Connection', 'close');
      lastAnswers.set(socket, current);
    }
  }
}

// While closing: each connection's answer that says `Connection: close`, the last one it will carry.
const lastAnswers = new WeakMap<Socket, ServerResponse>();

/** Whether an answer whose headers went out told the client the connection closes after it. */
function saysClose(res: ServerResponse): boolean {
  return /\bclose\b/i.test(String(res.getHeader('connection') ?? ''));
}

/**
 * APP-007: how long the drain leaves a connection that is idle between requests open before closing it. A
 * client that just got a keep-alive answer sends its next request on the same connection within
 * milliseconds; closed under it, that request is a reset the client cannot tell from a lost write, where
 * within this window it gets the closing 503 and `Connection: close`.
 */
const IDLE_GRACE_MS = 100;

/**
 * HARD-007: closes the connections that have not sent a byte yet, at once: Node 26 counts them as idle and
 * Node 20 does not; closing them here makes close() the same on both, and a shutdown never waits on a client
 * that only connected.
 */
function closeSilent(server: Server): void {
  for (const socket of connections.get(server) ?? []) {
    if (socket.bytesRead === 0) socket.destroy();
  }
}

/**
 * APP-007, HARD-007: stops accepting; closes the connections that have sent nothing at once and those idle
 * between requests after {@link IDLE_GRACE_MS}; lets in-flight requests finish; cuts the rest at `timeout`.
 * Every response written from the start of close() says `Connection: close`, so node:http itself closes each
 * busy connection after its answer; one whose answer went out before close() began is closed by the server's
 * keep-alive timeout, as on any day, or at `timeout`.
 */
function drain(server: Server, timeout: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      const force = setTimeout(() => server.closeAllConnections(), timeout);
      const grace = setTimeout(() => server.closeIdleConnections(), Math.min(IDLE_GRACE_MS, timeout));
      // node:http's close() closes the idle connections at once (Node 19+): the grace above replaces that.
      server.closeIdleConnections = keepIdle;
      try {
        server.close(() => {
          clearTimeout(force);
          clearTimeout(grace);
          resolve();
        });
      } finally {
        delete (server as Partial<Server>).closeIdleConnections;
      }
      closeSilent(server);
    };
    if (server.listening) stop();
    else {
      // Closed right after listen(): wait for the bind, or the port would stay taken after close().
      server.once('listening', stop);
      server.once('error', () => resolve());
    }
  });
}

/** Stands in for node:http's `closeIdleConnections` while `close()` runs (see {@link drain}). */
function keepIdle(): void {}
