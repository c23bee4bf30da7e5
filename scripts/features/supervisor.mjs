// HARNESS-003: runs cucumber in a child process (cucumber-child.mjs) and watches it, so that an implementation
// which blocks its event loop (a catastrophic regex, an endless loop) cannot hang the run. The implementation
// runs in the suite's own process, so a blocked loop stops everything there, cucumber's step timeouts
// included; only another process can notice. When nothing comes from the child for KIT_HANG_MS, the
// supervisor kills it (and the processes it started), reports the scenario that was running as failed with
// the reason "hung", and starts a new child for the scenarios not run yet. Every envelope reaches `onMessage`
// as if one cucumber had run them all, so the reports read as one run.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const childScript = fileURLToPath(new URL('./cucumber-child.mjs', import.meta.url));

/**
 * Above every timeout a step or hook of the suite may take (15 s by default, 60 s for the @postgres hooks):
 * a child that sends nothing for this long is not slow, its event loop is blocked.
 */
export const defaultHangMs = 120_000;

/** KIT_HANG_MS, in milliseconds, else the default; anything but a positive whole number is refused. */
export function hangMsFrom(env = process.env) {
  const text = env.KIT_HANG_MS;
  if (text === undefined || text === '') return defaultHangMs;
  if (!/^\d+$/.test(text) || Number(text) <= 0) {
    throw new Error(`KIT_HANG_MS must be a positive whole number of milliseconds, not "${text}"`);
  }
  return Number(text);
}

const seconds = (ms) => `${Math.round(ms / 100) / 10} s`;

/** The signals that interrupt a run, and their numbers (a process ended by signal n exits with 128 + n). */
const signalNumbers = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 };

function timestamp() {
  const ms = Date.now();
  return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 };
}

/** The pids of every process below `pid`, from /proc (Linux); elsewhere none, and only the child is killed. */
function descendantsOf(pid) {
  let names;
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const childrenOf = new Map();
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // It ended while we looked.
    }
    // "pid (command) state ppid ...": the command may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!childrenOf.has(ppid)) childrenOf.set(ppid, []);
    childrenOf.get(ppid).push(Number(name));
  }
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of childrenOf.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * Kills the child and everything it started (servers, browsers): left behind, they would hold ports and could
 * hold the run's output open. Stopped first, so that it starts nothing new while its tree is read.
 */
function killTree(pid) {
  const signal = (target, name) => {
    try {
      process.kill(target, name);
    } catch {
      // Already gone.
    }
  };
  if (process.platform !== 'win32') signal(pid, 'SIGSTOP');
  for (const target of [pid, ...descendantsOf(pid)]) signal(target, 'SIGKILL');
}

/**
 * One child running one job, until it is gone: after saying it is done (or could not run), after dying, or
 * after being killed for its silence. Resolves to how it ended, what was running then and what it never started.
 */
function runChild(job, { cwd, hangMs, onMessage }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [childScript], {
      cwd,
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });
    const pickles = new Map();
    /** testCase id -> its test case, in the order cucumber runs them. */
    const testCases = new Map();
    const started = new Set();
    let current; // the attempt between its testCaseStarted and testCaseFinished
    let testRunStarted = false;
    let ended; // what the child said of its own end
    let silent = false; // killed for sending nothing for too long; whatever it sends after is ignored

    // Until the run starts, the child loads cucumber and the step definitions, not the implementation (a
    // Before hook loads it): that may take longer than a small KIT_HANG_MS on a busy machine, so it gets the
    // default at least.
    let watchdog = setTimeout(onSilence, Math.max(hangMs, defaultHangMs));
    function onSilence() {
      if (silent) return settle(); // Killed, and still no 'close': go on without it.
      silent = true;
      killTree(child.pid);
      watchdog = setTimeout(onSilence, hangMs);
    }

    function track(envelope) {
      if (envelope.pickle) pickles.set(envelope.pickle.id, envelope.pickle);
      else if (envelope.testRunStarted) {
        testRunStarted = true;
        clearTimeout(watchdog);
        watchdog = setTimeout(onSilence, hangMs);
      } else if (envelope.testCase) testCases.set(envelope.testCase.id, envelope.testCase);
      else if (envelope.testCaseStarted) {
        const { id, testCaseId } = envelope.testCaseStarted;
        started.add(testCaseId);
        current = { id, testCase: testCases.get(testCaseId), finished: new Set() };
      } else if (envelope.testStepFinished) {
        current?.finished.add(envelope.testStepFinished.testStepId);
      } else if (envelope.testCaseFinished) {
        current = undefined;
      }
    }

    // Interrupted (Ctrl-C reaches both processes; a kill of this one alone does not): the child gets the signal
    // and a while to stop what it started (its PostgreSQL server), then is killed, since a blocked child never
    // reads a signal it has a handler for; this process then ends as the signal would have ended it.
    let interrupted;
    const onSignal = (name) => {
      if (interrupted) return killTree(child.pid);
      interrupted = name;
      child.kill(name);
      clearTimeout(watchdog);
      watchdog = setTimeout(() => killTree(child.pid), 10_000);
    };
    for (const name of Object.keys(signalNumbers)) process.on(name, onSignal);

    child.on('message', (message) => {
      if (silent || interrupted) return;
      watchdog.refresh();
      if (message.envelope) {
        track(message.envelope);
        onMessage(message.envelope);
      } else if (message.done) ended = { outcome: 'done', success: message.done.success };
      else if (message.error) ended = { outcome: 'error', error: message.error };
    });
    // 'close', not 'exit': it comes after the last message the child sent has been read. Waiting for it also
    // means a killed child is gone (and reaped) before the next one starts.
    child.on('close', (code, signal) => settle(signal ?? `exit code ${code}`));
    child.on('error', (error) => {
      ended ??= { outcome: 'error', error: error.stack ?? String(error) };
      settle();
    });
    child.send(job);

    function settle(exit) {
      clearTimeout(watchdog);
      for (const name of Object.keys(signalNumbers)) process.off(name, onSignal);
      if (interrupted) process.exit(128 + signalNumbers[interrupted]);
      const outcome = ended ?? (silent ? { outcome: 'hung' } : { outcome: 'exited', exit });
      resolve({
        ...outcome,
        pid: child.pid,
        testRunStarted,
        startedAny: started.size > 0,
        current,
        currentPickle: current && pickles.get(current.testCase?.pickleId),
        pending: [...testCases.values()]
          .filter((testCase) => !started.has(testCase.id))
          .map((testCase) => pickles.get(testCase.pickleId)),
      });
    }
  });
}

/**
 * Reports the attempt that was running as failed by the step it was in (cucumber runs a test case's steps, its
 * hooks included, in order: the first one not finished), through the same envelopes cucumber sends.
 */
function failRunning(attempt, message, onMessage) {
  const steps = attempt.testCase?.testSteps ?? [];
  const testStepId = steps.find((step) => !attempt.finished.has(step.id))?.id;
  const now = timestamp();
  onMessage({
    testStepFinished: {
      testCaseStartedId: attempt.id,
      testStepId,
      testStepResult: { status: 'FAILED', message, duration: { seconds: 0, nanos: 0 } },
      timestamp: now,
    },
  });
  onMessage({ testCaseFinished: { testCaseStartedId: attempt.id, timestamp: now, willBeRetried: false } });
}

/** `file:line:line` per feature file, in run order: cucumber's own filter for exactly these scenarios. */
function linePaths(pickles) {
  const lines = new Map();
  for (const pickle of pickles) {
    if (!lines.has(pickle.uri)) lines.set(pickle.uri, []);
    lines.get(pickle.uri).push(pickle.location.line);
  }
  return [...lines].map(([uri, numbers]) => `${uri}:${numbers.join(':')}`);
}

/** The options of a run that resumes: a shard of what is left would not be the shard that was asked for. */
function resumeOptions(options) {
  const kept = [];
  for (let i = 0; i < options.length; i++) {
    if (options[i] === '--shard') i++;
    else if (!options[i].startsWith('--shard=')) kept.push(options[i]);
  }
  return kept;
}

/**
 * Runs cucumber with `options` (cucumber-js's command-line options) on `paths` (null: the configured ones) in
 * a child process, handing every envelope to `onMessage`, and resumes in a new child after a scenario that
 * hung (or a child that died). Resolves to `{ success, error }`: `error` when cucumber could not run at all,
 * or hung before its first scenario.
 */
export async function superviseCucumber({ cwd, options, paths, hangMs, onMessage, log = console.log }) {
  let job = { options, paths };
  let success = true;
  for (;;) {
    const run = await runChild(job, { cwd, hangMs, onMessage });
    if (run.outcome === 'done') return { success: success && run.success };
    if (run.outcome === 'error') return { success: false, error: run.error };
    success = false;
    const hung = run.outcome === 'hung';
    if (!run.startedAny) {
      const silence = run.testRunStarted ? hangMs : Math.max(hangMs, defaultHangMs);
      const how = hung ? `sent nothing for ${seconds(silence)}` : `ended (${run.exit})`;
      return { success: false, error: `cucumber's process ${how} before its first scenario` };
    }
    if (run.current) {
      const what = hung
        ? `hung: no step finished within ${seconds(hangMs)}; the implementation blocked its event loop`
        : `ended: the process running the scenarios ended (${run.exit}) during this one`;
      const how = hung ? `killed that process (KIT_HANG_MS=${hangMs}) and ran` : 'ran';
      failRunning(
        run.current,
        `${what}\nThe supervisor (scripts/features/supervisor.mjs) ${how} the scenarios not run yet in a new process.`,
        onMessage,
      );
      const pickle = run.currentPickle;
      const where = `"${pickle?.name}" (${pickle?.uri}:${pickle?.location?.line})`;
      log(`\nfeatures: ${where} ${what}${hung ? ` (killed its process, pid ${run.pid})` : ''}`);
    } else {
      log(`\nfeatures: cucumber's process ${hung ? 'hung' : `ended (${run.exit})`} between scenarios`);
    }
    if (run.pending.length === 0 || options.includes('--fail-fast')) return { success: false };
    log(`features: the ${run.pending.length} scenario(s) not run yet go on in a new process`);
    job = { options: resumeOptions(options), paths: linePaths(run.pending) };
  }
}
