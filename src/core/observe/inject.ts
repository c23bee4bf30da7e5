/** `app.inject()`: one request through an app in-process, with light-my-request (what Fastify's `inject` uses). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { lazyDependency } from '../../base/optional-package.js';
import type { InjectOptions, InjectResponse } from '../types/observe.js';

type LightMyRequest = typeof import('light-my-request');
// Loaded on the first inject: an app that never injects (a server in production) never loads it.
const loadLightMyRequest = lazyDependency<LightMyRequest>('light-my-request');

// What light-my-request's request and response do differently from node:http's (it captures the answer in
// them): kept as own members, so that they survive the app giving both kitjs's prototypes.
const RESPONSE_MEMBERS = ['writeHead', 'write', 'end', 'destroy', 'addTrailers', 'setTimeout'] as const;

/**
 * OBS-009: runs one request through `handler` (an app's request listener) without a server: light-my-request
 * makes the request and response, the app serves them as it serves a socket's, and the answer comes back as
 * `{ statusCode, headers, body, json() }`. A string is a GET of that URL.
 *
 * @example
 * ```ts
 * const reply = await injectInto(app.handler, { method: 'GET', url: '/users/1' });
 * reply.json(); // { id: '1' }
 * ```
 */
// The responses of injected requests (OBS-009): light-my-request ends them with 'finish' and 'close' of its own
// making, before Node's stream state says finished, so `writableFinished` is false on their 'close'.
const injected = new WeakSet<ServerResponse>();

/**
 * OBS-009: whether `res` was written completely, for a listener of its 'close': `writableFinished`, or, for
 * the response of an injected request (whose stream state light-my-request leaves unfinished when it emits
 * 'close'), that it was ended. A request logger reads it to tell a completed request from an aborted one.
 *
 * @example
 * ```ts
 * res.on('close', () => log.info({ aborted: !responseCompleted(res) }, 'request done'));
 * ```
 */
export function responseCompleted(res: ServerResponse): boolean {
  return res.writableFinished || (res.writableEnded && injected.has(res));
}

export async function injectInto(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  options: InjectOptions | string,
): Promise<InjectResponse> {
  const given = injectOptions(options);
  const dispatch = (req: IncomingMessage, res: ServerResponse): void => {
    injected.add(res);
    keepOwn(req, ['destroy']);
    keepOwn(res, RESPONSE_MEMBERS);
    releaseBeforeWriteHead(res);
    handler(req, res);
  };
  const inject = loadLightMyRequest().inject;
  const answered = inject(dispatch, given as Parameters<LightMyRequest['inject']>[1]);
  const reply = await (isStream(given.payload)
    ? Promise.race([answered, payloadFailure(given.payload as NodeJS.EventEmitter)])
    : answered);
  return {
    statusCode: reply.statusCode,
    statusMessage: reply.statusMessage,
    headers: reply.headers,
    body: reply.body,
    rawPayload: reply.rawPayload,
    json: <T>() => reply.json() as T,
  };
}

/**
 * OBS-009: the options light-my-request gets. A string is a GET of that URL; the URL must be a string, else a
 * TypeError (`KIT_ERR_INJECT_BAD_OPTIONS`) naming it, the rejection of the call. An empty URL is `/`, as an HTTP client
 * reads `http://host` (light-my-request itself would fail inside with a TypeError of its own). A stream
 * payload of unknown length goes as a client sends one, chunked: without a framing header the app would
 * read the request as having no body, and never see the stream's bytes, nor its failure.
 *
 * @example
 * ```ts
 * injectOptions('');                // { url: '/' }
 * injectOptions({ url: 5 as never }); // TypeError KIT_ERR_INJECT_BAD_OPTIONS
 * ```
 */
export function injectOptions(options: unknown): InjectOptions {
  const given = typeof options === 'string' ? { url: options } : options;
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    throw badInject('options must be an object or a URL string');
  const { url, method, headers, payload } = given as Partial<Record<keyof InjectOptions, unknown>>;
  if (typeof url !== 'string') throw badInject('options.url must be a string');
  if (method !== undefined && typeof method !== 'string') throw badInject('options.method must be a string');
  if (headers !== undefined && (headers === null || typeof headers !== 'object'))
    throw badInject('options.headers must be an object');
  const chunked = isStream(payload) && !hasFraming(headers as Record<string, unknown> | undefined);
  if (url !== '' && !chunked) return given as InjectOptions;
  const made = { ...(given as InjectOptions) };
  if (url === '') made.url = '/';
  if (chunked) made.headers = { ...(headers as InjectOptions['headers']), 'transfer-encoding': 'chunked' };
  return made;
}

function badInject(message: string): TypeError {
  const err = new TypeError(`app.inject(options): ${message}`);
  return Object.assign(err, { code: 'KIT_ERR_INJECT_BAD_OPTIONS' });
}

/**
 * OBS-009: a stream payload that fails mid-body is a client that went away mid-body: the app sees what it sees
 * then (the request destroyed with the error, a body parser's `KIT_ERR_BODY_INCOMPLETE`), and, as that client
 * gets no answer, `inject` rejects with the stream's error rather than resolving with what the app wrote to
 * nobody. A failure after the app answered (a body it never read) changes nothing.
 */
function payloadFailure(payload: NodeJS.EventEmitter): Promise<never> {
  const failed = new Promise<never>((_resolve, reject) => payload.once('error', reject));
  // Lost to the answer when the app answered first: a rejection nobody awaits must not end the process.
  failed.catch(() => {});
  return failed;
}

/** A payload light-my-request streams (what it reads with `resume`), rather than one it sends whole. */
function isStream(payload: unknown): boolean {
  return (
    payload !== null &&
    typeof payload === 'object' &&
    typeof (payload as { resume?: unknown }).resume === 'function'
  );
}

/** Whether the caller gave the body's framing (a length, or chunked) itself, in any letter case. */
function hasFraming(headers: Record<string, unknown> | undefined): boolean {
  if (headers === undefined) return false;
  return Object.keys(headers).some((name) => {
    const lower = name.toLowerCase();
    return lower === 'content-length' || lower === 'transfer-encoding';
  });
}

/**
 * light-my-request's `writeHead` calls node:http's own, past the one-call path's (one-call-response.ts),
 * then reads the headers back: the headers that path held back (a type, the X-Powered-By of the Express
 * flavours) must be in Node's store before that, as kitjs's own `writeHead` puts them. Without this a bare
 * `res.end()` in kitjs/express threw ERR_HTTP_HEADERS_SENT inside the injected answer.
 */
function releaseBeforeWriteHead(res: ServerResponse): void {
  const capture = res.writeHead as (...args: unknown[]) => ServerResponse;
  Object.defineProperty(res, 'writeHead', {
    value(this: ServerResponse & { kitRelease?: () => void }, ...args: unknown[]): ServerResponse {
      this.kitRelease?.();
      return capture.apply(this, args);
    },
    writable: true,
    configurable: true,
    enumerable: false,
  });
}

/** Makes each member of `target` named in `names` its own (non-enumerable), whatever its prototype becomes. */
function keepOwn(target: object, names: readonly string[]): void {
  for (const name of names) {
    const value: unknown = Reflect.get(target, name);
    Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
  }
}
