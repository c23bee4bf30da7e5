/** `req.id` and `req.log`: each request's id, made when first read, and a logger whose lines carry it. */
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { logFailure, loggerOf, processLogger } from '../../base/logger.js';
import type { ObserveSettings } from './settings.js';

const ID = Symbol('kitjs.requestId');
const LOG = Symbol('kitjs.requestLog');
// OBS-003: what an id taken from a client's header may be: short, and nothing that could end a log line,
// open a JSON string or a header value, or pass for markup.
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
// The counter starts again before it loses integer precision; ids repeat only after 2^53 requests.
const LAST_COUNT = Number.MAX_SAFE_INTEGER;

/** What a request carries once its id or logger was asked for (symbol keys: no member of its shape until then). */
interface Observed {
  [ID]?: string;
  [LOG]?: { base: Logger; label: string; log: Logger };
  context?: { readonly logger: Logger } | undefined;
}

// One counter for the process, not per app: two apps in one process writing to one log never give two
// requests the same id (OBS-002).
let count = 0;
// Per app (its AppContext): the settings its requests read. A WeakMap, so the core's context needs no field.
const settingsByContext = new WeakMap<object, ObserveSettings>();

/**
 * OBS-002: the next id of the process: `req-` and a counter in base 36 (`req-1`, `req-a`, `req-10`...).
 *
 * @example
 * ```ts
 * nextRequestId(); // 'req-1'
 * ```
 */
export function nextRequestId(): string {
  count = count === LAST_COUNT ? 1 : count + 1;
  return `req-${count.toString(36)}`;
}

/**
 * OBS-003: `value` when it is a safe request id (1 to 128 of `A-Za-z0-9._:-`), else undefined.
 *
 * @example
 * ```ts
 * safeRequestId('abc-123'); // 'abc-123'
 * safeRequestId('a\nb');    // undefined
 * ```
 */
export function safeRequestId(value: unknown): string | undefined {
  return typeof value === 'string' && SAFE_ID.test(value) ? value : undefined;
}

/**
 * Gives the app whose AppContext is `context` its settings, read by its requests.
 *
 * @example
 * ```ts
 * settleObserve(app.context, new ObserveSettings(options, 'kit()'));
 * ```
 */
export function settleObserve(context: object, settings: ObserveSettings): void {
  settingsByContext.set(context, settings);
}

/**
 * The observability settings of the app whose context is `context`; undefined for an app that gave none.
 *
 * @example
 * ```ts
 * observeSettingsOf(req.context)?.label; // 'reqId'
 * ```
 */
export function observeSettingsOf(context: object | undefined): ObserveSettings | undefined {
  return context === undefined ? undefined : settingsByContext.get(context);
}

/**
 * OBS-001: `req.id`, made on first read and kept: from the app's header (OBS-003) when it is safe, else
 * from its `genReqId` (OBS-002), else the process's counter.
 *
 * @example
 * ```ts
 * requestIdOf(req); // 'req-1'
 * ```
 */
export function requestIdOf(req: IncomingMessage): string {
  const observed = req as IncomingMessage & Observed;
  const id = observed[ID];
  if (id !== undefined) return id;
  const made = makeId(req, observeSettingsOf(observed.context));
  observed[ID] = made;
  return made;
}

/**
 * Assigns `req.id` (middleware of the Express world, express-request-id, sets it); `req.log` follows it.
 *
 * @example
 * ```ts
 * setRequestId(req, 'from-upstream');
 * ```
 */
export function setRequestId(req: IncomingMessage, value: unknown): void {
  const observed = req as IncomingMessage & Observed;
  observed[ID] = String(value);
  observed[LOG] = undefined;
}

/**
 * OBS-001: `req.log`, a child of the app's logger whose lines carry the request's id under the app's label
 * (`reqId` unless `requestIdLogLabel` says otherwise), made on first read and kept while the request is in
 * the same app.
 *
 * @example
 * ```ts
 * requestLogOf(req).info('charging'); // {"reqId":"req-1",...,"msg":"charging"}
 * ```
 */
export function requestLogOf(req: IncomingMessage): Logger {
  const observed = req as IncomingMessage & Observed;
  const base = observed.context?.logger ?? processLogger();
  const label = requestIdLabel(req);
  const kept = observed[LOG];
  if (kept !== undefined && kept.base === base && kept.label === label) return kept.log;
  const log = base.child({ [label]: requestIdOf(req) });
  observed[LOG] = { base, label, log };
  return log;
}

/**
 * The field a request's id is logged under: its app's `requestIdLogLabel`, else `reqId`.
 *
 * @example
 * ```ts
 * requestIdLabel(req); // 'reqId'
 * ```
 */
export function requestIdLabel(req: IncomingMessage): string {
  return observeSettingsOf((req as IncomingMessage & Observed).context)?.label ?? 'reqId';
}

function makeId(req: IncomingMessage, settings: ObserveSettings | undefined): string {
  if (settings === undefined) return nextRequestId();
  if (settings.header !== undefined) {
    // OBS-003: a repeated header arrives as one value joined with ", ", which the check refuses.
    const given = safeRequestId(req.headers[settings.header]);
    if (given !== undefined) return given;
  }
  const generate = settings.genReqId;
  if (generate === undefined) return nextRequestId();
  let made: unknown;
  try {
    made = generate(req);
  } catch (err) {
    return generatorFailed(req, settings, { err }, 'genReqId threw');
  }
  // OBS-002: held to the header's rule, since a generator often reads the request (a query parameter, a
  // header) and its id goes into every log line and the reply header (OBS-004), where a CR or LF is a throw
  // nothing would catch.
  const id = safeRequestId(made);
  if (id !== undefined) return id;
  return generatorFailed(req, settings, { returned: describeMade(made) }, 'genReqId returned no safe id');
}

/**
 * OBS-002: a failing generator costs the request its custom id, never the request: a counter id instead,
 * and one warning per app, the first time, since a client that can make the generator fail (a query value
 * it reads) could otherwise add a log line per request.
 */
function generatorFailed(
  req: IncomingMessage,
  settings: ObserveSettings,
  fields: Record<string, unknown>,
  what: string,
): string {
  if (settings.firstGeneratorFault()) {
    const log = (req as IncomingMessage & Observed).context?.logger;
    logFailure('warn', fields, `${what}; the request got a counter id instead (said once for this app)`, log);
  }
  return nextRequestId();
}

/** What a generator returned, said without the value itself (a client may have chosen it, and it may be huge). */
function describeMade(made: unknown): string {
  if (typeof made !== 'string') return made === null ? 'null' : typeof made;
  if (made === '') return 'an empty string';
  if (made.length > 128) return `a string of ${made.length} characters (at most 128)`;
  return 'a string with characters outside A-Za-z0-9._:-';
}

/**
 * The logger of the app running `req`, without the request's id: what `requestLogger` writes through, adding
 * the id as a field, so that it makes no child logger per request.
 *
 * @example
 * ```ts
 * appLogOf(req).info({ reqId: req.id }, 'request completed');
 * ```
 */
export function appLogOf(req: IncomingMessage): Logger {
  const context = (req as IncomingMessage & Observed).context;
  return context === undefined ? loggerOf(req) : context.logger;
}
