/** `HttpError`: an error that carries the HTTP answer it asks for, in the shape of the `http-errors` package. */
import { STATUS_CODES } from 'node:http';

/** What an {@link HttpError} may carry besides its status and message. */
export interface HttpErrorProperties {
  /** A machine-readable code for clients and logs, e.g. `EMAIL_TAKEN`. */
  code?: string;
  /** Whether `message` may reach the client; by default only 4xx messages do. */
  expose?: boolean;
  /** Headers the answer should carry, such as `Retry-After` or `Allow` (never body framing headers). */
  headers?: Readonly<Record<string, string>>;
  /** The error behind this one, kept for the log. */
  cause?: unknown;
}

/**
 * An error that asks for an HTTP status (ERR-012). Throw it, reject with it or pass it to `next()`; the
 * default answer uses `status`, shows a 4xx `message` unless `expose` is false and never a 5xx one
 * (HARD-003: `expose: true` only reaches your own error handler), and sends `headers`. It has the fields of `http-errors`' errors (`status`, `statusCode`,
 * `expose`, `headers`, a `name` such as `NotFoundError`), so middleware written for those, and
 * `createError.isHttpError`, read it the same. A status outside 400-599 becomes 500, as there.
 *
 * @example
 * ```ts
 * import { HttpError } from 'kitjs';
 * app.get('/users/:id', async (req) => {
 *   const user = await users.find(req.params.id);
 *   if (!user) throw new HttpError(404, 'No such user', { code: 'USER_NOT_FOUND' });
 * });
 * ```
 */
export class HttpError extends Error {
  readonly status: number;
  readonly statusCode: number;
  expose: boolean;
  headers: Readonly<Record<string, string>> | undefined;
  code: string | undefined;

  constructor(status: number, message?: string, properties: HttpErrorProperties = {}) {
    const valid = Number.isInteger(status) && status >= 400 && status <= 599;
    const effective = valid ? status : 500;
    super(message ?? STATUS_CODES[effective] ?? 'Error', { cause: properties.cause });
    this.name = errorName(effective);
    this.status = effective;
    this.statusCode = effective;
    this.expose = properties.expose ?? effective < 500;
    this.headers = properties.headers;
    this.code = properties.code;
  }

  /**
   * `instanceof`: the prototype chain, as usual, and the errors {@link adoptAsInstance} registered for this
   * class or a subclass of it, such as kitjs's malformed-JSON error, which is a `SyntaxError` (as body-parser's
   * is) and still a `KitError`.
   */
  static override [Symbol.hasInstance]<T extends abstract new (...args: never[]) => unknown>(
    this: T,
    value: unknown,
  ): value is InstanceType<T> {
    // `this` is the class on the right of `instanceof`: HttpError, KitError or an application's subclass,
    // named once here.
    // biome-ignore lint/complexity/noThisInStatic: the class instanceof asks about, not HttpError
    // biome-ignore lint/complexity/noUselessThisAlias: the one place `this` is read
    const cls: T = this;
    if (Function.prototype[Symbol.hasInstance].call(cls, value)) return true;
    // WeakMap.get runs no code of the value, so a hostile Proxy cannot throw from here (ERR-011).
    const adopted = typeof value === 'object' && value !== null ? adoptedBy.get(value) : undefined;
    return (
      adopted !== undefined &&
      (adopted === cls || Object.prototype.isPrototypeOf.call(cls.prototype, adopted.prototype))
    );
  }

  /** True for an `HttpError`, and for any error shaped like one of `http-errors` (its own duck test). */
  static isHttpError(value: unknown): value is HttpError {
    if (value instanceof HttpError) return true;
    if (!(value instanceof Error)) return false;
    const fields = value as { status?: unknown; statusCode?: unknown; expose?: unknown };
    return (
      typeof fields.expose === 'boolean' &&
      typeof fields.status === 'number' &&
      fields.status === fields.statusCode
    );
  }
}

type ErrorClass = abstract new (...args: never[]) => unknown;

// Errors built on another built-in class (SyntaxError) that answer `instanceof` for an HttpError class.
const adoptedBy = new WeakMap<object, ErrorClass>();

/**
 * Makes `error`, whose prototype chain is another error class's, answer `instanceof` as an instance of
 * `cls` (an `HttpError` class) and of the classes `cls` extends. JavaScript has single inheritance: an error
 * that must be `instanceof SyntaxError`, as body-parser's JSON errors are and as Express apps test, cannot
 * also have `HttpError.prototype` in its chain; `HttpError[Symbol.hasInstance]` reads this registration.
 *
 * @example
 * ```ts
 * const err = Object.assign(new SyntaxError('Unexpected token'), { status: 400, statusCode: 400, expose: true });
 * adoptAsInstance(err, HttpError);
 * err instanceof HttpError; // true
 * ```
 */
export function adoptAsInstance(error: object, cls: ErrorClass): void {
  adoptedBy.set(error, cls);
}

/** `NotFoundError` for 404, `InternalServerError` for 500, as `http-errors` names them. */
function errorName(status: number): string {
  const text = STATUS_CODES[status];
  if (text === undefined) return status < 500 ? 'HttpError' : 'InternalServerError';
  const words = text.replace(/[^A-Za-z0-9 ]/g, '').split(' ');
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return name.endsWith('Error') ? name : `${name}Error`;
}
