/** Raw HTTP for hostile-input scenarios: bytes over a TCP socket, exact paths over node:http, and a response parser. */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { noteRawBytes, noteRequest } from './exchange.js';
import type { HttpResponse } from './http-response.js';

export type { HttpResponse } from './http-response.js';

/** The last response, in the shape every `Then` step reads. */
/**
 * Builds the response object from raw header pairs and the body bytes. Every way of sending (Playwright,
 * node:http, raw TCP) ends here, so the `Then` steps read one shape (HARNESS-002).
 */
export function makeResponse(status: number, pairs: Iterable<[string, string]>, body: Buffer): HttpResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
  }
  const text = body.toString('utf8');
  return {
    status,
    headers,
    body,
    text,
    json: () => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new Error(`the body is not JSON: ${JSON.stringify(text.slice(0, 200))}`);
      }
    },
  };
}

/**
 * Turns a doc string into request bytes: every line ends with CRLF; `\r`, `\n`, `\t`, `\\` and `\xHH`
 * escapes are honoured (`\xHH` is one raw byte, so invalid UTF-8 and control bytes can be sent). When the
 * bytes hold no empty line (CRLF CRLF), one more CRLF ends the head.
 */
export function encodeRawRequest(docString: string): Buffer {
  const lines = docString
    .split('\n')
    .map((line) => `${line.replace(/\r$/, '')}\r\n`)
    .join('');
  // A request written without a blank line is only headers: end them, as every such request needs.
  const source = lines.includes('\r\n\r\n') ? lines : `${lines}\r\n`;
  const parts: Buffer[] = [];
  let plain = '';
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char !== '\\' || i + 1 >= source.length) {
      plain += char;
      continue;
    }
    const next = source[i + 1];
    const simple: Record<string, string> = { r: '\r', n: '\n', t: '\t', '\\': '\\' };
    if (next in simple) {
      plain += simple[next];
      i++;
    } else if (next === 'x' && /^[0-9a-fA-F]{2}$/.test(source.slice(i + 2, i + 4))) {
      parts.push(Buffer.from(plain, 'utf8'), Buffer.from([Number.parseInt(source.slice(i + 2, i + 4), 16)]));
      plain = '';
      i += 3;
    } else {
      plain += char;
    }
  }
  parts.push(Buffer.from(plain, 'utf8'));
  const bytes = Buffer.concat(parts);
  // A doc string cannot end in a blank line without looking odd, so a head left open is closed for the author.
  return bytes.includes('\r\n\r\n') ? bytes : Buffer.concat([bytes, Buffer.from('\r\n')]);
}

/** Decodes a chunked body; returns what could be decoded when the stream was cut short. */
function decodeChunked(data: Buffer): { body: Buffer; rest: Buffer } {
  const chunks: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', offset);
    if (lineEnd < 0) return { body: Buffer.concat(chunks), rest: Buffer.alloc(0) };
    const size = Number.parseInt(data.subarray(offset, lineEnd).toString('latin1').split(';')[0].trim(), 16);
    offset = lineEnd + 2;
    if (!Number.isFinite(size) || size === 0) {
      // Skip trailers up to the empty line that ends the message.
      const end = data.indexOf('\r\n\r\n', offset - 2);
      return { body: Buffer.concat(chunks), rest: end < 0 ? Buffer.alloc(0) : data.subarray(end + 4) };
    }
    chunks.push(data.subarray(offset, offset + size));
    offset += size + 2;
  }
}

/**
 * Parses every response in `data` (pipelined answers, in order), skipping interim 1xx answers except 101.
 * `method` is the request's method: answers to HEAD have no body.
 */
export function parseResponses(data: Buffer, method = 'GET'): HttpResponse[] {
  const responses: HttpResponse[] = [];
  let rest: Buffer = data;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const head = rest.subarray(0, headEnd < 0 ? rest.length : headEnd).toString('latin1');
    const [statusLine, ...lines] = head.split('\r\n');
    const match = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(statusLine);
    if (!match) break;
    const status = Number(match[1]);
    const pairs = lines
      .filter((line) => line.includes(':'))
      .map((line): [string, string] => [
        line.slice(0, line.indexOf(':')).trim(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]);
    let after: Buffer = headEnd < 0 ? Buffer.alloc(0) : rest.subarray(headEnd + 4);
    const header = (name: string) => pairs.find(([key]) => key.toLowerCase() === name)?.[1];
    let body: Buffer = Buffer.alloc(0);
    const bodiless = method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200);
    if (!bodiless) {
      const length = header('content-length');
      if (header('transfer-encoding')?.toLowerCase().includes('chunked')) {
        ({ body, rest: after } = decodeChunked(after));
      } else if (length !== undefined && /^\d+$/.test(length)) {
        body = after.subarray(0, Number(length));
        after = after.subarray(Number(length));
      } else {
        body = after;
        after = Buffer.alloc(0);
      }
    }
    if (status >= 200 || status === 101) responses.push(makeResponse(status, pairs, body));
    rest = after;
  }
  return responses;
}

/** Sends bytes to 127.0.0.1:port; reads until the server closes or stays quiet for `quietMs`. */
export function sendRawBytes(port: number, bytes: Buffer, quietMs = 500): Promise<Buffer> {
  noteRawBytes(bytes);
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port });
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(received));
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(finish, quietMs);
    };
    socket.on('connect', () => {
      socket.write(bytes);
      arm();
    });
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      arm();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the server answered is an answer; a refused connection is not.
      if (error.code === 'ECONNRESET') finish();
      else {
        clearTimeout(timer);
        reject(error);
      }
    });
  });
}

/** Reads a node:http answer whole into the one shape every `Then` step checks (HARNESS-002). */
export function readAnswer(answer: IncomingMessage): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.once('end', () => {
      const pairs: [string, string][] = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        pairs.push([answer.rawHeaders[i] as string, answer.rawHeaders[i + 1] as string]);
      }
      resolve(makeResponse(answer.statusCode ?? 0, pairs, Buffer.concat(chunks)));
    });
    answer.once('error', reject);
  });
}

/** GET/POST/... `path` exactly as written (no URL normalising), over node:http without keep-alive. */
export function requestRawPath(
  port: number,
  method: string,
  path: string,
  timeoutMs = 5000,
): Promise<HttpResponse> {
  noteRequest({ method, path });
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, agent: false }, (res) => {
      readAnswer(res).then(resolve, reject);
    });
    req.setTimeout(timeoutMs, () =>
      req.destroy(new Error(`no answer to ${method} ${path} within ${timeoutMs} ms`)),
    );
    req.on('error', reject);
    req.end();
  });
}

/** The response of a request the server never answered: status 0, so `Then the status is 400` fails clearly. */
export function noResponse(): HttpResponse {
  return {
    status: 0,
    headers: {},
    body: Buffer.alloc(0),
    text: '',
    json: () => {
      throw new Error('the server sent no response');
    },
  };
}

/** A POST the app is already handling, half of its body sent; `finish` sends the rest and reads the answer. */
export interface HalfSentPost {
  finish(): Promise<HttpResponse>;
}

/**
 * Sends the headers and the first half of a JSON POST, and resolves once the app is handling it. Node's
 * server answers "100 Continue" and calls the app's handler in the same tick, so once the client sees it,
 * the request is in the app's hands: no sleeping and hoping.
 */
export async function startHalfSentPost(port: number, path: string, json: unknown): Promise<HalfSentPost> {
  const body = Buffer.from(JSON.stringify(json));
  const half = Math.floor(body.length / 2);
  noteRequest({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json' },
    body: body.toString(),
  });
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      expect: '100-continue',
    },
  });
  const response = new Promise<HttpResponse>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (answer) => {
      readAnswer(answer).then(resolve, reject);
    });
  });
  // Caught here, read by `finish`.
  response.catch(() => {});
  const handled = new Promise<void>((resolve) => request.once('continue', () => resolve()));
  request.flushHeaders();
  await handled;
  request.write(body.subarray(0, half));
  return {
    finish: () => {
      request.end(body.subarray(half));
      return response;
    },
  };
}
