// The process in which scripts/features.mjs runs cucumber: it waits for one job over IPC ({ options, paths }),
// runs it, and sends every envelope back as it is emitted, then { done } or { error }. The implementation
// under test runs here, so that when it blocks this event loop the supervisor (supervisor.mjs) can kill this
// process and go on without it (HARNESS-003).
import { loadConfiguration, runCucumber } from '@cucumber/cucumber/api';

/** Sends a message, then calls `then` once it has left (a message sent right before an exit can be lost). */
function send(message, then) {
  if (process.connected) process.send(message, then);
  else then?.();
}

// The supervisor is gone (killed, or interrupted): nobody reads this run any more.
process.on('disconnect', () => process.exit(1));

process.once('message', async ({ options, paths }) => {
  let outcome;
  try {
    const { runConfiguration } = await loadConfiguration({ provided: options });
    // Paths given here replace the configured ones (cucumber 12 would merge them).
    if (paths) runConfiguration.sources.paths = paths;
    const result = await runCucumber(runConfiguration, undefined, (envelope) => {
      // Left out: a feature file's whole text (nobody reads it, and it is large), and the start of each step, a
      // third of all envelopes, which the supervisor knows anyway: steps run in order, so the step running is
      // the first one not finished.
      if (!envelope.source && !envelope.testStepStarted) send({ envelope });
    });
    outcome = { done: { success: result.success } };
  } catch (error) {
    outcome = { error: String(error?.stack ?? error) };
  }
  // Exit explicitly: a stray handle in an implementation must not keep this process alive.
  send(outcome, () => process.exit(0));
});
