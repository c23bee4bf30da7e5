/** Waiting on a condition another process or a stream reaches in its own time: polled, never a sleep, with a bound. */

/**
 * Runs `check` until it passes, at most `ms` milliseconds, every `everyMs`; then throws its last failure.
 * The bound only ends a wait that went wrong: what is waited for is a state (a database session, a log
 * line), never a clock.
 *
 * @example
 * ```ts
 * await eventually(() => assert.equal(lines.length, 1), 2000, 25);
 * ```
 */
export async function eventually(check: () => void | Promise<void>, ms = 5000, everyMs = 50): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((done) => setTimeout(done, everyMs));
    }
  }
}
