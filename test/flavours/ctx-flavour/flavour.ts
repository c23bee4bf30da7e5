/**
 * A test-only flavour (issue 46): the proof that a third flavour plugs into kitjs's core without changing it.
 * Its routes take `(ctx) => value` handlers, whose returned value is sent as JSON; its pages are JSON.
 * Built only from what the core offers every flavour (src/README.md, "A flavour"); never shipped.
 */
import { STATUS_CODES } from 'node:http';
import type { Flavour } from '../../../src/core/app/flavour.ts';
import type { ErrorView } from '../../../src/core/error-view.ts';
import { KitIncomingMessage } from '../../../src/core/request.ts';
import { KitServerResponse } from '../../../src/core/response.ts';
import type { KitRequest, KitResponse } from '../../../src/core/types.ts';

/** The ctx flavour's requests: the core's, with what a ctx handler reads of them. */
export class CtxRequest extends KitIncomingMessage {
  /** Which flavour made the request: a member kit() requests do not have. */
  get flavour(): string {
    return 'ctx';
  }
}

/** The ctx flavour's responses: the core's, with the reply a ctx handler's value becomes. */
export class CtxResponse extends KitServerResponse {
  /** A ctx handler's value as the answer: JSON, whatever its type (a string too). */
  reply(value: unknown): void {
    this.type('application/json').send(JSON.stringify(value));
  }
}

function writeJson(res: KitResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(body));
}

/**
 * The ctx flavour: its classes and its JSON pages, for a request nothing answered and for an error nothing
 * handled (a 5xx's message never shown, as the core's view of the error says).
 */
export const ctxFlavour: Flavour = Object.freeze({
  Request: CtxRequest,
  Response: CtxResponse,
  notFound(req: KitRequest, res: KitResponse): void {
    writeJson(res, 404, { error: 'not found', path: req.path });
  },
  defaultError(_err: unknown, view: ErrorView, _req: KitRequest, res: KitResponse): void {
    for (const [name, value] of view.headers) res.setHeader(name, value);
    writeJson(res, view.status, { error: view.publicMessage ?? STATUS_CODES[view.status] ?? 'error' });
  },
});
