/** SSE-006, SSE-007, SSE-008: a source of events sent one at a time, and stopped when its stream closes. */
import { setupError } from '../../base/errors.js';
import type { SseEvent, SseSource } from './types.js';

/** What piping needs of a stream (stream.ts's EventStream). */
export interface PipeTarget {
  readonly closed: boolean;
  send(event: SseEvent): Promise<boolean>;
  addCloser(fn: () => void): void;
  removeCloser(fn: () => void): void;
  logCleanup(err: unknown): void;
}

const STOPPED = Symbol('stopped');

/**
 * Sends each event of `source` once the last was written (SSE-006): an async iterable (an async generator,
 * an object-mode Readable, `events.on()`) or an iterable (an array). Resolves when the source ends or the
 * stream closes, when the source is stopped (SSE-007); rejects with what the source throws.
 *
 * @example
 * ```ts
 * await pipeSource(stream, (async function* () { yield { data: 1 }; })());
 * ```
 */
export async function pipeSource(target: PipeTarget, source: SseSource<never>): Promise<void> {
  const iterable = source as unknown as Partial<AsyncIterable<SseEvent> & Iterable<SseEvent>> | null;
  const asyncIterator = iterable?.[Symbol.asyncIterator];
  if (typeof asyncIterator === 'function') {
    await pipeAsync(target, asyncIterator.call(iterable));
    return;
  }
  if (typeof source === 'object' && typeof iterable?.[Symbol.iterator] === 'function') {
    // `break` and a throw call the iterator's return(): an array's is nothing, a generator's runs its finally.
    for (const event of iterable as Iterable<SseEvent>) if (!(await target.send(event))) break;
    return;
  }
  throw setupError(
    'KIT_ERR_SETUP_SSE_OPTIONS',
    'stream.pipe(source): source must be an iterable or async iterable of events',
  );
}

async function pipeAsync(target: PipeTarget, iterator: AsyncIterator<SseEvent>): Promise<void> {
  // One waker for the whole pipe: the close resolves the wait on the pending `next()` (a source may wait
  // minutes for its next event), without a listener per event.
  let wake: ((step: typeof STOPPED) => void) | undefined;
  const stop = (): void => wake?.(STOPPED);
  target.addCloser(stop);
  let done = false;
  try {
    while (!target.closed) {
      let step: IteratorResult<SseEvent> | typeof STOPPED;
      try {
        step = await new Promise<IteratorResult<SseEvent> | typeof STOPPED>((resolve, reject) => {
          wake = resolve;
          iterator.next().then(resolve, reject);
        });
      } catch (err) {
        done = true;
        throw err;
      }
      if (step === STOPPED) break;
      if (step.done) {
        done = true;
        break;
      }
      if (!(await target.send(step.value))) break;
    }
  } finally {
    wake = undefined;
    target.removeCloser(stop);
    if (!done) stopSource(target, iterator);
  }
}

/**
 * SSE-007: stops a source the stream no longer reads, so its `finally` runs (a generator waiting inside an
 * `await` runs it when that await settles). Not awaited: the stream's close never waits on the source.
 */
function stopSource(target: PipeTarget, iterator: AsyncIterator<SseEvent>): void {
  try {
    const result = iterator.return?.();
    if (result !== undefined) result.then(undefined, (err: unknown) => target.logCleanup(err));
  } catch (err) {
    target.logCleanup(err);
  }
}
