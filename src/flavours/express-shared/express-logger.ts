/** The logger an Express flavour's app logs its failures with when it is given none: Express's own habit, the stack on stderr. */
import pino, { type Logger } from 'pino';

interface Entry {
  level?: number;
  msg?: string;
  err?: { stack?: unknown; message?: unknown };
}

// pino's number for `error`: entries at it or above are failures.
const ERROR = 50;

/**
 * X5-017: finalhandler's `onerror`: a failure is written to stderr as Express writes it, the error's stack
 * (or its text), and nothing is written while the app's `env` is `'test'`; stdout stays the app's own, as
 * on Express. What kitjs logs besides failures (a client that left, a warning) goes to stderr as its JSON
 * line. Given to a kitjs/express5 app that was given no `logger` of its own (`express({ logger })` wins).
 *
 * @example
 * ```ts
 * const app = createApp({ logger: expressLogger(() => app.get('env')) }, express5Flavour);
 * ```
 */
export function expressLogger(env: () => unknown): Logger {
  return pino(
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
}
