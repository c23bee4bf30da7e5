/** Captures what this process writes to standard output, so log scenarios need no logger-specific hook. */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

// A Node logger reaches standard output in one of two ways: node:fs writes on file descriptor 1 (pino's
// sonic-boom, any fd-based writer) or process.stdout.write (console-style loggers). Both are wrapped once;
// while a capture is on, what they write to fd 1 is kept and not printed, as a log file would keep it.
// The test runner's own output (cucumber's formatter, which also writes to process.stdout) passes through.

type Callback = (err: NodeJS.ErrnoException | null, written?: number) => void;

let active: string[] | undefined;
let installed = false;

function text(data: unknown, encoding: unknown, offset?: unknown, length?: unknown): string {
  if (typeof data === 'string') return data;
  if (ArrayBuffer.isView(data)) {
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const start = typeof offset === 'number' ? offset : 0;
    const end = typeof length === 'number' ? start + length : bytes.length;
    return bytes
      .subarray(start, end)
      .toString(typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  }
  return String(data);
}

function byteLength(chunk: string, data: unknown): number {
  return typeof data === 'string' ? Buffer.byteLength(data) : Buffer.byteLength(chunk);
}

/** The chunk an fs.write / fs.writeSync call writes: (fd, buffer, offset?, length?, ...) or (fd, string, position?, encoding?). */
function chunkOf(args: unknown[]): string {
  const [, data, a, b, c] = args;
  if (typeof data === 'string') return text(data, typeof b === 'string' ? b : c);
  if (a !== null && typeof a === 'object') {
    const options = a as { offset?: number; length?: number };
    return text(data, 'utf8', options.offset, options.length);
  }
  return text(data, 'utf8', a, b);
}

function fromTestRunner(): boolean {
  const stack = new Error().stack ?? '';
  return /[\\/]@cucumber[\\/]cucumber[\\/]lib[\\/]formatter[\\/]/.test(stack);
}

function install(): void {
  if (installed) return;
  installed = true;
  const write = fs.write;
  const writeSync = fs.writeSync;
  const writev = fs.writev;
  const writevSync = fs.writevSync;
  const stdoutWrite = process.stdout.write;

  const patched = fs as unknown as Record<string, unknown>;
  patched.write = function (this: unknown, ...args: unknown[]) {
    const callback = args[args.length - 1];
    if (active === undefined || args[0] !== 1 || typeof callback !== 'function') {
      return (write as (...a: unknown[]) => void).apply(this, args);
    }
    const chunk = chunkOf(args);
    active.push(chunk);
    process.nextTick(callback as Callback, null, byteLength(chunk, args[1]), args[1]);
  };
  patched.writeSync = function (this: unknown, ...args: unknown[]) {
    if (active === undefined || args[0] !== 1)
      return (writeSync as (...a: unknown[]) => number).apply(this, args);
    const chunk = chunkOf(args);
    active.push(chunk);
    return byteLength(chunk, args[1]);
  };
  patched.writev = function (this: unknown, ...args: unknown[]) {
    const callback = args[args.length - 1];
    if (active === undefined || args[0] !== 1 || typeof callback !== 'function') {
      return (writev as (...a: unknown[]) => void).apply(this, args);
    }
    const chunks = (args[1] as ArrayBufferView[]).map((view) => text(view, 'utf8'));
    active.push(...chunks);
    process.nextTick(callback as Callback, null, Buffer.byteLength(chunks.join('')), args[1]);
  };
  patched.writevSync = function (this: unknown, ...args: unknown[]) {
    if (active === undefined || args[0] !== 1)
      return (writevSync as (...a: unknown[]) => number).apply(this, args);
    const chunks = (args[1] as ArrayBufferView[]).map((view) => text(view, 'utf8'));
    active.push(...chunks);
    return Buffer.byteLength(chunks.join(''));
  };
  // `import { writeSync } from 'node:fs'` reads the wrapped functions too from here on.
  syncBuiltinESMExports();

  process.stdout.write = function (this: NodeJS.WriteStream, ...args: unknown[]): boolean {
    if (active === undefined || fromTestRunner()) {
      return (stdoutWrite as (...a: unknown[]) => boolean).apply(this, args);
    }
    const [data, encoding] = args;
    active.push(text(data, encoding));
    const callback = args.find((arg) => typeof arg === 'function');
    if (callback) process.nextTick(callback as () => void);
    return true;
  } as typeof process.stdout.write;
}

/** One capture of standard output: the text written since it started (or since the last `reset`). */
export interface StdoutCapture {
  text(): string;
  reset(): void;
  stop(): void;
}

/**
 * Starts capturing this process's standard output (one capture at a time: scenarios of one process run
 * one after the other). Stop it when the scenario ends.
 *
 * @example
 * ```ts
 * const capture = captureStdout();
 * logger.info('hello');
 * capture.text(); // '{"level":30,...,"msg":"hello"}\n' once the logger has flushed
 * capture.stop();
 * ```
 */
export function captureStdout(): StdoutCapture {
  install();
  const chunks: string[] = [];
  active = chunks;
  return {
    text: () => chunks.join(''),
    reset: () => {
      chunks.length = 0;
    },
    stop: () => {
      if (active === chunks) active = undefined;
    },
  };
}
