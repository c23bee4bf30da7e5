/** The login throttle: at most N attempts per email and per client address in a window, counted in a shared store. */
import { createHash } from 'node:crypto';
import { HttpError } from 'kitjs';
import type { AttemptStore } from '../stores/user-store.js';

/** Defaults (spec/reference-app.md, REF-033 and REF-034); each has an environment variable in config.ts. */
export const THROTTLE_DEFAULTS = Object.freeze({
  /** Attempts per email in one window; the next one answers 429. */
  perEmail: 5,
  /** Attempts per client address in one window: higher, as many people may share one address (NAT). */
  perAddress: 20,
  /** The window, in seconds: it starts at the first attempt and does not slide. */
  windowSeconds: 900,
});

/** The longest value kept as it is in a counter's key; the key column holds 300 characters. */
const MAX_KEY_VALUE = 200;

/**
 * The counter's key for `value`: the value itself, or its SHA-256 when it is longer than the column holds.
 * Both parts come from the client (an email of any length in a 16 kB body, an X-Forwarded-For entry), and a
 * key the database refuses would turn a login into a 500.
 */
function counterKey(kind: 'email' | 'address', value: string): string {
  if (value.length <= MAX_KEY_VALUE) return `${kind}:${value}`;
  return `${kind}#${createHash('sha256').update(value).digest('hex')}`;
}

/** How often one instance deletes ended windows, so the table holds only live counters whatever the traffic. */
const PRUNE_INTERVAL_MS = 60_000;

/** Who is trying to log in: the normalised email and the client's address (`req.ip` under the app's `trust proxy`). */
export interface LoginAttempt {
  email: string;
  address: string;
}

/** The limits `createLoginThrottle` takes; each has a default in {@link THROTTLE_DEFAULTS}. */
export interface ThrottleLimits {
  perEmail?: number | undefined;
  perAddress?: number | undefined;
  windowSeconds?: number | undefined;
}

/** What `createLoginThrottle` takes: the counter store, the limits, and hooks for tests and logs. */
export interface LoginThrottleOptions extends ThrottleLimits {
  attempts: AttemptStore;
  now?: () => number;
  onPruneError?: (err: unknown) => void;
}

/** The throttle `/login` uses. */
export interface LoginThrottle {
  readonly limits: { email: number; address: number; windowSeconds: number };
  /** Counts the attempt; rejects with a 429 HttpError carrying Retry-After when over a limit. */
  admit(who: LoginAttempt): Promise<void>;
  /** After a correct password: clears the email's count and takes the attempt back from the address's. */
  succeeded(who: LoginAttempt): Promise<void>;
}

/** The 429 answer: a kitjs HttpError whose Retry-After header says when to come back (RFC 9110, 10.2.3). */
function tooManyAttempts(retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'Too many login attempts: try again later', {
    code: 'TOO_MANY_ATTEMPTS',
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw new TypeError(`login throttle: ${name} must be a positive integer`);
  return value;
}

/**
 * Guards `/login`. `admit` counts the attempt for both keys before the password is checked (so instances
 * racing on one email can never check more than `perEmail` passwords in a window) and throws
 * a 429 `HttpError` with a `Retry-After` header when either count is over its limit. After a correct password, `succeeded`
 * clears the email's counter and takes this attempt back from the address's, so successful logins never
 * lock out an office behind one address; failed and refused attempts stay counted.
 *
 * Every minute at most, an attempt also deletes the windows that have ended (in the background), so the
 * counters of a spray of made-up emails do not pile up.
 *
 * @example
 * const throttle = createLoginThrottle({ attempts: store.attempts });
 * await throttle.admit({ email, address: req.ip }); // throws a 429 error when over a limit
 * if (passwordIsRight) await throttle.succeeded({ email, address: req.ip });
 */
export function createLoginThrottle({
  attempts,
  perEmail,
  perAddress,
  windowSeconds,
  now = Date.now,
  onPruneError = () => {},
}: LoginThrottleOptions): LoginThrottle {
  const limits = {
    email: positiveInteger(perEmail ?? THROTTLE_DEFAULTS.perEmail, 'perEmail'),
    address: positiveInteger(perAddress ?? THROTTLE_DEFAULTS.perAddress, 'perAddress'),
  };
  const windowMs = positiveInteger(windowSeconds ?? THROTTLE_DEFAULTS.windowSeconds, 'windowSeconds') * 1000;
  const keys = ({ email, address }: LoginAttempt) => ({
    email: counterKey('email', email),
    address: counterKey('address', address),
  });
  let lastPrune = 0;

  /** Deletes ended windows at most once a minute, off the request's path: a failure is only logged by the caller. */
  function pruneNowAndThen(at: number): void {
    if (at - lastPrune < PRUNE_INTERVAL_MS) return;
    lastPrune = at;
    // An ended window and a missing row mean the same (the next attempt starts a window), so deleting is safe.
    attempts.prune(at).catch(onPruneError);
  }

  return {
    limits: { ...limits, windowSeconds: windowMs / 1000 },

    async admit(who: LoginAttempt) {
      const key = keys(who);
      const at = now();
      pruneNowAndThen(at);
      const [byEmail, byAddress] = await Promise.all([
        attempts.hit(key.email, at, windowMs),
        attempts.hit(key.address, at, windowMs),
      ]);
      const blocking = [
        byEmail.attempts > limits.email ? byEmail.windowEnds : 0,
        byAddress.attempts > limits.address ? byAddress.windowEnds : 0,
      ];
      const until = Math.max(...blocking);
      if (until > 0) throw tooManyAttempts(Math.max(1, Math.ceil((until - at) / 1000)));
    },

    async succeeded(who: LoginAttempt) {
      const key = keys(who);
      await Promise.all([attempts.clear(key.email), attempts.forgive(key.address)]);
    },
  };
}
