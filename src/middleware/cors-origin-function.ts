/** `cors({ origin: fn })`: the answers an origin function may give, in kitjs's shape and the cors package's. */

/** What an origin function may answer for one origin (CORS-010). */
export type CorsOriginAnswer = string | boolean | RegExp | ReadonlyArray<string | RegExp> | null | undefined;

/**
 * Decides per request origin, in either shape: return the answer (or a promise of it), or, like the
 * `cors` package, take a callback `(err, answer)` as the second parameter. A string is sent as
 * `Access-Control-Allow-Origin`; `true` grants the request's own origin (never `null`: return `'null'` to
 * grant that); a RegExp or a list grants the origin when it matches; `false` grants nothing.
 */
export type CorsOriginFunction =
  | ((origin: string) => CorsOriginAnswer | Promise<CorsOriginAnswer>)
  | ((origin: string, callback: (err: Error | null, answer?: CorsOriginAnswer) => void) => void);

/**
 * Turns an origin function into the resolver `cors()` calls per request: the granted origin, `false`, or a
 * promise of either. An answer of any other shape is a TypeError passed on to the error handler (500), so
 * a function written for another library never grants nothing silently.
 *
 * @example
 * ```ts
 * const resolve = originFunctionResolver((origin, cb) => cb(null, origin.endsWith('.example.com')), false);
 * resolve('https://app.example.com'); // Promise resolving to 'https://app.example.com'
 * ```
 */
export function originFunctionResolver(
  decide: CorsOriginFunction,
  credentials: boolean,
): (origin: string) => string | false | Promise<string | false> {
  const grant = (origin: string, answer: unknown): string | false => {
    if (typeof answer === 'string') return answer !== '' && !(credentials && answer === '*') ? answer : false;
    if (answer === true) return origin === 'null' ? false : origin;
    if (answer === false || answer === undefined || answer === null) return false;
    if (answer instanceof RegExp) return matches(answer, origin) ? origin : false;
    if (Array.isArray(answer) && answer.every((item) => typeof item === 'string' || item instanceof RegExp)) {
      return answer.some((item) => (typeof item === 'string' ? item === origin : matches(item, origin)))
        ? origin
        : false;
    }
    throw new TypeError(
      `cors: the origin function answered ${describe(answer)}; expected a string, true, false, a RegExp or a list`,
    );
  };
  if (decide.length >= 2) {
    const withCallback = decide as (
      origin: string,
      cb: (err: Error | null, answer?: unknown) => void,
    ) => void;
    return (origin) =>
      new Promise((resolve, reject) => {
        withCallback(origin, (err, answer) => {
          if (err) reject(err);
          else {
            try {
              resolve(grant(origin, answer));
            } catch (refusal) {
              reject(refusal);
            }
          }
        });
      });
  }
  const direct = decide as (origin: string) => unknown;
  return (origin) => {
    const answer = direct(origin);
    return answer instanceof Promise
      ? answer.then((settled) => grant(origin, settled))
      : grant(origin, answer);
  };
}

function matches(pattern: RegExp, origin: string): boolean {
  // A global or sticky RegExp remembers where it stopped; start every test from the beginning.
  pattern.lastIndex = 0;
  return pattern.test(origin);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list holding something other than strings and RegExps';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
