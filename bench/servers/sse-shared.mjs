// What every SSE bench server serves (bench/sse.mjs): the same events, the same heartbeat, the same routes.
//   GET /stream?n=N  N events (id, JSON data of about 90 bytes), each sent once the last was written, then the end
//   GET /idle        one `ready` event, then nothing but the heartbeat until the client leaves
//   GET /mem         the server's memory after a full GC (the servers run with --expose-gc)

/** The heartbeat every server sends, in ms (kitjs's default). */
export const HEARTBEAT_MS = 15_000;

/** The data of event `i`. */
export function payload(i) {
  return { seq: i, symbol: 'KIT', price: 101.25, volume: 1200, note: 'a tick of a price feed' };
}

/** `n` from `/stream?n=N`. */
export function countOf(url) {
  const match = /[?&]n=(\d+)/.exec(url);
  return match ? Number(match[1]) : 100;
}

/** The memory figures /mem answers, after a full collection. */
export function memory() {
  globalThis.gc?.();
  globalThis.gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external, arrayBuffers };
}
