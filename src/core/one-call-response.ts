/** The one-`writeHead` path for small bodies, and the header methods that keep it invisible (RES-011). */
import { type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { KitRequest } from './types.js';

// Node's test of a header value (its checkInvalidHeaderChar): what setHeader and writeHead refuse.
const INVALID_HEADER_CHAR = /[^\t\x20-\x7e\x80-\xff]/;

const nodeGetRawHeaderNames = (ServerResponse.prototype as unknown as { getRawHeaderNames(): string[] })
  .getRawHeaderNames;

/**
 * Node keeps headers given to `setHeader` in a prototype-less object that V8 holds in dictionary mode, and
 * `writeHead` walks it key by key; measured, that is most of what a small route costs above bare
 * node:http (without this path kitjs answers `hello` at about 0.86 of bare node:http instead of 0.95). So
 * while nothing has gone into Node's header store, {@link OneCallResponse.endWithBody} hands Node the
 * Content-Type and Content-Length in one `writeHead` call, as Fastify and bare node:http do, and
 * {@link OneCallResponse.holdType} keeps `res.type()`'s Content-Type back for that call.
 *
 * Observably nothing changes: every header method first moves a held-back type into Node's store, and
 * after such a response `getHeader()` and its siblings still see the headers it went out with (loggers read
 * them in 'finish'). A response whose writeHead or setHeader was wrapped on the instance (compression,
 * response-time, a spy) takes the ordinary setHeader path, so the wrapper sees what it always saw; that is
 * also how to rule the path out for one response (there is no process-wide switch one app could flip for
 * another).
 */
export class OneCallResponse extends ServerResponse<KitRequest> {
  /** A Content-Type from `type()` not yet given to Node (only while Node's store is empty). */
  private heldType: string | undefined = undefined;
  // EXP-003's X-Powered-By and XRES-001's ETag, held back the same way: an app with `x-powered-by` or `etag`
  // on (the Express flavours' defaults) would otherwise lose the one call on every response.
  private heldPoweredBy: string | undefined = undefined;
  private heldEtag: string | undefined = undefined;
  /** True while any header is held back: the one test every header method makes. */
  private holding = false;
  /** True while nothing has been put in Node's header store. */
  private storeEmpty = true;
  /** The headers a one-call response went out with, for the header getters afterwards. */
  private sentHeaders: OutgoingHttpHeaders | undefined = undefined;

  /**
   * A response from a server kitjs did not create (`http.createServer(app)`, supertest) gets the fields the
   * constructor would have set, so it takes the one-call path too, unless headers were set before kitjs
   * saw it.
   */
  protected static initialise(res: OneCallResponse): void {
    res.heldType = undefined;
    res.heldPoweredBy = undefined;
    res.heldEtag = undefined;
    res.holding = false;
    res.storeEmpty = res.getHeaderNames().length === 0;
    res.sentHeaders = undefined;
  }

  /** Keeps `value` back as the Content-Type for a one-call body; false when it must be set now instead. */
  protected holdType(value: string): boolean {
    if (this.storeEmpty !== true || this.headersSent) return false;
    // RES-007: a value Node refuses goes to setHeader now, which throws where `res.type()` was called (in a
    // handler: a 500). Held, it would throw only when the head is written, from whatever sends it: a timer,
    // a stream's event, the final handler after a late `next()`, where nothing catches it.
    if (INVALID_HEADER_CHAR.test(value)) return false;
    this.heldType = value;
    this.holding = true;
    return true;
  }

  /**
   * EXP-003: the X-Powered-By banner, held back for the one call while Node's store is empty (as a type is),
   * else set. Internal to kitjs: the app calls it as a request enters it.
   */
  kitPoweredBy(value: string): void {
    if (this.storeEmpty === true && !this.headersSent) {
      this.heldPoweredBy = value;
      this.holding = true;
    } else this.setHeader('X-Powered-By', value);
  }

  /**
   * XRES-001: the response's ETag or Last-Modified as set so far, read without moving a held-back header into
   * Node's store (which `getHeader` would). Internal to kitjs: the entity steps of `res.send` read them.
   */
  kitValidator(name: 'etag' | 'last-modified'): number | string | string[] | undefined {
    if (name === 'etag' && this.heldEtag !== undefined) return this.heldEtag;
    return this.storeEmpty === true ? undefined : super.getHeader(name);
  }

  /** XRES-001: the ETag `res.send` made, held back for the one call like a type, else set. Internal to kitjs. */
  kitEtag(value: string): void {
    if (this.storeEmpty === true && !this.headersSent) {
      this.heldEtag = value;
      this.holding = true;
    } else this.setHeader('ETag', value);
  }

  /**
   * The Content-Type chosen so far, without moving a held-back one into Node's store (reading it through
   * `getHeader` would, and the response would lose the one-call path).
   */
  protected chosenType(): string | undefined {
    if (this.heldType !== undefined) return this.heldType;
    if (this.storeEmpty === true) return undefined;
    const value = this.getHeader('content-type');
    return typeof value === 'string' ? value : undefined;
  }

  /** Replaces the chosen Content-Type: the held-back one while it is held, else the one in Node's store. */
  protected replaceType(value: string): void {
    if (this.heldType !== undefined) this.heldType = value;
    else this.setHeader('Content-Type', value);
  }

  /** True once any header went into Node's store (set, appended, or a held-back type released). */
  protected hasStoredHeaders(): boolean {
    return this.storeEmpty !== true;
  }

  /** Ends a 204 or 304: no body, and none of a body's headers (a held ETag or banner goes out). */
  protected endWithoutBody(): void {
    this.heldType = undefined;
    if (this.storeEmpty !== true) {
      this.removeHeader('Content-Type');
      this.removeHeader('Content-Length');
      this.removeHeader('Transfer-Encoding');
    }
    this.end();
  }

  /**
   * Ends the response with `body` and its Content-Length. `type` is the Content-Type to use when none was
   * chosen (or always, when `force`).
   */
  protected endWithBody(body: string | Uint8Array, type: string | undefined, force: boolean): void {
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    // Code that wrapped writeHead or setHeader on this response (compression, response-time, a spy)
    // expects to see the headers arrive through setHeader: it gets the ordinary path.
    if (this.storeEmpty === true && !Object.hasOwn(this, 'writeHead') && !Object.hasOwn(this, 'setHeader')) {
      const chosen = force ? type : (this.heldType ?? type);
      const poweredBy = this.heldPoweredBy;
      const etag = this.heldEtag;
      this.heldType = undefined;
      this.heldPoweredBy = undefined;
      this.heldEtag = undefined;
      this.holding = false;
      let headers: OutgoingHttpHeaders;
      if (poweredBy === undefined && etag === undefined) {
        headers =
          chosen === undefined
            ? { 'Content-Length': length }
            : { 'Content-Type': chosen, 'Content-Length': length };
      } else {
        // In the order the store would have had them: the banner as the request entered, the type, the ETag
        // as the body was sent, then the length.
        headers = {};
        if (poweredBy !== undefined) headers['X-Powered-By'] = poweredBy;
        if (chosen !== undefined) headers['Content-Type'] = chosen;
        if (etag !== undefined) headers.ETag = etag;
        headers['Content-Length'] = length;
      }
      this.writeHead(this.statusCode, headers);
      // Had anything moved them into Node's store meanwhile, the store (and what was removed from it)
      // would be the truth; only headers that went out in the one call are remembered for the getters.
      if (this.storeEmpty === true) this.sentHeaders = headers;
      this.end(body);
      return;
    }
    if (type !== undefined && (force || !this.hasHeader('content-type')))
      this.setHeader('Content-Type', type);
    this.setHeader('Content-Length', length);
    this.end(body);
  }

  // Node's header methods: each first moves a held-back type into Node's store, so that what they see
  // or change is exactly what they would have without the one-call path (RES-011).

  override setHeader(name: string, value: number | string | readonly string[]): this {
    if (this.holding) this.release();
    super.setHeader(name, value);
    this.storeEmpty = false;
    return this;
  }

  override appendHeader(name: string, value: string | readonly string[]): this {
    if (this.holding) this.release();
    super.appendHeader(name, value);
    this.storeEmpty = false;
    return this;
  }

  override getHeader(name: string): number | string | string[] | undefined {
    if (this.holding) this.release();
    const value = super.getHeader(name);
    if (value !== undefined || this.sentHeaders === undefined) return value;
    return sentHeader(this.sentHeaders, name);
  }

  override getHeaders(): OutgoingHttpHeaders {
    if (this.holding) this.release();
    const headers = super.getHeaders();
    const sent = this.sentHeaders;
    if (sent !== undefined) {
      for (const key of Object.keys(sent)) headers[key.toLowerCase()] ??= sent[key];
    }
    return headers;
  }

  override getHeaderNames(): string[] {
    if (this.holding) this.release();
    const names = super.getHeaderNames();
    const sent = this.sentHeaders;
    if (sent !== undefined) {
      for (const key of Object.keys(sent)) {
        const lower = key.toLowerCase();
        if (!names.includes(lower)) names.push(lower);
      }
    }
    return names;
  }

  // Not in @types/node, but in Node since 15.
  getRawHeaderNames(): string[] {
    if (this.holding) this.release();
    const names = nodeGetRawHeaderNames.call(this);
    const sent = this.sentHeaders;
    if (sent !== undefined) {
      for (const key of Object.keys(sent)) if (!names.includes(key)) names.push(key);
    }
    return names;
  }

  override hasHeader(name: string): boolean {
    if (this.holding) this.release();
    return (
      super.hasHeader(name) ||
      (this.sentHeaders !== undefined && sentHeader(this.sentHeaders, name) !== undefined)
    );
  }

  override removeHeader(name: string): void {
    if (this.holding) this.release();
    super.removeHeader(name);
  }

  // Node's own `write()`, `end()` and `flushHeaders()` reach the headers through `writeHead`.
  override writeHead(statusCode: number, reason?: unknown, headers?: unknown): this {
    if (this.holding) this.release();
    // Node tells the forms apart by the types of its arguments; undefined in place of a missing one is
    // the same call.
    return super.writeHead(
      statusCode,
      reason as string | undefined,
      headers as OutgoingHttpHeaders | undefined,
    );
  }

  // Node's `writeHeader` (not in @types/node) is its own reference to the original writeHead, so it would
  // skip the one above.
  writeHeader(statusCode: number, reason?: unknown, headers?: unknown): this {
    return this.writeHead(statusCode, reason, headers);
  }

  /**
   * Moves any held-back header into Node's store now. Internal to kitjs: a response handed back to another
   * framework (app/foreign.ts) leaves this class, and what it held must not leave with it.
   */
  kitRelease(): void {
    if (this.holding) this.release();
  }

  /** Moves the held-back headers into Node's store, in the order they were set. */
  private release(): void {
    const poweredBy = this.heldPoweredBy;
    const type = this.heldType;
    const etag = this.heldEtag;
    this.heldPoweredBy = undefined;
    this.heldType = undefined;
    this.heldEtag = undefined;
    this.holding = false;
    // Through `this.setHeader`, so that a wrapper on this response sees them arrive, as it would have.
    if (poweredBy !== undefined) this.setHeader('X-Powered-By', poweredBy);
    if (type !== undefined) this.setHeader('Content-Type', type);
    if (etag !== undefined) this.setHeader('ETag', etag);
  }
}

/** A header from a one-call response's headers, by any spelling of its name. */
function sentHeader(sent: OutgoingHttpHeaders, name: string): number | string | string[] | undefined {
  const lower = name.toLowerCase();
  for (const key of Object.keys(sent)) {
    if (key.toLowerCase() === lower) return sent[key];
  }
  return undefined;
}
