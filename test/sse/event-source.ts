// A client's reading of a text/event-stream, as the HTML standard's "Server-sent events" section parses it
// (html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation), and a client that
// holds one stream open over node:http. The tests and the SSE steps (step-definitions/sse.steps.ts) check what
// an EventSource would dispatch, not only the bytes.
import { type IncomingHttpHeaders, request } from 'node:http';

/** One event as an EventSource dispatches it. */
export interface ParsedEvent {
  type: string;
  data: string;
  lastEventId: string;
}

/** The standard's parser, fed chunk by chunk: lines split on CRLF, CR or LF, fields, dispatch on a blank line. */
export class EventStreamParser {
  readonly events: ParsedEvent[] = [];
  /** The comment lines read (without the colon). */
  readonly comments: string[] = [];
  /** The reconnection time the stream set with `retry:`, if any. */
  retry: number | undefined = undefined;
  lastEventId = '';
  private pending = '';
  private started = false;
  private eventType = '';
  private data = '';
  private idBuffer = '';

  feed(chunk: string): void {
    let text = this.pending + chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const char = text[i];
      if (char !== '\n' && char !== '\r') continue;
      // A CR last in the chunk may be the first half of a CRLF: wait for the next chunk.
      if (char === '\r' && i === text.length - 1) break;
      this.line(text.slice(start, i));
      if (char === '\r' && text[i + 1] === '\n') i++;
      start = i + 1;
    }
    this.pending = text.slice(start);
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) {
      this.comments.push(line.slice(1));
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventType = value;
    else if (field === 'data') this.data += `${value}\n`;
    else if (field === 'id') {
      if (!value.includes('\0')) this.idBuffer = value;
    } else if (field === 'retry') {
      if (/^[0-9]+$/.test(value)) this.retry = Number(value);
    }
  }

  private dispatch(): void {
    this.lastEventId = this.idBuffer;
    if (this.data === '') {
      this.eventType = '';
      return;
    }
    const data = this.data.endsWith('\n') ? this.data.slice(0, -1) : this.data;
    this.events.push({ type: this.eventType || 'message', data, lastEventId: this.lastEventId });
    this.data = '';
    this.eventType = '';
  }
}

/** The events an EventSource would dispatch for a whole stream's text. */
export function parseEventStream(text: string): EventStreamParser {
  const parser = new EventStreamParser();
  // An event the text does not end with a blank line is not dispatched, as at the end of a real stream.
  parser.feed(text);
  return parser;
}

/** One stream held open by a client over node:http: what arrived so far, and ways to wait on it. */
export interface StreamClient {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  parser: EventStreamParser;
  ended: boolean;
  /** Resolves when the server ended the stream (or the connection closed). */
  readonly done: Promise<void>;
  /** Resolves once `test` holds of the client, checked on every chunk; rejects after `ms` (a bound, not a timing). */
  until(test: (client: StreamClient) => boolean, ms?: number): Promise<void>;
  /** Stops reading (the socket's buffers fill; the server sees a slow reader). */
  pause(): void;
  resume(): void;
  /** Closes the connection, as a browser does when the page closes the EventSource. */
  disconnect(): void;
}

/**
 * Opens `url` (GET, or `method`) and resolves once the status and headers arrived; the body keeps coming into
 * `text` and `parser`. The connection is the client's own (no agent), closed by `disconnect()` or the server.
 */
export function openStream(
  url: string,
  options: { headers?: Record<string, string>; method?: string } = {},
): Promise<StreamClient> {
  return new Promise((resolve, reject) => {
    const waiters = new Set<() => void>();
    let endDone: () => void = () => {};
    const done = new Promise<void>((settle) => {
      endDone = settle;
    });
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false });
    req.on('error', reject);
    req.on('response', (res) => {
      res.setEncoding('utf8');
      const client: StreamClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: '',
        parser: new EventStreamParser(),
        ended: false,
        done,
        until(test, ms = 10_000) {
          if (test(client)) return Promise.resolve();
          return new Promise((ok, fail) => {
            const check = () => {
              if (!test(client)) return;
              clearTimeout(timer);
              waiters.delete(check);
              ok();
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(
                new Error(
                  `the stream never met the condition in ${ms} ms; it holds ${JSON.stringify(client.text.slice(-500))}`,
                ),
              );
            }, ms);
            waiters.add(check);
          });
        },
        pause: () => res.pause(),
        resume: () => res.resume(),
        disconnect: () => {
          req.destroy();
          res.destroy();
        },
      };
      const notify = () => {
        for (const check of [...waiters]) check();
      };
      res.on('data', (chunk: string) => {
        client.text += chunk;
        client.parser.feed(chunk);
        notify();
      });
      const finish = () => {
        if (client.ended) return;
        client.ended = true;
        endDone();
        notify();
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
      resolve(client);
    });
    req.end();
  });
}
