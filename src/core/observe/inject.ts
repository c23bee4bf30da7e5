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
export async function injectInto(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  options: InjectOptions | string,
): Promise<InjectResponse> {
  const given = typeof options === 'string' ? { url: options } : options;
  if (given === null || typeof given !== 'object' || typeof given.url !== 'string')
    throw new TypeError('app.inject(options): options.url must be a string');
  const dispatch = (req: IncomingMessage, res: ServerResponse): void => {
    keepOwn(req, ['destroy']);
    keepOwn(res, RESPONSE_MEMBERS);
    handler(req, res);
  };
  const inject = loadLightMyRequest().inject;
  const reply = await inject(dispatch, given as Parameters<LightMyRequest['inject']>[1]);
  return {
    statusCode: reply.statusCode,
    statusMessage: reply.statusMessage,
    headers: reply.headers,
    body: reply.body,
    rawPayload: reply.rawPayload,
    json: <T>() => reply.json() as T,
  };
}

/** Makes each member of `target` named in `names` its own (non-enumerable), whatever its prototype becomes. */
function keepOwn(target: object, names: readonly string[]): void {
  for (const name of names) {
    const value: unknown = Reflect.get(target, name);
    Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
  }
}
