/** Test helper: a real node:http server on 127.0.0.1 running body parsers, plus request helpers. */
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { KitRequest, KitResponse, RequestHandler } from '../../src/core/types.js';

export interface TestServer {
  port: number;
  /** How many requests reached the final handler. */
  handled: () => number;
  /** Whether the last request that reached the final handler had a `body` set. */
  lastHadBody: () => boolean;
  close: () => Promise<void>;
}

/** Runs `middleware` in order, then answers `{ body, plain }`; an error answers its status and code. */
export async function serve(...middleware: RequestHandler[]): Promise<TestServer> {
  let handled = 0;
  let lastHadBody = false;
  const server = createServer((rawReq: IncomingMessage, rawRes: ServerResponse) => {
    const req = rawReq as KitRequest;
    const res = rawRes as unknown as KitResponse;
    let index = 0;
    const next = (err?: unknown): void => {
      if (err !== undefined) {
        const e = err as { status?: number; code?: string; message?: string };
        res.statusCode = e.status ?? 500;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ code: e.code, message: e.message }));
        return;
      }
      const layer = middleware[index++];
      if (layer !== undefined) {
        void layer(req, res, next);
        return;
      }
      handled++;
      lastHadBody = 'body' in req;
      const body = req.body;
      const plain =
        body !== null && typeof body === 'object' ? Object.getPrototypeOf(body) === Object.prototype : null;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ body, plain, hasBody: 'body' in req }));
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    handled: () => handled,
    lastHadBody: () => lastHadBody,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => { body?: unknown; plain?: boolean | null; code?: string; hasBody?: boolean };
}

/** Sends one request with node:http; `chunks` go out as they are (chunked unless a Content-Length is set). */
export function send(
  port: number,
  options: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    chunks?: Array<string | Buffer>;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'POST',
        path: options.path ?? '/',
        headers: options.headers,
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

/** Writes raw bytes to a socket and resolves with everything read until the server closes or 500 ms pass quietly. */
export function sendRaw(port: number, bytes: string | Buffer, closeAfterWrite = false): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const parts: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const finish = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(parts).toString('latin1'));
    };
    const quiet = (): void => {
      clearTimeout(timer);
      timer = setTimeout(finish, 500);
    };
    socket.on('data', (c: Buffer) => {
      parts.push(c);
      quiet();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(bytes, () => {
      if (closeAfterWrite) socket.end();
      quiet();
    });
  });
}
