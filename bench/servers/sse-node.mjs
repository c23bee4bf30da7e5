// Hand-written server-sent events on bare node:http, done carefully: headers, framing, a heartbeat per stream,
// `drain` waited for when write() says so, and the timer cleared when the client leaves.
import http from 'node:http';
import { countOf, HEARTBEAT_MS, memory, payload } from './sse-shared.mjs';

const HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

function open(res) {
  res.writeHead(200, HEADERS);
  const beat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
  beat.unref();
  res.once('close', () => clearInterval(beat));
  return beat;
}

function send(res, id, data) {
  if (res.destroyed) return Promise.resolve(false);
  if (res.write(`id: ${id}\ndata: ${JSON.stringify(data)}\n\n`)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve(!res.destroyed);
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

http
  .createServer(async (req, res) => {
    if (req.url.startsWith('/stream')) {
      const beat = open(res);
      const n = countOf(req.url);
      for (let i = 0; i < n; i++) if (!(await send(res, i, payload(i)))) break;
      clearInterval(beat);
      res.end();
    } else if (req.url === '/idle') {
      open(res);
      res.write('event: ready\ndata: {}\n\n');
    } else if (req.url === '/mem') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(memory()));
    } else {
      res.writeHead(404);
      res.end();
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1');

process.on('SIGTERM', () => process.exit(0));
