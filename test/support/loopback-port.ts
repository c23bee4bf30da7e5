import { createServer } from 'node:net';

/** A loopback port that nothing listens on right now: bound by us on 127.0.0.1, then released. */
export async function unusedLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
