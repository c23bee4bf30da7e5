import { connect } from 'node:net';

/**
 * Sends one `GET path` on its own connection, the path's bytes exactly as written (UTF-8 beyond ASCII),
 * and resolves with everything the server sent until it closed. A path no URL parser would leave alone
 * (a raw backslash, `%zz`, a NUL) reaches the server as it is.
 */
export function rawGet(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer for ${JSON.stringify(path)}`)));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.on('close', () => resolve(received));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET') resolve(received);
      else reject(err);
    });
    socket.write(Buffer.from(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, 'utf8'));
  });
}
