/** Loopback peers that speak just enough of PostgreSQL's wire protocol to misbehave on purpose. */
import { createServer, type Server } from 'node:net';

function message(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type), length, body]);
}

function errorFields(fields: Record<string, string>): Buffer {
  const parts = Object.entries(fields).map(([code, text]) => Buffer.from(`${code}${text}\0`));
  return Buffer.concat([...parts, Buffer.from('\0')]);
}

/**
 * A server that accepts every startup message, then in one write says "authenticated", "ready" and
 * the FATAL 57P01 a server sends when an administrator ends the session: what a client sees when a
 * connection opens just as `DROP DATABASE ... WITH (FORCE)` or a restart cuts it.
 *
 * @example
 * const peer = await endsAsItOpens();
 * const port = (peer.address() as AddressInfo).port; // postgres://u@127.0.0.1:<port>/db
 */
export function endsAsItOpens(): Promise<Server> {
  const reply = Buffer.concat([
    message('R', Buffer.from([0, 0, 0, 0])),
    message('Z', Buffer.from('I')),
    message(
      'E',
      errorFields({
        S: 'FATAL',
        V: 'FATAL',
        C: '57P01',
        M: 'terminating connection due to administrator command',
      }),
    ),
  ]);
  const server = createServer((socket) => {
    socket.once('data', () => socket.end(reply));
    socket.on('error', () => {});
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * A server that answers every startup message with a FATAL error of `code` and closes: 57P03 is what a
 * PostgreSQL that is starting up or shutting down says, 28P01 what it says to a wrong password.
 *
 * @example
 * const peer = await refusesAtStartup('57P03', 'the database system is starting up');
 */
export function refusesAtStartup(code: string, text: string): Promise<Server> {
  const reply = message('E', errorFields({ S: 'FATAL', V: 'FATAL', C: code, M: text }));
  const server = createServer((socket) => {
    socket.once('data', () => socket.end(reply));
    socket.on('error', () => {});
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
