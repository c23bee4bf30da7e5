/** The servers an app starts: creating them with its timeouts, and draining them and its close hooks on close(). */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { Flavour } from './app/flavour.js';
import type { ServerTimeouts } from './types.js';

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
  /** True from the start of `close()` until it has finished: requests arriving meanwhile get a 503. */
  closing = false;
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

  onClose(fn: () => void | Promise<void>): void {
    if (typeof fn !== 'function') throw new TypeError('onClose(fn): fn must be a function');
    this.closeHooks.push(fn);
  }

  // APP-007: stop accepting, let requests finish, 503 to late ones, cut at `timeout`, then the onClose hooks.
  close(timeout = DEFAULT_CLOSE_TIMEOUT): Promise<void> {
    // One shutdown at a time: a second call (a signal handler and a test teardown, say) joins the first
    // instead of running the hooks early, while requests are still in flight.
    this.closingRun ??= this.shutDown(timeout).finally(() => {
      this.closingRun = undefined;
      this.closing = false;
    });
    return this.closingRun;
  }

  private async shutDown(timeout: number): Promise<void> {
    this.closing = true;
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
 * APP-007, HARD-007: closes the connections that are idle: keep-alive ones between requests (Node's own
 * `closeIdleConnections`) and those that have not sent a byte yet. Node 26 counts the latter as idle and Node
 * 20 does not; closing them here makes close() the same on both, and a shutdown never waits on a client that
 * only connected.
 */
function closeIdle(server: Server): void {
  server.closeIdleConnections();
  for (const socket of connections.get(server) ?? []) {
    if (socket.bytesRead === 0) socket.destroy();
  }
}

// HARD-007: idle keep-alive connections are reaped at once, not after keepAliveTimeout.
/** Stops accepting, lets in-flight requests finish, reaps idle sockets, cuts the rest at `timeout`. */
function drain(server: Server, timeout: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      const reaper = setInterval(() => closeIdle(server), 25);
      const force = setTimeout(() => server.closeAllConnections(), timeout);
      server.close(() => {
        clearInterval(reaper);
        clearTimeout(force);
        resolve();
      });
      closeIdle(server);
    };
    if (server.listening) stop();
    else {
      // Closed right after listen(): wait for the bind, or the port would stay taken after close().
      server.once('listening', stop);
      server.once('error', () => resolve());
    }
  });
}
