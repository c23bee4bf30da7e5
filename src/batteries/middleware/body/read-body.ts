/** Reads a request body into one Buffer, inflating gzip/deflate/br (with raw-body) and never buffering past the limit. */
import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { lazyDependency } from '../../../base/optional-package.js';
import { type BodyDialect, type BodyError, type BodyFault, bodyError } from './errors.js';

// Only compressed bodies go through raw-body, so it loads with the first one.
const loadRawBody = lazyDependency<typeof import('raw-body')>('raw-body');

/** Called once with the whole body, or with the client fault that stopped the read. */
export type BodyCallback = (err: BodyError | undefined, body: Buffer) => void;

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
 * for the next request on the connection. With `inflate` false, a compressed body is a 415 (BODY-026). Errors
 * carry body-parser's fields and the `dialect`'s messages (BODY-029).
 *
 * @example
 * ```ts
 * readBody(req, res, 1024 * 1024, (err, body) => (err ? next(err) : use(body)), true, KITJS_DIALECT);
 * ```
 */
export function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  done: BodyCallback,
  inflate: boolean,
  dialect: BodyDialect,
): void {
  const encoding = req.headers['content-encoding'];
  const coding = encoding === undefined ? 'identity' : encoding.trim().toLowerCase();
  // BODY-026: `inflate: false` refuses every coding but identity, as body-parser does.
  const inflater = coding === 'identity' || !inflate ? undefined : INFLATERS.get(coding);
  if (coding !== 'identity' && inflater === undefined) {
    done(bodyError({ kind: 'encoding', encoding: coding, refused: !inflate }, dialect), EMPTY);
    return;
  }
  // BODY-021: after req.setEncoding() the request yields text, not bytes: the application's mistake, not the
  // client's, so a 500 that names it (raw-body refuses it too), never a crash on strings.
  if (req.readableEncoding !== null) {
    stopReading(res);
    done(bodyError({ kind: 'stream-decoded' }, dialect), EMPTY);
    return;
  }
  // BODY-021: a body that earlier middleware already read is the application's mistake too; a request the
  // client abandoned before the parser ran is the client's.
  if (!req.readable) {
    const fault: BodyFault = req.readableEnded ? { kind: 'already-read' } : { kind: 'aborted', received: 0 };
    done(bodyError(fault, dialect), EMPTY);
    return;
  }
  const declared = req.headers['content-length'];
  const length =
    declared === undefined || req.headers['transfer-encoding'] !== undefined ? null : Number(declared);
  if (length !== null && length > limit) {
    stopReading(res);
    done(bodyError({ kind: 'too-large', limit, length }, dialect), EMPTY);
    return;
  }
  const settle = (fault: BodyFault | undefined, body: Buffer): void => {
    if (fault === undefined) {
      done(undefined, body);
      return;
    }
    stopReading(res);
    const err = bodyError(fault, dialect);
    if (dialect.drain === true) drainRequest(req, limit, () => done(err, EMPTY));
    else done(err, EMPTY);
  };
  if (inflater === undefined) {
    readPlain(req, length, limit, settle);
    return;
  }
  const stream = inflater();
  // The inflated size is unknown up front, so raw-body counts inflated bytes; a gzip bomb stops at
  // the limit. A client abort does not travel through pipe(), so it is forwarded by hand.
  let aborted = false;
  let received = 0;
  const countWire = (chunk: Buffer): void => {
    received += chunk.length;
  };
  const abort = (): void => {
    aborted = true;
    stream.destroy(new Error('request aborted'));
  };
  req.on('data', countWire);
  req.once('aborted', abort);
  req.once('error', abort);
  req.pipe(stream);
  loadRawBody()(stream, { limit }, (err, body) => {
    req.removeListener('data', countWire);
    req.removeListener('aborted', abort);
    req.removeListener('error', abort);
    if (err) {
      req.unpipe(stream);
      req.pause();
      stream.destroy();
    }
    if (!err) settle(undefined, body);
    else if (aborted) settle({ kind: 'aborted', length: length ?? undefined, received }, EMPTY);
    else if ((err as { type?: unknown }).type === 'entity.too.large') {
      settle({ kind: 'too-large', limit, received: (err as { received?: number }).received }, EMPTY);
    } else settle({ kind: 'malformed-encoding', cause: err }, EMPTY);
  });
}

/**
 * Reads an uncompressed body. Not raw-body: measured on the 1 KB JSON echo, raw-body's five listeners added
 * and removed, its argument copying and deferred callback cost about 2% of the request; this does the same
 * job (limit while reading, short or aborted bodies refused (BODY-012), async context kept) with four
 * listeners.
 */
function readPlain(
  req: IncomingMessage,
  length: number | null,
  limit: number,
  done: (fault: BodyFault | undefined, body: Buffer) => void,
): void {
  // BODY-020: the callback runs from the request's own events; through this resource it runs in the caller's
  // async context, so an AsyncLocalStorage store set before the parser is still there in the route (as with
  // raw-body). Not AsyncResource.bind: on Node 20 it wraps a deprecation getter per call, which halved the
  // echo benchmark.
  const context = new AsyncResource('kitjs.readBody');
  const callback = done;
  done = (fault, body) => context.runInAsyncScope(callback, null, fault, body);
  const chunks: Buffer[] = [];
  let received = 0;
  let complete = false;
  const settle = (fault: BodyFault | undefined, body: Buffer): void => {
    if (complete) return;
    complete = true;
    req.removeListener('data', onData);
    req.removeListener('end', onEnd);
    req.removeListener('error', onFailure);
    req.removeListener('close', onClose);
    // Stop reading what is left: the answer closes the connection (stopReading), never reads on.
    if (fault !== undefined) req.pause();
    done(fault, body);
  };
  const declared = length ?? undefined;
  const onData = (chunk: Buffer): void => {
    received += chunk.length;
    if (received > limit) settle({ kind: 'too-large', limit, received }, EMPTY);
    else chunks.push(chunk);
  };
  const onEnd = (): void => {
    if (length !== null && received !== length) settle({ kind: 'size-mismatch', length, received }, EMPTY);
    else settle(undefined, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received));
  };
  const onFailure = (): void => settle({ kind: 'aborted', length: declared, received }, EMPTY);
  // 'close' before 'end': the client went away mid-body.
  const onClose = (): void => settle({ kind: 'aborted', length: declared, received }, EMPTY);
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onFailure);
  req.on('close', onClose);
}

function stopReading(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}

/**
 * EXP-013: reads what is left of `req`, up to `most` more bytes, and drops it, then calls `then` in the
 * caller's async context, as body-parser reads a request off before it reports a read error: a client that
 * sends its whole body before reading the answer gets the answer rather than a connection cut under it.
 * Past `most` bytes, or when the client goes away, `then` runs at once (the answer closes the connection).
 */
function drainRequest(req: IncomingMessage, most: number, then: () => void): void {
  if (req.complete || req.readableEnded || req.destroyed) {
    then();
    return;
  }
  const context = new AsyncResource('kitjs.drainBody');
  let dropped = 0;
  let called = false;
  const finish = (): void => {
    if (called) return;
    called = true;
    req.removeListener('data', onData);
    req.removeListener('end', finish);
    req.removeListener('close', finish);
    req.removeListener('error', finish);
    context.runInAsyncScope(then);
  };
  const onData = (chunk: Buffer): void => {
    dropped += chunk.length;
    if (dropped > most) {
      req.pause();
      finish();
    }
  };
  req.on('data', onData);
  req.once('end', finish);
  req.once('close', finish);
  req.once('error', finish);
  // The read that failed paused the request; adding a listener does not undo an explicit pause.
  req.resume();
}
