/** The logger an Express flavour's app logs its failures with when it is given none: Express's own habit, the stack on stderr. */
import type { Logger } from 'pino';
import { loadPino } from '../../base/logger.js';
import type { AppContext } from '../../core/app/context.js';

interface Entry {
  level?: number;
  msg?: string;
  err?: { stack?: unknown; message?: unknown };
}

// pino's number for `error`: entries at it or above are failures.
const ERROR = 50;

// The loggers `expressLogger` made, each with how it reads its app's `env`: the final handler writes what
// the core does not log (a 4xx) through them, and through no other (`express({ logger })` keeps kitjs's).
const expressLoggers = new WeakMap<Logger, () => unknown>();

/**
 * EXP-015, X5-017: finalhandler's `onerror`: a failure is written to stderr as Express writes it, the error's
 * stack (or its text), and nothing is written while the app's `env` is `'test'`; stdout stays the app's own,
 * as on Express. What kitjs logs besides failures (a client that left, a warning) goes to stderr as its JSON
 * line. Given to an app of either Express flavour that was given no `logger` of its own (`express({ logger })`
 * wins): `ExpressApp` (app.ts).
 *
 * @example
 * ```ts
 * const log = expressLogger(() => app.get('env'));
 * ```
 */
export function expressLogger(env: () => unknown): Logger {
  const log = loadPino()(
    { level: 'info' },
    {
      write(line: string): void {
        let entry: Entry;
        try {
          entry = JSON.parse(line) as Entry;
        } catch {
          process.stderr.write(line);
          return;
        }
        if ((entry.level ?? 0) < ERROR) {
          process.stderr.write(line);
          return;
        }
        if (env() === 'test') return;
        const stack = entry.err?.stack;
        const text =
          typeof stack === 'string' && stack !== '' ? stack : String(entry.err?.message ?? entry.msg);
        process.stderr.write(`${text}\n`);
      },
    },
  );
  expressLoggers.set(log, env);
  return log;
}

/**
 * EXP-015, X5-017: finalhandler writes every error that reaches it, a 4xx too; kitjs's core logs only the
 * 5xx (HARD-003), so the Express final handler writes the others here, as `expressLogger` writes a failure:
 * `err.stack`, else its text, on stderr, nothing under the env `'test'`. Only for an app whose logger is
 * Express's (`context`'s): a logger of the app's own keeps kitjs's reading of a client fault. Never throws
 * (ERR-011).
 *
 * @example
 * ```ts
 * writeClientFault(req.context, err); // "NotFoundError: no such user\n    at ..." on stderr
 * ```
 */
export function writeClientFault(context: AppContext | undefined, err: unknown): void {
  const env = context === undefined ? undefined : expressLoggers.get(context.logger);
  if (env === undefined) return;
  try {
    if (env() === 'test') return;
    const stack = (err as { stack?: unknown } | null | undefined)?.stack;
    process.stderr.write(`${stack ? String(stack) : String(err)}\n`);
  } catch {
    // An error whose stack or text throws when read is left unwritten; its page was already answered.
  }
}
