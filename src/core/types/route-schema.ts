/** The types of route options (`app.post(path, { schema }, handler)`): what a schema may be and what it types. */
import type { StandardSchema } from '../schema/standard.js';
import type { RouteGeneric, RouteOf } from './route-params.js';

/**
 * The parts of a request a route may give a schema: each a Standard Schema (Zod, Valibot, ArkType...) or a
 * JSON Schema object (TypeBox's, or written by hand). Header names are lower case, as `req.headers` has them.
 * Beside them, the route's words in the OpenAPI document (`summary`, `tags`, `security`, `hide`...), under
 * the names Fastify's `schema` gives them (DOCS-030); they check nothing.
 *
 * @example
 * ```ts
 * const schema: RouteSchema = { body: z.object({ name: z.string() }), query: { type: 'object' } };
 * const documented: RouteSchema = { summary: 'Create a user', tags: ['users'], security: [{ bearerAuth: [] }] };
 * ```
 */
export interface RouteSchema {
  body?: StandardSchema | object;
  query?: StandardSchema | object;
  params?: StandardSchema | object;
  headers?: StandardSchema | object;
  /** The replies' schemas, by status (`201`), class of statuses (`'2xx'`) or `'default'` (SCHEMA-006). */
  response?: { readonly [status: string | number]: StandardSchema | object };
  /** DOCS-030: the operation's one-line summary in the OpenAPI document; it wins over an annotation's. */
  summary?: string;
  /** DOCS-030: the operation's longer description (CommonMark); it wins over an annotation's. */
  description?: string;
  /** DOCS-030: the operation's tags, added to those an annotation gives. */
  tags?: readonly string[];
  /** DOCS-030: the operation's id, unique in the document; it wins over an annotation's. */
  operationId?: string;
  /** DOCS-030: marks the operation deprecated (`false` unmarks one an annotation marked). */
  deprecated?: boolean;
  /**
   * DOCS-030: the operation's security requirements, each an alternative naming the schemes (with their
   * scopes) that together admit a request: `[{ bearerAuth: [] }]`. `[]` documents a route open to all. It
   * wins over an annotation's `@security` and over the bearer scheme `authMiddleware` implies (DOCS-032).
   */
  security?: ReadonlyArray<Readonly<Record<string, readonly string[]>>>;
  /** DOCS-030: leaves the route out of the OpenAPI document (and of the drift report). */
  hide?: boolean;
}

/**
 * The options a route takes between its path and its handlers (SCHEMA-001).
 *
 * @example
 * ```ts
 * app.post('/users', { schema: { body: newUser } }, (req, res) => res.status(201).json(req.body));
 * ```
 */
export interface RouteOptions<Schema extends RouteSchema = RouteSchema> {
  /** Checked before the handlers run; the validated values replace `req.body`, `req.query`, `req.params`. */
  schema?: Schema;
  /** OBS-008: milliseconds this route's handlers may take before `req.signal` aborts and the app answers 503. */
  handlerTimeout?: number;
}

/** Marks a schema whose output the types cannot read (a hand-written JSON Schema). */
declare const unreadable: unique symbol;
type Unreadable = typeof unreadable;

/**
 * A schema's output: a Standard Schema's `types.output`, a TypeBox schema's `static`, else a marker that
 * {@link SchemaRoute} leaves out (a hand-written JSON Schema, whose type the compiler cannot read).
 *
 * @example
 * ```ts
 * type NewUser = SchemaOutput<typeof newUser>; // { name: string }
 * ```
 */
export type SchemaOutput<Schema> = Schema extends { readonly '~standard': { readonly types?: infer Types } }
  ? NonNullable<Types> extends { readonly output: infer Output }
    ? Output
    : Unreadable
  : Schema extends { readonly static: infer Static }
    ? Static
    : Unreadable;

type Typed = { body: 'Body'; query: 'Query'; params: 'Params' };

/**
 * What a route's schema says of its request, as a {@link RouteGeneric}: `Body`, `Query` and `Params` from the
 * schemas whose output the types can read; the others keep their defaults.
 *
 * @example
 * ```ts
 * type R = SchemaRoute<{ body: typeof newUser }>; // { Body: { name: string } }
 * ```
 */
export type SchemaRoute<Schema> = {
  [Part in keyof Schema & keyof Typed as SchemaOutput<Schema[Part]> extends Unreadable
    ? never
    : Typed[Part]]: SchemaOutput<Schema[Part]>;
} & ReplyRoute<Schema>;

/**
 * The replies a route's `schema.response` types, by key (`201`, `'2xx'`, `'default'`): each schema's output,
 * a hand-written JSON Schema's left out.
 *
 * @example
 * ```ts
 * type R = SchemaReplies<{ response: { 201: typeof user } }>; // { 201: { id: number; name: string } }
 * ```
 */
export type SchemaReplies<Schema> = Schema extends { readonly response: infer Response }
  ? {
      [Key in keyof Response as SchemaOutput<Response[Key]> extends Unreadable ? never : Key]: SchemaOutput<
        Response[Key]
      >;
    }
  : {};

/** `Reply` (the union of the declared outputs) and `Replies` (by key) when the schema types any reply. */
type ReplyRoute<Schema> = keyof SchemaReplies<Schema> extends never
  ? {}
  : { Reply: SchemaReplies<Schema>[keyof SchemaReplies<Schema>]; Replies: SchemaReplies<Schema> };

/** The reply declared for `Code` in `Replies`: its exact key, else its class (`'2xx'`, any case), else `default`. */
type ReplyOf<Replies, Code extends number> = `${Code}` extends keyof Replies
  ? Replies[`${Code}`]
  : Code extends keyof Replies
    ? Replies[Code]
    : `${Code}` extends `${infer Digit}${string}`
      ? `${Digit}xx` extends keyof Replies
        ? Replies[`${Digit}xx`]
        : `${Digit}XX` extends keyof Replies
          ? Replies[`${Digit}XX`]
          : 'default' extends keyof Replies
            ? Replies['default']
            : unknown
      : unknown;

/** `json` and `send` taking one status's reply. */
interface ReplySenders<Reply> {
  json(obj: Reply): void;
  send(body?: Reply | string | Uint8Array): void;
}

/**
 * What `res.status(code)` returns (SCHEMA types): on a route whose schema types its replies, the response
 * whose `json` and `send` take the reply declared for that status (exact, class, `default`; `unknown` when
 * none is); on any other route, or for a status that is not a literal, the response itself.
 *
 * @example
 * ```ts
 * res.status(201).json(user); // typed by schema.response[201]
 * ```
 */
export type StatusResponse<Self, Route, Code extends number> = number extends Code
  ? Self
  : Route extends { Replies: infer Replies }
    ? Omit<Self, 'json' | 'send'> & ReplySenders<ReplyOf<Replies, Code>>
    : Self;

/**
 * The route a handler sees under route options: {@link RouteOf} with the schema's outputs declared, the
 * rest from the path and the defaults. A params or query output that is not an object is not used.
 *
 * @example
 * ```ts
 * type R = SchemaRouteOf<{ params: typeof idSchema }, '/users/:id'>; // { Params: { id: number }; ... }
 * ```
 */
export type SchemaRouteOf<Schema, Path extends string> =
  SchemaRoute<Schema> extends infer Declared_ extends RouteGeneric
    ? RouteOf<Declared_, Path>
    : RouteOf<{}, Path>;
