/** A small load balancer on node:http for the operations test: round robin over the upstreams its health check finds ready. */
import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the balancer knows of one upstream, and what it sent it. */
export interface Upstream {
  name: string;
  port: number;
  /** As the last health check found it: one good check marks it up, one failed check down. */
  ready: boolean;
  /** Requests forwarded to it, and how they ended. */
  forwarded: number;
  /** Answers it gave with `Connection: close` (an instance shutting down says so, REF-037). */
  closeAnswers: number;
  /** Forwarded requests that got no answer, by error code (ECONNREFUSED, ECONNRESET...). */
  errors: Record<string, number>;
  /** Its keep-alive connections: the pool a real balancer keeps per backend. */
  agent: Agent;
  checking: boolean;
}

export interface ProxyOptions {
  /** Told each time a check takes an upstream in or out of the rotation. */
  onChange?: (name: string, ready: boolean) => void;
  /** How often each upstream's /readyz is asked (default 250 ms). */
  checkIntervalMs?: number;
  /** A check with no answer by then counts as failed (default 2000 ms: /readyz's own database wait is 2 s). */
  checkTimeoutMs?: number;
}

/** Hop-by-hop headers (RFC 9110 section 7.6.1): they describe one connection and are never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
    stream.once('aborted', () => reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
  });
}

/**
 * Round robin over the ready upstreams, checking each one's `GET /readyz` every `checkIntervalMs` on a
 * connection of its own, as HAProxy or a cloud balancer does; traffic goes over a keep-alive pool per
 * upstream. It retries nothing: a request whose upstream fails is answered 502 with the error's code in
 * `X-Proxy-Error`, so the client sees every failure. When no upstream is ready it sends to all of them
 * (fail open, as AWS's ALB and Envoy's panic mode do), so that during a database outage the clients get the
 * app's own answers rather than the balancer's; with no upstream at all it answers 503 itself.
 *
 * @example
 * const proxy = new HealthCheckingProxy();
 * const port = await proxy.listen();
 * proxy.add('A', 3001);
 * await proxy.untilReady('A', 30_000);
 */
export class HealthCheckingProxy {
  readonly upstreams: Upstream[] = [];
  /** Upstreams removed, with their counts. */
  readonly retired: Upstream[] = [];
  /** Requests sent while no upstream was ready (fail open). */
  failOpen = 0;
  private next = 0;
  private readonly server: Server;
  private readonly timer: NodeJS.Timeout;
  private readonly checkTimeoutMs: number;
  private readonly onChange: ((name: string, ready: boolean) => void) | undefined;

  constructor({ checkIntervalMs = 250, checkTimeoutMs = 2000, onChange }: ProxyOptions = {}) {
    this.checkTimeoutMs = checkTimeoutMs;
    this.onChange = onChange;
    this.server = createServer((req, res) => void this.forward(req, res));
    // The clients' keep-alive connections outlive any pause of the run.
    this.server.keepAliveTimeout = 30_000;
    this.timer = setInterval(() => this.checkAll(), checkIntervalMs);
  }

  async listen(): Promise<number> {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return (this.server.address() as AddressInfo).port;
  }

  add(name: string, port: number): Upstream {
    const upstream: Upstream = {
      name,
      port,
      ready: false,
      forwarded: 0,
      closeAnswers: 0,
      errors: {},
      agent: new Agent({ keepAlive: true, maxSockets: 64 }),
      checking: false,
    };
    this.upstreams.push(upstream);
    this.check(upstream);
    return upstream;
  }

  /** Takes an upstream out of the configuration (its process has exited), keeping its counts. */
  remove(name: string): void {
    const index = this.upstreams.findIndex((upstream) => upstream.name === name);
    const [removed] = index >= 0 ? this.upstreams.splice(index, 1) : [];
    if (removed === undefined) return;
    removed.agent.destroy();
    this.retired.push(removed);
  }

  /** An upstream by name, in the configuration or removed from it. */
  find(name: string): Upstream | undefined {
    return [...this.upstreams, ...this.retired].find((upstream) => upstream.name === name);
  }

  /** Resolves once the health check has found `name` ready; rejects after `limitMs` (a hang guard). */
  async untilReady(name: string, limitMs: number): Promise<void> {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const upstream = this.upstreams.find((candidate) => candidate.name === name);
      if (upstream?.ready) return;
      if (Date.now() > deadline) throw new Error(`the balancer never found ${name} ready`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Resolves once the health check has found `name` not ready (it is taken out of the rotation). */
  async untilOut(name: string, limitMs: number): Promise<void> {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const upstream = this.upstreams.find((candidate) => candidate.name === name);
      if (upstream === undefined || !upstream.ready) return;
      if (Date.now() > deadline) throw new Error(`the balancer never took ${name} out`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    for (const upstream of this.upstreams) upstream.agent.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  private checkAll(): void {
    for (const upstream of this.upstreams) this.check(upstream);
  }

  /** One readiness check on a fresh connection; a check still running is not doubled. */
  private check(upstream: Upstream): void {
    if (upstream.checking) return;
    upstream.checking = true;
    const settle = (ready: boolean) => {
      if (!upstream.checking) return;
      upstream.checking = false;
      if (upstream.ready !== ready) this.onChange?.(upstream.name, ready);
      upstream.ready = ready;
    };
    const probe = request(
      { host: '127.0.0.1', port: upstream.port, path: '/readyz', agent: false, timeout: this.checkTimeoutMs },
      (answer) => {
        answer.resume();
        answer.once('end', () => settle(answer.statusCode === 200));
        answer.on('error', () => settle(false));
      },
    );
    probe.once('timeout', () => probe.destroy(new Error('check timed out')));
    probe.on('error', () => settle(false));
    probe.end();
  }

  /** The next ready upstream in turn; every upstream when none is ready (fail open); undefined with none. */
  private pick(): Upstream | undefined {
    const ready = this.upstreams.filter((upstream) => upstream.ready);
    const pool = ready.length > 0 ? ready : this.upstreams;
    if (pool.length === 0) return undefined;
    if (ready.length === 0) this.failOpen++;
    this.next = (this.next + 1) % pool.length;
    return pool[this.next];
  }

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: Buffer;
    try {
      body = await readAll(req);
    } catch {
      res.destroy();
      return;
    }
    const upstream = this.pick();
    if (upstream === undefined) {
      res.writeHead(503, { 'content-type': 'application/json', 'x-proxy': 'no upstream' });
      res.end('{"error":"no upstream"}');
      return;
    }
    upstream.forwarded++;
    const headers: Record<string, string | string[]> = {
      ...endToEnd(req.headers),
      host: `127.0.0.1:${upstream.port}`,
    };
    if (body.length > 0) headers['content-length'] = String(body.length);
    // One ending per request: an error after the answer was read (or a second error) changes nothing.
    let settled = false;
    const fail = (err: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      this.failed(upstream, err, res);
    };
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers,
        agent: upstream.agent,
      },
      (answer) => {
        readAll(answer).then((payload) => {
          if (settled) return;
          settled = true;
          if (answer.headers.connection?.toLowerCase() === 'close') upstream.closeAnswers++;
          res.writeHead(answer.statusCode ?? 502, {
            ...endToEnd(answer.headers),
            'content-length': String(payload.length),
            'x-upstream': upstream.name,
          });
          res.end(payload);
        }, fail);
      },
    );
    outgoing.on('error', fail);
    outgoing.end(body);
  }

  /** No retry: the client gets a 502 naming what happened between the balancer and the upstream. */
  private failed(upstream: Upstream, err: NodeJS.ErrnoException, res: ServerResponse): void {
    const code = err.code ?? err.message;
    upstream.errors[code] = (upstream.errors[code] ?? 0) + 1;
    res.writeHead(502, {
      'content-type': 'application/json',
      'x-proxy-error': code,
      'x-upstream': upstream.name,
    });
    res.end(JSON.stringify({ error: `upstream ${upstream.name}: ${code}` }));
  }
}
