/** Server-sent events framing (html.spec.whatwg.org, "Server-sent events"): an event or a comment as its text. */
import { KitError } from '../../base/errors.js';
import type { SseEvent } from './types.js';

// SSE-003: what a field's value may not hold. A line break would end the field and start another (an
// `event` of `a\ndata: forged` is two fields); the spec's parser ignores an `id` holding a NUL.
const LINE_BREAK = /\r\n|\r|\n/;
const BREAKS = /[\r\n]/;
const ID_BREAKS = /[\r\n\0]/;

/**
 * SSE-003: the text of one event, ending with the blank line that dispatches it: `event:`, `id:`, `retry:`,
 * then one `data:` line per line of the data (split on CRLF, CR and LF, which the client joins with LF). A
 * string is sent as it is; `dataText` is the data as text already (JSON, or a schema's writing), undefined
 * for an event with no data (an `id` or `retry` alone sets the client's state without dispatching).
 * A field that would break the framing is refused with `KIT_ERR_SSE_BAD_FIELD` rather than cleaned: an id
 * changed in transit would resume the stream at the wrong place.
 *
 * @example
 * ```ts
 * frameEvent({ event: 'tick', id: 7 }, 'one\ntwo'); // 'event: tick\nid: 7\ndata: one\ndata: two\n\n'
 * ```
 */
export function frameEvent(event: SseEvent, dataText: string | undefined): string {
  let text = '';
  const name = event.event;
  if (name !== undefined) {
    if (typeof name !== 'string' || BREAKS.test(name))
      throw badField('event', 'must be a string without CR or LF');
    text += `event: ${name}\n`;
  }
  const id = event.id;
  if (id !== undefined) {
    const value = typeof id === 'number' && Number.isFinite(id) ? String(id) : id;
    if (typeof value !== 'string' || ID_BREAKS.test(value))
      throw badField('id', 'must be a string without CR, LF or NUL, or a finite number');
    text += `id: ${value}\n`;
  }
  const retry = event.retry;
  if (retry !== undefined) {
    if (!Number.isSafeInteger(retry) || retry < 0)
      throw badField('retry', 'must be a whole number of milliseconds, 0 or more');
    text += `retry: ${retry}\n`;
  }
  if (dataText !== undefined) text += dataLines(dataText);
  return `${text}\n`;
}

/**
 * SSE-003: the data of an event as text: a string as it is, bytes as UTF-8, anything else as JSON (`null`
 * included); undefined when there is none.
 *
 * @example
 * ```ts
 * dataTextOf({ n: 1 }); // '{"n":1}'
 * ```
 */
export function dataTextOf(data: unknown): string | undefined {
  if (data === undefined) return undefined;
  if (typeof data === 'string') return data;
  if (data instanceof Uint8Array)
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString();
  return JSON.stringify(data) ?? undefined;
}

/**
 * SSE-003, SSE-004: a comment, which clients ignore (a heartbeat keeps idle proxies from closing the
 * stream); each line of a text with line breaks is a comment line of its own.
 *
 * @example
 * ```ts
 * frameComment('heartbeat'); // ': heartbeat\n\n'
 * ```
 */
export function frameComment(text: string): string {
  if (!BREAKS.test(text)) return text === '' ? ':\n\n' : `: ${text}\n\n`;
  let out = '';
  for (const line of text.split(LINE_BREAK)) out += line === '' ? ':\n' : `: ${line}\n`;
  return `${out}\n`;
}

function dataLines(text: string): string {
  if (!BREAKS.test(text)) return `data: ${text}\n`;
  let out = '';
  for (const line of text.split(LINE_BREAK)) out += `data: ${line}\n`;
  return out;
}

function badField(field: string, rule: string): KitError {
  return new KitError('KIT_ERR_SSE_BAD_FIELD', `A server-sent event's ${field} ${rule}`);
}
