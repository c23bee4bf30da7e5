/**
 * The last request a scenario sent and the last response it read, kept for the run's report: when a scenario
 * fails, hooks.ts attaches them and scripts/features.mjs writes them beside the failing step and error.
 * Every way of sending (the World's Playwright client, node:http with a raw path, raw TCP bytes, a half-sent
 * POST) notes its request here; scenarios run one at a time in a process, so one slot is enough.
 */
import type { HttpResponse } from './http-response.js';

/** How much of a body the report keeps: enough to read, not enough to bloat the report. */
export const bodyLimit = 2000;

export interface NotedRequest {
  method: string;
  /** The path as sent (a raw request: its first line). */
  path: string;
  headers?: Record<string, string>;
  /** The body as text, cut at `bodyLimit` characters; raw requests keep their whole bytes as latin1 text. */
  body?: string;
}

/** The media type of the attachment hooks.ts adds to a failed scenario. */
export const exchangeMediaType = 'application/vnd.kitjs.exchange+json';

let lastRequest: NotedRequest | undefined;

function cut(text: string): string {
  return text.length > bodyLimit ? `${text.slice(0, bodyLimit)}… (${text.length} characters)` : text;
}

/** Notes a request that is being sent. */
export function noteRequest(request: NotedRequest): void {
  lastRequest = request.body === undefined ? request : { ...request, body: cut(request.body) };
}

/** Notes raw bytes sent over TCP: method and target from the request line, the whole bytes as text. */
export function noteRawBytes(bytes: Buffer): void {
  const text = bytes.toString('latin1');
  const [method = '', path = ''] = text.slice(0, text.indexOf('\r\n') >>> 0).split(' ');
  noteRequest({ method, path, body: text });
}

/** Forgets the last request (a new scenario starts). */
export function resetExchange(): void {
  lastRequest = undefined;
}

/** The last request and `response` in the report's shape. */
export function exchangeOf(response: HttpResponse | undefined): {
  request: NotedRequest | null;
  response: { status: number; headers: Record<string, string>; body: string } | null;
} {
  return {
    request: lastRequest ?? null,
    response: response
      ? { status: response.status, headers: response.headers, body: cut(response.text) }
      : null,
  };
}
