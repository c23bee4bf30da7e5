/** The types of route options (`app.post(path, { schema }, handler)`): what a schema may be and what it types. */
import type { StandardSchema } from '../schema/standard.js';
import type { RouteGeneric, RouteOf } from './route-params.js';

/**
 * The parts of a request a route may give a schema: each a Standard Schema (Zod, Valibot, ArkType...) or a
 * JSON Schema object (TypeBox's, or written by hand). Header names are lower case, as `req.headers` has them.
 *
 * @example
 * ```ts
 * const schema: RouteSchema = { body: z.object({ name: z.string() }), query: { type: 'object' } };
 * ```
 */
export interface RouteSchema {
  body?: StandardSchema | object;
  query?: StandardSchema | object;
  params?: StandardSchema | object;
  headers?: StandardSchema | object;
  /** The replies' schemas, by status (`201`), class of statuses (`'2xx'`) or `'default'` (SCHEMA-006). */
  response?: { readonly [status: string | number]: StandardSchema | object };
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
};

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
