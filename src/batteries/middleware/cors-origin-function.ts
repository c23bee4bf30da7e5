/** `cors({ origin: fn })`: the answers an origin function may give, in kitjs's shape and the cors package's. */

/** What an origin function may answer for one origin (CORS-010). */
export type CorsOriginAnswer = string | boolean | RegExp | ReadonlyArray<string | RegExp> | null | undefined;

/**
 * Decides per request origin, in either shape: return the answer (or a promise of it), or, like the
 * `cors` package, take a callback `(err, answer)` as the second parameter and call it once. A string is
 * sent as `Access-Control-Allow-Origin`; `true` grants the request's own origin; a RegExp or a list grants
 * it when it matches; `false` grants nothing. The origin `null` (sandboxed frames, `file:` pages) is only
 * ever granted by answering the string `'null'` or a list holding it: `true` and RegExps never grant it
 * (CORS-012, CORS-014).
 *
 * One signature for both shapes, so an inline `(origin) => ...` or `(origin, cb) => ...` is typed from it.
 * The return type is `unknown` because callback-style functions return whatever their last expression
 * is (a timer, a promise of nothing); what counts as an answer is checked at run time.
 */
export type CorsOriginFunction = (
  origin: string,
  callback: (err: Error | null, answer?: CorsOriginAnswer) => void,
) => unknown;

// What `Access-Control-Allow-Origin` may hold: visible ASCII only (no CR/LF, no space, no control).
const HEADER_SAFE = /^[\x21-\x7e]+$/;

/**
 * Turns an origin function into the resolver `cors()` calls per request: the granted origin, `false`, or a
 * promise of either. An answer of any other shape is a TypeError passed on to the error handler (500), so
 * a function written for another library never grants nothing silently (CORS-014).
 *
 * A function that declares the callback may still return its answer (an `async` one does): a returned
 * answer, or a promise of one, settles the decision, whichever comes first with the
 * callback. Anything else it returns (a timer from `setTimeout`, a promise of nothing) is not an answer:
 * the callback decides. One that neither answers nor calls back leaves the request waiting, as with the
 * `cors` package, until the server's request timeout.
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
    if (typeof answer === 'string') {
      if (answer === '' || (credentials && answer === '*')) return false;
      if (!HEADER_SAFE.test(answer)) {
        throw new TypeError('cors: the origin function answered a string that is not a header-safe origin');
      }
      return answer;
    }
    if (answer === true) return origin === 'null' ? false : origin;
    if (answer === false || answer === undefined || answer === null) return false;
    if (answer instanceof RegExp) return origin !== 'null' && matches(answer, origin) ? origin : false;
    if (Array.isArray(answer) && answer.every((item) => typeof item === 'string' || item instanceof RegExp)) {
      const listed = answer.some((item) =>
        typeof item === 'string' ? item === origin : origin !== 'null' && matches(item, origin),
      );
      return listed ? origin : false;
    }
    throw new TypeError(
      `cors: the origin function answered ${describe(answer)}; expected a string, true, false, a RegExp or a list`,
    );
  };
  const settle = (origin: string, answer: unknown): string | false | Promise<string | false> =>
    answer instanceof Promise ? answer.then((settled) => grant(origin, settled)) : grant(origin, answer);
  if (decide.length < 2) {
    return (origin) => settle(origin, decide(origin, ignoreCallback));
  }
  return (origin) =>
    new Promise((resolve, reject) => {
      let settled = false;
      const finish = (answer: unknown, err?: unknown) => {
        if (settled) return;
        settled = true;
        if (err) {
          reject(err);
          return;
        }
        try {
          resolve(settle(origin, answer));
        } catch (refusal) {
          reject(refusal);
        }
      };
      const returned: unknown = decide(origin, (err, answer) => finish(answer, err));
      if (returned instanceof Promise) {
        returned.then(
          (answer: unknown) => (isAnswer(answer) ? finish(answer) : undefined),
          (err: unknown) => finish(undefined, err),
        );
      } else if (isAnswer(returned)) finish(returned);
    });
}

/** A value a callback-style function returned that is meant as its answer rather than left over. */
function isAnswer(value: unknown): boolean {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    value === null ||
    value instanceof RegExp ||
    Array.isArray(value)
  );
}

// Handed to a function that does not declare the callback, so calling it anyway is harmless.
function ignoreCallback(): void {}

function matches(pattern: RegExp, origin: string): boolean {
  // A global or sticky RegExp remembers where it stopped; start every test from the beginning.
  pattern.lastIndex = 0;
  return pattern.test(origin);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list holding something other than strings and RegExps';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
