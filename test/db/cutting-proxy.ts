/**
 * A TCP proxy in front of a real database server that loses connections on purpose (DB-001, DB-002): all of
 * them at once, every new one while it refuses, or (PostgreSQL) one right after the server committed an
 * INSERT and before its client heard so.
 */
import { createServer, type Socket, connect as tcpConnect } from 'node:net';

/** The proxy: point a manager at 127.0.0.1:`port`; the server behind it is the one it was made for. */
export interface CuttingProxy {
  readonly port: number;
  /** Cuts every open connection, as a network or a crashed server would: the client reads an unexpected end. */
  cutAll(): void;
  /** While on, every new connection is closed at once, as by a server that is not there (and cutAll() runs). */
  refuse(on: boolean): void;
  /**
   * PostgreSQL only: arms the next INSERT. Once the server has committed it (its ReadyForQuery after the
   * INSERT's CommandComplete), that connection is cut before the client hears either, so the client
   * cannot know the row is stored.
   */
  cutAfterNextInsert(): void;
  close(): Promise<void>;
}

/**
 * Starts a proxy on 127.0.0.1 to `host:port`. With `postgres: true` it reads the server's side as
 * PostgreSQL messages, which {@link CuttingProxy.cutAfterNextInsert} needs.
 *
 * @example
 * const proxy = await cuttingProxy('127.0.0.1', 5432, { postgres: true });
 * const db = new PostgreSQLManager(`postgres://app@127.0.0.1:${proxy.port}/app`);
 * proxy.cutAfterNextInsert();
 */
export async function cuttingProxy(
  host: string,
  port: number,
  { postgres = false }: { postgres?: boolean } = {},
): Promise<CuttingProxy> {
  const pairs = new Set<{ client: Socket; server: Socket }>();
  let armed = false;
  let refusing = false;

  const proxy = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const server = tcpConnect(port, host);
    const pair = { client, server };
    pairs.add(pair);
    const cut = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('error', cut).on('close', cut);
    server.on('error', cut).on('close', cut);
    client.on('data', (chunk) => server.write(chunk));
    if (!postgres) {
      server.on('data', (chunk) => client.write(chunk));
      return;
    }
    // The server speaks in typed messages (a type byte, a length that counts itself, the body): read them
    // whole, so an INSERT's CommandComplete and the ReadyForQuery after it are seen wherever TCP split them.
    let pending = Buffer.alloc(0);
    let insertDone = false;
    server.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 5) {
        const size = 1 + pending.readInt32BE(1);
        if (pending.length < size) break;
        const message = pending.subarray(0, size);
        pending = pending.subarray(size);
        const type = String.fromCharCode(message[0] as number);
        if (armed && type === 'C' && message.subarray(5).toString('latin1').startsWith('INSERT')) {
          armed = false;
          insertDone = true;
        }
        if (insertDone) {
          // Held back: the client hears nothing from the INSERT on. At ReadyForQuery the server has committed.
          if (type === 'Z') {
            cut();
            return;
          }
          continue;
        }
        client.write(message);
      }
    });
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const address = proxy.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy does not listen on TCP');
  const cutAll = () => {
    for (const { client, server } of [...pairs]) {
      client.destroy();
      server.destroy();
    }
    pairs.clear();
  };
  return {
    port: address.port,
    cutAll,
    refuse(on) {
      refusing = on;
      if (on) cutAll();
    },
    cutAfterNextInsert() {
      if (!postgres)
        throw new Error('cutAfterNextInsert reads PostgreSQL messages: make the proxy with postgres: true');
      armed = true;
    },
    close() {
      cutAll();
      return new Promise((done) => proxy.close(() => done()));
    },
  };
}
