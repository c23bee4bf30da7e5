/** The operations test's clients: keep-alive connections sending register, login and /me, each answer classified and kept. */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export type RequestKind = 'register' | 'login' | 'me';

/** One request and how it ended. */
export interface Outcome {
  phase: string;
  kind: RequestKind;
  /**
   * 'ok' when it got the answer it should have (201, 200, 200); 'unavailable' for a 503 from the app with
   * `Retry-After` and a JSON body (the answer a database outage should give); otherwise what went wrong:
   * 'reset', 'refused', 'timeout', '502 from the balancer (ECONNRESET)', '503', '500 ...'.
   */
  result: string;
  status: number | undefined;
  /** The instance that answered, as the balancer's X-Upstream names it. */
  upstream: string | undefined;
  latencyMs: number;
  /** performance.now() when the answer (or the failure) came. */
  at: number;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A hang guard, not a measure: a request still unanswered after this long counts as 'timeout'. */
const REQUEST_LIMIT_MS = 30_000;
const EXPECTED: Record<RequestKind, number> = { register: 201, login: 200, me: 200 };
const PASSWORD = 'correct horse battery staple';
/**
 * Reads of /me per new account. Reads outnumber writes in most services, and they are quick (no bcrypt, no
 * database), so requests keep arriving at an instance while the balancer has not yet seen it leave.
 */
const READS = 5;

/** What a client that got no answer saw, in words a deploy's reader knows. */
function failureOf(err: NodeJS.ErrnoException): string {
  if (err.code === 'ECONNREFUSED') return 'refused';
  if (err.code === 'ECONNRESET' || err.message === 'socket hang up') return 'reset';
  return err.code ?? err.message;
}

/** How an answer compares with what `kind` should get. */
function resultOf(kind: RequestKind, answer: Answer): string {
  if (answer.status === EXPECTED[kind]) return 'ok';
  const header = (name: string) => {
    const value = answer.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const proxyError = header('x-proxy-error');
  if (proxyError !== undefined) return `${answer.status} from the balancer (${proxyError})`;
  if (header('x-proxy') !== undefined) return `${answer.status} from the balancer (${header('x-proxy')})`;
  if (answer.status === 503) {
    const retryAfter = header('retry-after') ?? '';
    const json = /^application\/json\b/.test(header('content-type') ?? '');
    const validRetry = /^\d+$/.test(retryAfter) || !Number.isNaN(Date.parse(retryAfter));
    if (json && validRetry) return 'unavailable';
    return `503 ${json ? '' : 'not JSON, '}${validRetry ? '' : 'without Retry-After'}`.replace(/, $/, '');
  }
  return String(answer.status);
}

/** The pause of a reader between two reads: it paces the readers, so that they do not take a core each. */
const READ_PAUSE_MS = 5;

/**
 * Sends register (then login and {@link READS} reads of /me with the token, or register only) in a loop on
 * each of `clients` keep-alive connections to the balancer, one request at a time per connection, until
 * stopped; and on each of `readers` more connections, reads of /me with one account's token, a few
 * milliseconds apart: the steady flow of quick requests that shows what an instance leaving does to the
 * requests sent to it. Every account answered 201 is kept in `written`.
 *
 * @example
 * const load = new Load(port, { clients: 4, readers: 2, mix: 'accounts', phase: 'rolling' }, outcomes, written);
 * load.start();
 * await load.untilEachClientDid(3, 60_000);
 * await load.stop();
 */
export class Load {
  /** Iterations each client has completed. */
  readonly done: number[];
  /** Registrations in a row each client got 201 for (the outage's recovery). */
  readonly createdInARow: number[];
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly agents: Agent[];

  constructor(
    private readonly port: number,
    private readonly options: {
      clients: number;
      mix: 'accounts' | 'register';
      phase: string;
      /** Connections that only read /me (0 by default). */
      readers?: number;
      /** Told of every request that did not end as it should ('ok', or 'unavailable' when that is accepted). */
      onFailure?: (outcome: Outcome) => void;
    },
    private readonly outcomes: Outcome[],
    private readonly written: Map<string, string>,
  ) {
    this.done = Array.from({ length: options.clients }, () => 0);
    this.createdInARow = Array.from({ length: options.clients }, () => 0);
    this.agents = Array.from(
      { length: options.clients + (options.readers ?? 0) },
      () => new Agent({ keepAlive: true, maxSockets: 1 }),
    );
  }

  start(): void {
    this.running = true;
    this.loops = this.agents.map((agent, client) =>
      client < this.options.clients ? this.loop(agent, client) : this.read(agent, client),
    );
  }

  /** Lets every client finish the iteration it is in, then closes their connections. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    for (const agent of this.agents) agent.destroy();
  }

  /** Resolves once every client has completed `count` more iterations than now; rejects after `limitMs`. */
  async untilEachClientDid(count: number, limitMs: number): Promise<void> {
    const targets = this.done.map((done) => done + count);
    await this.until(() => this.done.every((done, client) => done >= (targets[client] as number)), limitMs);
  }

  /** Resolves once `test()` holds (checked every 20 ms); rejects after `limitMs`, a hang guard. */
  async until(test: () => boolean, limitMs: number): Promise<void> {
    const deadline = performance.now() + limitMs;
    while (!test()) {
      if (!this.running) throw new Error(`the ${this.options.phase} load has stopped`);
      if (performance.now() > deadline) {
        throw new Error(`the ${this.options.phase} load did not get there within ${limitMs / 1000} s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** A reader: an account of its own (a new one if a step fails; nothing is retried), then /me until stopped. */
  private async read(agent: Agent, client: number): Promise<void> {
    let token: string | undefined;
    for (let account = 0; this.running; await new Promise((resolve) => setTimeout(resolve, READ_PAUSE_MS))) {
      if (token !== undefined) {
        await this.send(agent, 'me', 'GET', '/me', undefined, { authorization: `Bearer ${token}` });
        continue;
      }
      const email = `${this.options.phase}-reader-${client}-${account++}@example.com`;
      const registered = await this.send(agent, 'register', 'POST', '/register', {
        email,
        password: PASSWORD,
      });
      if (registered.result !== 'ok') continue;
      this.written.set(email, this.options.phase);
      const login = await this.send(agent, 'login', 'POST', '/login', { email, password: PASSWORD });
      if (login.result === 'ok') token = (JSON.parse(login.body) as { token?: string }).token;
    }
  }

  private async loop(agent: Agent, client: number): Promise<void> {
    for (let i = 0; this.running; i++) {
      const email = `${this.options.phase}-${client}-${i}@example.com`;
      const registered = await this.send(agent, 'register', 'POST', '/register', {
        email,
        password: PASSWORD,
      });
      if (registered.result === 'ok') {
        this.written.set(email, this.options.phase);
        this.createdInARow[client] = (this.createdInARow[client] as number) + 1;
      } else {
        this.createdInARow[client] = 0;
      }
      if (this.options.mix === 'accounts' && registered.result === 'ok') {
        const login = await this.send(agent, 'login', 'POST', '/login', { email, password: PASSWORD });
        const token =
          login.result === 'ok' ? (JSON.parse(login.body) as { token?: string }).token : undefined;
        for (let read = 0; token !== undefined && read < READS; read++) {
          await this.send(agent, 'me', 'GET', '/me', undefined, { authorization: `Bearer ${token}` });
        }
      }
      this.done[client] = (this.done[client] as number) + 1;
    }
  }

  private send(
    agent: Agent,
    kind: RequestKind,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ result: string; body: string }> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const started = performance.now();
    return new Promise((resolve) => {
      // One ending per request: an 'error' after 'aborted', or after the answer was read, changes nothing.
      let settled = false;
      const finish = (result: string, answer?: Answer) => {
        if (settled) return;
        settled = true;
        clearTimeout(guard);
        const at = performance.now();
        const upstream = answer?.headers['x-upstream'];
        const outcome = {
          phase: this.options.phase,
          kind,
          result,
          status: answer?.status,
          upstream: typeof upstream === 'string' ? upstream : undefined,
          latencyMs: at - started,
          at,
        };
        this.outcomes.push(outcome);
        if (result !== 'ok') this.options.onFailure?.(outcome);
        resolve({ result, body: answer?.body ?? '' });
      };
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          agent,
          headers: payload
            ? { 'content-type': 'application/json', 'content-length': String(payload.length), ...headers }
            : headers,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.once('end', () => {
            const answer = {
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            };
            finish(resultOf(kind, answer), answer);
          });
          incoming.once('aborted', () => finish('reset'));
        },
      );
      const guard = setTimeout(() => {
        outgoing.destroy(Object.assign(new Error('no answer'), { code: 'timeout' }));
      }, REQUEST_LIMIT_MS);
      outgoing.on('error', (err: NodeJS.ErrnoException) => finish(failureOf(err)));
      outgoing.end(payload);
    });
  }
}
