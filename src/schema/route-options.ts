/** Route options (`app.post(path, { schema }, handler)`): told apart from handlers and made into one validator at registration. */
import { isPlainObject } from '../plain-object.js';
import type { KitRequest, KitResponse, Middleware, NextFunction } from '../types.js';
import { type PartCheck, type PartOutcome, type SchemaPart, validationError } from './issues.js';
import { partCheck } from './part-check.js';
import type { ReplyCarrier, RouteReplies } from './replies.js';
import { compileReplies } from './reply-compile.js';

// SCHEMA-001: the order parts are checked in; the first that fails is the one the 400 names.
const PARTS: readonly SchemaPart[] = ['params', 'headers', 'query', 'body'];
const SCHEMA_KEYS: readonly string[] = [...PARTS, 'response'];
const OPTION_KEYS = new Set(['schema']);
// SCHEMA-006: a response schema is keyed by a status (`201`), a class of them (`2xx`) or `default`.
const STATUS_KEY = /^(?:[1-5]\d\d|[1-5]xx|default)$/i;

// The schema of each route, kept by the first handler its registration makes, for `routes()` and the docs.
const schemaByHandler = new WeakMap<object, Readonly<Record<string, unknown>>>();

/**
 * The route schema a registration was given, looked up by the first of its handlers as `routes()` lists
 * them; undefined for a route without one.
 */
export function routeSchemaOf(handler: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof handler === 'function' ? schemaByHandler.get(handler) : undefined;
}

/**
 * SCHEMA-001: whether a registrar's first argument after the path is route options: a plain object (its
 * prototype Object's or null), so never a handler, a handler array, a Router or an app.
 */
export function isRouteOptions(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value);
}

/**
 * The handlers a registration runs: `args` as they are when the first is not route options (nothing is added
 * to a route without a schema), else the rest behind the validator its schema makes. Options or a schema
 * with an unknown key are a TypeError naming `where`, thrown now rather than on the first request.
 *
 * @example
 * ```ts
 * routeHandlers([{ schema: { body: z.object({ name: z.string() }) } }, save], "post('/users')"); // [validate, save]
 * ```
 */
export function routeHandlers(args: unknown[], where: string): unknown[] {
  if (!isRouteOptions(args[0])) return args;
  const options = args[0];
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) throw new TypeError(`${where}: unknown route option "${key}"; known: schema`);
  }
  const rest = args.slice(1);
  if (rest.flat(Infinity as 1).length === 0) throw new TypeError(`${where} needs at least one handler`);
  const schema = options.schema;
  if (schema === undefined) return rest;
  if (!isRouteOptions(schema)) throw new TypeError(`${where}: the schema option must be a plain object`);
  const checks: Array<[SchemaPart, PartCheck]> = [];
  for (const key of Object.keys(schema)) {
    if (!SCHEMA_KEYS.includes(key)) {
      throw new TypeError(`${where}: unknown schema key "${key}"; known: ${SCHEMA_KEYS.join(', ')}`);
    }
  }
  for (const part of PARTS) {
    if (schema[part] !== undefined) checks.push([part, partCheck(part, schema[part], where)]);
  }
  let replies: RouteReplies | undefined;
  if (schema.response !== undefined) {
    checkResponseKeys(schema.response, where);
    // SCHEMA-007: compiled once, here; the route's first handler hands them to its responses.
    replies = compileReplies(schema.response as Record<string, unknown>, where);
  }
  if (checks.length === 0 && replies === undefined) return rest;
  const first = checks.length === 0 ? describedOnly(replies) : validator(checks, replies);
  schemaByHandler.set(first, schema);
  return [first, ...rest];
}

/** The response schemas' keys are statuses, classes of them or `default`, each with a schema (SCHEMA-006). */
function checkResponseKeys(response: unknown, where: string): void {
  if (!isRouteOptions(response)) throw new TypeError(`${where}: schema.response must be a plain object`);
  for (const [key, schema] of Object.entries(response)) {
    if (!STATUS_KEY.test(key)) {
      throw new TypeError(
        `${where}: schema.response key "${key}" is not a status (201), a class (2xx) or default`,
      );
    }
    if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) {
      throw new TypeError(
        `${where}: schema.response[${key}] must be a Standard Schema or a JSON Schema object`,
      );
    }
  }
}

/**
 * The first handler of a route whose schema checks nothing of the request: it carries the schema and hands
 * the reply serializers to the response (SCHEMA-009).
 */
function describedOnly(replies: RouteReplies | undefined): Middleware {
  return function routeSchema(_req: KitRequest, res: KitResponse, next: NextFunction): void {
    (res as unknown as ReplyCarrier).kitReplies = replies;
    next();
  } as Middleware;
}

/**
 * The middleware that checks each part in order and puts the validated value in place of `req.body`,
 * `req.query` or `req.params` (SCHEMA-003); headers are only checked. It stays synchronous until a check
 * answers with a promise. It hands the reply serializers, if any, to the response.
 */
function validator(checks: Array<[SchemaPart, PartCheck]>, replies: RouteReplies | undefined): Middleware {
  return function validate(req: KitRequest, res: KitResponse, next: NextFunction): void {
    // SCHEMA-009: set before the checks, so an error handler's reply to a failed check is selected too.
    if (replies !== undefined) (res as unknown as ReplyCarrier).kitReplies = replies;
    const run = (from: number): void => {
      for (let index = from; index < checks.length; index++) {
        const [part, check] = checks[index] as [SchemaPart, PartCheck];
        const outcome = check(inputOf(req, part));
        if (outcome instanceof Promise) {
          outcome.then((settled) => {
            try {
              if (apply(req, part, settled, next)) run(index + 1);
            } catch (err) {
              next(err);
            }
          }, next);
          return;
        }
        if (!apply(req, part, outcome, next)) return;
      }
      next();
    };
    run(0);
  } as Middleware;
}

function inputOf(req: KitRequest, part: SchemaPart): unknown {
  return part === 'headers' ? req.headers : (req as unknown as Record<SchemaPart, unknown>)[part];
}

/** Stores a passed part's value and answers true, or hands the 400 to `next` and answers false (SCHEMA-004). */
function apply(req: KitRequest, part: SchemaPart, outcome: PartOutcome, next: NextFunction): boolean {
  if (outcome.issues !== undefined) {
    next(validationError(part, outcome.issues));
    return false;
  }
  if (part !== 'headers') (req as unknown as Record<SchemaPart, unknown>)[part] = outcome.value;
  return true;
}
