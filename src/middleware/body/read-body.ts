/** Reads a request body into one Buffer, inflating gzip/deflate/br (with raw-body) and never buffering past the limit. */
import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { KitError } from '../../errors.js';
import { lazyDependency } from '../../optional-package.js';

// Only compressed bodies go through raw-body, so it loads with the first one.
const loadRawBody = lazyDependency<typeof import('raw-body')>('raw-body');

/** Called once with the whole body, or with the client fault that stopped the read. */
export type BodyCallback = (err: KitError | undefined, body: Buffer) => void;

const EMPTY = Buffer.alloc(0);

// BODY-011: the codings kitjs inflates; any other is a 415.
const INFLATERS: ReadonlyMap<string, () => Transform> = new Map([
  ['gzip', createGunzip],
  ['x-gzip', createGunzip],
  ['deflate', createInflate],
  ['br', createBrotliDecompress],
]);

/**
 * Whether the request announces a body: chunked framing, or a Content-Length above zero. A request
 * with neither has nothing to read, and waiting for one would only hang.
 *
 * @example
 * ```ts
 * if (!hasBody(req)) return next();
 * ```
 */
export function hasBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0' && Number(length) > 0;
}

/**
 * Reads the body of `req`. The limit is checked against Content-Length before a byte is read (BODY-008), then
 * against the bytes counted (BODY-009), after inflation when the body is compressed (BODY-011). A read that
 * stops early sets `Connection: close` on `res`, because the unread rest of the body would otherwise be taken
 * for the next request on the connection. With `inflate` false, a compressed body is a 415 (BODY-026).
 *
 * @example
 * ```ts
 * readBody(req, res, 1024 * 1024, (err, body) => (err ? next(err) : use(body)));
 * ```
 */
export function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  done: BodyCallback,
  inflate = true,
): void {
  const coding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  // BODY-026: `inflate: false` refuses every coding but identity, as body-parser does.
  const inflater = coding === 'identity' || !inflate ? undefined : INFLATERS.get(coding);
  if (coding !== 'identity' && inflater === undefined) {
    done(new KitError('KIT_ERR_BODY_UNSUPPORTED_ENCODING'), EMPTY);
    return;
  }
  // BODY-021: after req.setEncoding() the request yields text, not bytes: the application's mistake, not the
  // client's, so a 500 that names it (raw-body refuses it too), never a crash on strings.
  if (req.readableEncoding !== null) {
    stopReading(res);
    done(new KitError('KIT_ERR_BODY_STREAM_DECODED'), EMPTY);
    return;
  }
  const declared = req.headers['content-length'];
  const length =
    declared === undefined || req.headers['transfer-encoding'] !== undefined ? null : Number(declared);
  if (length !== null && length > limit) {
    stopReading(res);
    done(tooLarge(limit), EMPTY);
    return;
  }
  if (inflater === undefined) {
    readPlain(req, length, limit, (err, body) =>
      finish(res, limit, 'KIT_ERR_BODY_INCOMPLETE', err, body, done),
    );
    return;
  }
  const stream = inflater();
  // The inflated size is unknown up front, so raw-body counts inflated bytes; a gzip bomb stops at
  // the limit. A client abort does not travel through pipe(), so it is forwarded by hand.
  const abort = (): void => {
    stream.destroy(new KitError('KIT_ERR_BODY_INCOMPLETE'));
  };
  req.once('aborted', abort);
  req.once('error', abort);
  req.pipe(stream);
  loadRawBody()(stream, { limit }, (err, body) => {
    req.removeListener('aborted', abort);
    req.removeListener('error', abort);
    if (err) {
      req.unpipe(stream);
      req.pause();
      stream.destroy();
    }
    finish(res, limit, 'KIT_ERR_BODY_MALFORMED_ENCODING', err, body, done);
  });
}

/**
 * Reads an uncompressed body. Not raw-body: measured on the 1 KB JSON echo, raw-body's five listeners added
 * and removed, its argument copying and deferred callback cost about 2% of the request; this does the same
 * job (limit while reading, short or aborted bodies refused (BODY-012), async context kept) with four
 * listeners. Errors carry raw-body's `type` for the limit, so `finish` treats both readers alike.
 */
function readPlain(
  req: IncomingMessage,
  length: number | null,
  limit: number,
  done: (err: (Error & { type?: string }) | undefined, body: Buffer) => void,
): void {
  if (!req.readable) {
    done(new Error('the request body was already read'), EMPTY);
    return;
  }
  // BODY-020: the callback runs from the request's own events; through this resource it runs in the caller's
  // async context, so an AsyncLocalStorage store set before the parser is still there in the route (as with
  // raw-body). Not AsyncResource.bind: on Node 20 it wraps a deprecation getter per call, which halved the
  // echo benchmark.
  const context = new AsyncResource('kitjs.readBody');
  const callback = done;
  done = (err, body) => context.runInAsyncScope(callback, null, err, body);
  const chunks: Buffer[] = [];
  let received = 0;
  let complete = false;
  const settle = (err: (Error & { type?: string }) | undefined, body: Buffer): void => {
    if (complete) return;
    complete = true;
    req.removeListener('data', onData);
    req.removeListener('end', onEnd);
    req.removeListener('error', onFailure);
    req.removeListener('close', onClose);
    // Stop reading what is left: the answer closes the connection (stopReading), never reads on.
    if (err !== undefined) req.pause();
    done(err, body);
  };
  const onData = (chunk: Buffer): void => {
    received += chunk.length;
    if (received > limit)
      settle(Object.assign(new Error('request entity too large'), { type: 'entity.too.large' }), EMPTY);
    else chunks.push(chunk);
  };
  const onEnd = (): void => {
    if (length !== null && received !== length)
      settle(new Error('request size did not match content length'), EMPTY);
    else settle(undefined, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received));
  };
  const onFailure = (err: Error): void => settle(err, EMPTY);
  // 'close' before 'end': the client went away mid-body.
  const onClose = (): void => settle(new Error('request aborted'), EMPTY);
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onFailure);
  req.on('close', onClose);
}

function finish(
  res: ServerResponse,
  limit: number,
  otherwise: 'KIT_ERR_BODY_INCOMPLETE' | 'KIT_ERR_BODY_MALFORMED_ENCODING',
  err: (Error & { type?: string }) | null | undefined,
  body: Buffer,
  done: BodyCallback,
): void {
  if (!err) {
    done(undefined, body);
    return;
  }
  stopReading(res);
  if (err.type === 'entity.too.large') {
    done(tooLarge(limit), EMPTY);
  } else if (err instanceof KitError) {
    done(err, EMPTY);
  } else {
    // Without inflation this is an abort or a body shorter than its Content-Length; with inflation,
    // an abort arrives as the KitError above, so what is left is the inflater refusing the bytes.
    done(new KitError(otherwise, undefined, { cause: err }), EMPTY);
  }
}

function tooLarge(limit: number): KitError {
  return new KitError('KIT_ERR_BODY_TOO_LARGE', `Request body too large (limit ${limit} bytes)`);
}

function stopReading(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}
