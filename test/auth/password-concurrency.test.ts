/** Shows bcrypt hashing runs off the event loop: a real server answers a fast route while hashes are in flight. */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import { hashPassword } from '../../src/auth/password.js';

it('serves other requests while several hashes are being computed', async () => {
  const HASHES = 8; // twice libuv's default pool of 4, so the last hashes queue behind the first ones
  const events: string[] = [];
  let started = 0;
  let inFlight = 0;
  let allStarted!: () => void;
  const allStartedPromise = new Promise<void>((resolve) => {
    allStarted = resolve;
  });
  const server = createServer((req, res) => {
    if (req.url === '/hash') {
      started++;
      inFlight++;
      if (started === HASHES) allStarted();
      hashPassword('a password to hash').then((hash) => {
        inFlight--;
        events.push('hash');
        res.end(hash);
      });
      return;
    }
    events.push(`ping while ${inFlight} hashes in flight`);
    res.end(String(inFlight));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const hashes = Array.from({ length: HASHES }, () => fetch(`${base}/hash`).then((r) => r.text()));
    await allStartedPromise;
    const ping = await fetch(`${base}/ping`).then((r) => r.text());
    const results = await Promise.all(hashes);
    assert.ok(Number(ping) > 0, `ping was answered only after the hashes: ${events.join(', ')}`);
    const pingAt = events.findIndex((e) => e.startsWith('ping'));
    assert.ok(pingAt < HASHES, `some hash finished after the ping: ${events.join(', ')}`);
    assert.equal(events.filter((e) => e === 'hash').length, HASHES);
    for (const hash of results) assert.match(hash, /^\$2b\$10\$/);
  } finally {
    server.close();
  }
});
