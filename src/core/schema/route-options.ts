/** Route options (`app.post(path, { schema }, handler)`): told apart from handlers and made into one validator at registration. */

import { setupError } from '../../base/errors.js';
import { isPlainObject } from '../../base/plain-object.js';
import { routeTimeout } from '../observe/route-timeout.js';
import { markOwnStep } from '../observe/tracing.js';
import type { KitRequest, KitResponse, Middleware, NextFunction } from '../types.js';
import { SchemaCompilers } from './compilers.js';
import { type PartCheck, type PartOutcome, type SchemaPart, validationError } from './issues.js';
import { partCheck } from './part-check.js';
import type { ReplyCarrier, RouteReplies } from './replies.js';
import { compileReplies } from './reply-compile.js';
import { checkDocKeys, DOC_KEYS, hasDocKeys } from './route-docs.js';
import { isStandardSchema } from './standard.js';

// SCHEMA-001: the order parts are checked in; the first that fails is the one the 400 names.
const PARTS: readonly SchemaPart[] = ['params', 'headers', 'query', 'body'];
const SCHEMA_KEYS: readonly string[] = [...PARTS, 'response', ...DOC_KEYS];
const OPTION_KEYS = new Set(['schema', 'handlerTimeout']);
// SCHEMA-006: a response schema is keyed by a status (`201`), a class of them (`2xx`) or `default`.
const STATUS_KEY = /^(?:[1-5]\d\d|[1-5]xx|default)$/i;

// The schema of each route (its parts and its documentation keys, DOCS-030), kept by the first handler its
// registration makes, for `routes()` and the docs.
const schemaByHandler = new WeakMap<object, Readonly<Record<string, unknown>>>();

/**
 * The route schema a registration was given, found among its handlers as `routes()` lists them (its
 * validator, which follows the guards listed with it, SCHEMA-015); undefined for a route without one. It is
 * the object given, documentation keys (`summary`, `tags`, `security`, `hide`..., DOCS-030) included: what
 * the API docs read.
 *
 * @example
 * ```ts
 * routeSchemaOf(entry.handlers); // { body: newUser, summary: 'Create a user' }
 * ```
 */
export function routeSchemaOf(handlers: readonly unknown[]): Readonly<Record<string, unknown>> | undefined {
  for (const handler of handlers) {
    const schema = typeof handler === 'function' ? schemaByHandler.get(handler) : undefined;
    if (schema !== undefined) return schema;
  }
  return undefined;
}

/**
 * SCHEMA-001: whether a registrar's first argument after the path is route options: a plain object (its
 * prototype Object's or null), so never a handler, a handler array, a Router or an app.
 */
export function isRouteOptions(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value);
}

/**
 * The handlers a registration runs: `args` as they are when none of them is route options (nothing is added
 * to a route without a schema), else the others with the validator its schema makes placed right before the
 * route's handler (SCHEMA-015): the middleware listed with it (a guard such as authMiddleware, a body parser)
 * runs first, on the request as it came, so a client without credentials gets the guard's 401 whatever its
 * body. Route options may stand anywhere among the handlers, once. Options or a schema with an unknown key are
 * a TypeError naming `where`, thrown now rather than on the first request; so is a schema that does not
 * compile. `owner` is the registering app's compilers (SCHEMA-013); a standalone Router has none, and its JSON
 * Schemas are compiled again by each app that serves the route.
 *
 * @example
 * ```ts
 * routeHandlers([{ schema: { body: z.object({ name: z.string() }) } }, save], "post('/users')"); // [validate, save]
 * routeHandlers([{ schema }, authMiddleware, save], "post('/notes')"); // [authMiddleware, validate, save]
 * ```
 */
export function routeHandlers(args: unknown[], where: string, owner?: SchemaCompilers): unknown[] {
  const at = args.findIndex(isRouteOptions);
  if (at === -1) return args;
  const options = args[at] as Record<string, unknown>;
  if (args.some((arg, index) => index > at && isRouteOptions(arg))) {
    throw setupError(
      'KIT_ERR_SETUP_ROUTE_OPTIONS',
      `${where}: route options are given more than once; give one object`,
    );
  }
  for (const key of Object.keys(options)) {
    if (OPTION_KEYS.has(key)) continue;
    // DOCS-030: a Fastify user's metadata is under `schema`; written one level up, say where it goes.
    const hint = DOC_KEYS.includes(key)
      ? `; OpenAPI words go in the schema: write { schema: { ${key} } }`
      : '';
    throw setupError(
      'KIT_ERR_SETUP_ROUTE_OPTIONS',
      `${where}: unknown route option "${key}"; known: schema, handlerTimeout${hint}`,
    );
  }
  const rest = [...args.slice(0, at), ...args.slice(at + 1)].flat(Infinity as 1);
  if (rest.length === 0) throw setupError('KIT_ERR_SETUP_NO_HANDLER', `${where} needs at least one handler`);
  // SCHEMA-015: the route's handler is its last request handler; error handlers after it keep their place.
  const handlerAt = lastRequestHandler(rest);
  const before = rest.slice(0, handlerAt);
  // OBS-008: a route's own handler timeout starts after its schema's checks, before its handler.
  const timed = routeTimeout(options.handlerTimeout, where, rest.slice(handlerAt));
  const schema = options.schema;
  if (schema === undefined) return [...before, ...timed];
  if (!isRouteOptions(schema))
    throw setupError('KIT_ERR_SETUP_SCHEMA', `${where}: the schema option must be a plain object`);
  for (const key of Object.keys(schema)) {
    if (!SCHEMA_KEYS.includes(key)) {
      throw setupError(
        'KIT_ERR_SETUP_SCHEMA',
        `${where}: unknown schema key "${key}"; known: ${SCHEMA_KEYS.join(', ')}`,
      );
    }
  }
  if (schema.response !== undefined) checkResponseKeys(schema.response, where);
  checkDocKeys(schema, where);
  if (!PARTS.some((part) => schema[part] !== undefined) && schema.response === undefined) {
    return [...before, ...documented(schema, timed)];
  }
  // SCHEMA-007: compiled once, here, by the registering app's compilers (a Router's: a fresh set, so that a
  // schema that does not compile is refused now all the same).
  const compile = (compilers: SchemaCompilers): CompiledSchema => compileSchema(schema, where, compilers);
  const home = owner ?? new SchemaCompilers();
  const compiled = compile(home);
  const validator = usesAjv(schema) ? perApp(home, compiled, compile) : fixed(compiled);
  schemaByHandler.set(validator, schema);
  return [...before, validator, ...timed];
}

/**
 * The index of the last handler that is not error middleware (four parameters, as Express tells them
 * apart); the first handler when all are error middleware, which the route then never runs for a request
 * that has not failed, as before.
 */
function lastRequestHandler(handlers: unknown[]): number {
  for (let index = handlers.length - 1; index >= 0; index--) {
    const handler = handlers[index];
    if (typeof handler !== 'function' || handler.length !== 4) return index;
  }
  return 0;
}

/**
 * DOCS-030: a schema with only documentation keys checks nothing, but `routes()` finds a route's schema
 * through a handler of its registration that is this registration's own: the route's handlers may be shared
 * with other routes. So such a route runs one pass-through handler before its handler (one of kitjs's own
 * steps, which tracing does not publish); a schema without any key (`{}`) adds nothing.
 */
function documented(schema: Record<string, unknown>, handlers: unknown[]): unknown[] {
  if (!hasDocKeys(schema)) return handlers;
  const routeDocs = markOwnStep((_req: KitRequest, _res: KitResponse, next: NextFunction): void => next());
  schemaByHandler.set(routeDocs, schema);
  return [routeDocs, ...handlers];
}

/** A request as its app's dispatch leaves it: with the serving app's context (request/internal.ts). */
interface ServedRequest {
  readonly context?: { readonly schemas: SchemaCompilers } | undefined;
}

/** What a route schema compiles into with one app's compilers. */
interface CompiledSchema {
  readonly checks: ReadonlyArray<readonly [SchemaPart, PartCheck]>;
  readonly replies: RouteReplies | undefined;
}

function compileSchema(
  schema: Record<string, unknown>,
  where: string,
  compilers: SchemaCompilers,
): CompiledSchema {
  const checks: Array<[SchemaPart, PartCheck]> = [];
  for (const part of PARTS) {
    if (schema[part] !== undefined) checks.push([part, partCheck(part, schema[part], where, compilers)]);
  }
  const replies =
    schema.response === undefined
      ? undefined
      : compileReplies(schema.response as Record<string, unknown>, where, compilers);
  return { checks, replies };
}

/** Whether any of the route's schemas is a JSON Schema, which each app's own ajv compiles (SCHEMA-013). */
function usesAjv(schema: Record<string, unknown>): boolean {
  const response = isRouteOptions(schema.response) ? Object.values(schema.response) : [];
  return [...PARTS.map((part) => schema[part]), ...response].some(
    (part) => part !== undefined && !isStandardSchema(part),
  );
}

/** The first handler of a route whose schemas are all Standard Schemas: the same for every app. */
function fixed(compiled: CompiledSchema): Middleware {
  return markOwnStep(function routeSchema(req: KitRequest, res: KitResponse, next: NextFunction): void {
    run(compiled, req, res, next);
  }) as Middleware;
}

/**
 * SCHEMA-013: the first handler of a route with a JSON Schema: compiled by the compilers of the app serving
 * the request, the registering app's at registration, another's (a Router mounted in several apps) on its
 * first request there, each kept.
 */
function perApp(
  home: SchemaCompilers,
  compiled: CompiledSchema,
  compile: (compilers: SchemaCompilers) => CompiledSchema,
): Middleware {
  const byCompilers = new WeakMap<SchemaCompilers, CompiledSchema>([[home, compiled]]);
  let lastCompilers = home;
  let last = compiled;
  return markOwnStep(function routeSchema(req: KitRequest, res: KitResponse, next: NextFunction): void {
    const compilers = (req as ServedRequest).context?.schemas ?? home;
    if (compilers !== lastCompilers) {
      let found = byCompilers.get(compilers);
      if (found === undefined) {
        found = compile(compilers);
        byCompilers.set(compilers, found);
      }
      lastCompilers = compilers;
      last = found;
    }
    run(last, req, res, next);
  }) as Middleware;
}

/** The response schemas' keys are statuses, classes of them or `default`, each with a schema (SCHEMA-006). */
function checkResponseKeys(response: unknown, where: string): void {
  if (!isRouteOptions(response))
    throw setupError('KIT_ERR_SETUP_SCHEMA', `${where}: schema.response must be a plain object`);
  for (const [key, schema] of Object.entries(response)) {
    if (!STATUS_KEY.test(key)) {
      throw setupError(
        'KIT_ERR_SETUP_SCHEMA',
        `${where}: schema.response key "${key}" is not a status (201), a class (2xx) or default`,
      );
    }
    if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) {
      throw setupError(
        'KIT_ERR_SETUP_SCHEMA',
        `${where}: schema.response[${key}] must be a Standard Schema or a JSON Schema object`,
      );
    }
  }
}

/**
 * Checks each part in order and puts the validated value in place of `req.body`, `req.query` or
 * `req.params` (SCHEMA-003); headers are only checked. It stays synchronous until a check answers with a
 * promise. SCHEMA-009: the route's reply serializers go on the response first, so that an error handler's
 * reply to a failed check is written by the route's error schemas too; the router takes them off when
 * the route passes on.
 */
function run(compiled: CompiledSchema, req: KitRequest, res: KitResponse, next: NextFunction): void {
  if (compiled.replies !== undefined) (res as unknown as ReplyCarrier).kitReplies = compiled.replies;
  const checks = compiled.checks;
  const from = (start: number): void => {
    for (let index = start; index < checks.length; index++) {
      const [part, check] = checks[index] as readonly [SchemaPart, PartCheck];
      const outcome = check(inputOf(req, part));
      if (outcome instanceof Promise) {
        outcome.then((settled) => {
          try {
            if (apply(req, part, settled, next)) from(index + 1);
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
  from(0);
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
