/**
 * Route parameters when the path is not a literal the compiler can read (and in `use` middleware): any
 * name, maybe absent.
 *
 * @example
 * ```ts
 * app.get(somePath, (req, res) => res.json({ id: req.params.id ?? null })); // string | undefined
 * ```
 */
export type ParamsDictionary = Record<string, string | undefined>;

/**
 * The parsed query string: every value a string (the first when a key repeats); absent keys are undefined.
 *
 * @example
 * ```ts
 * app.get('/search', (req, res) => res.json({ q: req.query.q ?? '' }));
 * ```
 */
export type QueryDictionary = Record<string, string | undefined>;

/**
 * What a route says about its request and reply, after Fastify's RouteGeneric: `Params` and `Query` type
 * `req.params` and `req.query`, `Body` types `req.body` and `Reply` what `res.json` accepts. Each is
 * optional; left out, params come from the path, the query is a {@link QueryDictionary} and the body is
 * `unknown`. These are promises the application makes (kitjs does not validate them). TypeScript infers no
 * type argument once one is given, so with `app.get<{ ... }>(path, ...)` the path is not read: declare
 * `Params` there too (`route(path).get<{ ... }>` still reads its path).
 *
 * @example
 * ```ts
 * interface NewUser { email: string }
 * interface User { id: number; email: string }
 * app.post<{ Body: NewUser; Reply: User }>('/users', (req, res) => {
 *   res.status(201).json({ id: 1, email: req.body.email });
 * });
 * ```
 */
export interface RouteGeneric {
  Params?: object;
  Query?: object;
  Body?: unknown;
  Reply?: unknown;
  /** The reply by status key (`201`, `'2xx'`, `'default'`), from a route's `schema.response`; `res.status(code)` reads it. */
  Replies?: object;
}

/** `Route[Key]` when the route declares it, else `Fallback`. */
export type Declared<Route, Key extends keyof RouteGeneric, Fallback> = Route extends {
  [K in Key]: infer Value;
}
  ? Value
  : Fallback;

/** The segments of a path, split at each '/'. */
type Segments<Path extends string> = Path extends `${infer Head}/${infer Rest}`
  ? Head | Segments<Rest>
  : Path;

type RequiredName<Segment> = Segment extends `:${infer Name}`
  ? Name extends `${string}?`
    ? never
    : Name
  : never;
type OptionalName<Segment> = Segment extends `:${infer Name}?` ? Name : never;
type WildcardKey<Segment> = Segment extends '*' ? 0 : never;

/** True when some part of the path is only known as `string` (a template with a `string` hole). */
type HasOpenPart<Path extends string> = true extends (
  Segments<Path> extends infer Segment
    ? string extends Segment
      ? true
      : false
    : never
)
  ? true
  : false;

/** Characters that make a segment Express syntax beyond kitjs's own forms (XROUTE-001). */
type ExpressOnly = '(' | ')' | '+' | '\\' | '*' | '?' | ':' | '[' | '{' | '|';
/** Characters that end a parameter's name in Express syntax (`/:a-:b`, `/:file.:ext`). */
type NameEnd = ExpressOnly | '.' | '-' | '~' | '@' | '!' | ',' | ';' | '=' | '&' | "'";

/** True for `:name`, `:name?`, `*` and plain text: the segments whose parameters the types can name. */
type IsPlainSegment<Segment> = Segment extends '*'
  ? true
  : Segment extends `:${infer Name}?`
    ? Name extends `${string}${NameEnd}${string}`
      ? false
      : true
    : Segment extends `:${infer Name}`
      ? Name extends `${string}${NameEnd}${string}`
        ? false
        : true
      : Segment extends `${string}${ExpressOnly}${string}`
        ? false
        : true;

/** True when every segment is one of kitjs's own forms; Express's other syntax falls back to a dictionary. */
type IsPlainPath<Path extends string> = false extends (
  Segments<Path> extends infer Segment
    ? Segment extends unknown
      ? IsPlainSegment<Segment>
      : never
    : never
)
  ? false
  : true;

/** Flattens an intersection into one object type, for readable hovers. */
type Flatten<T> = T extends infer Each ? { [K in keyof Each]: Each[K] } : never;

/**
 * The parameters a route path captures: `'/users/:id'` gives `{ id: string }`, `'/p/:p/c/:c?'` gives
 * `{ p: string; c?: string }`, `'/files/*'` gives `{ 0: string }`. A path that is not a literal, or uses
 * Express syntax beyond `:name`, `:name?` and a trailing `*` (`'/user/:id(\\d+)'`), falls back to
 * {@link ParamsDictionary}.
 *
 * @example
 * ```ts
 * type P = PathParams<'/posts/:post/comments/:comment?'>; // { post: string; comment?: string }
 * ```
 */
export type PathParams<Path extends string> = string extends Path
  ? ParamsDictionary
  : HasOpenPart<Path> extends true
    ? ParamsDictionary
    : IsPlainPath<Path> extends false
      ? ParamsDictionary
      : Flatten<
          { [K in RequiredName<Segments<Path>>]: string } & {
            [K in OptionalName<Segments<Path>>]?: string;
          } & { [K in WildcardKey<Segments<Path>> | (Path extends '*' ? 0 : never)]: string }
        >;

/**
 * The full route description a handler sees: what the route declares, the rest from the path.
 *
 * @example
 * ```ts
 * type R = RouteOf<{ Body: NewUser }, '/users/:id'>; // { Params: { id: string }; Body: NewUser; ... }
 * ```
 */
export type RouteOf<Declared_ extends RouteGeneric, Path extends string> = {
  Params: Declared<Declared_, 'Params', PathParams<Path>>;
  Query: Declared<Declared_, 'Query', QueryDictionary>;
  Body: Declared<Declared_, 'Body', unknown>;
  Reply: Declared<Declared_, 'Reply', unknown>;
} & (Declared_ extends { Replies: infer Replies } ? { Replies: Replies } : {});
