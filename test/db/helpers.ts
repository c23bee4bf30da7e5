/** Test helpers for the database managers: child processes with tsx, a closed loopback port, temp dirs. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { unusedLoopbackPort } from '../support/loopback-port.ts';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const srcUrl = (file: string): string => pathToFileURL(join(repoRoot, 'src', file)).href;

/** tsx's loader as a URL, so a child started outside the repo can still run TypeScript. */
const tsxLoader = pathToFileURL(createRequire(join(repoRoot, 'package.json')).resolve('tsx')).href;

export function freshDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `kit-db-${prefix}-`));
}

export interface ChildResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an ES module snippet in a fresh Node process with tsx, from `cwd`, with extra environment. */
export function runChild(
  code: string,
  options: {
    cwd?: string;
    env?: Record<string, string>;
    preload?: string;
  } = {},
): ChildResult {
  const args = ['--import', tsxLoader];
  // After tsx's own hooks, so a preload that wraps module resolution sees every request.
  if (options.preload !== undefined) args.push('--import', pathToFileURL(options.preload).href);
  args.push('--input-type=module', '--eval', code);
  const run = spawnSync(process.execPath, args, {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, LOG_FILE: '', LOG_PRETTY: '', ...options.env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A loopback port that nothing listens on: bound by us, then released. */
export const closedPort = unusedLoopbackPort;
