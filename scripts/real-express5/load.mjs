// Loads express@5.2.1 from .cache/real-express5, where scripts/real-express5.mjs installs it from this folder's lockfile.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cache = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.cache', 'real-express5');
if (!existsSync(join(cache, 'node_modules', 'express'))) {
  throw new Error(`${cache} has no express: run node scripts/real-express5.mjs, which installs it`);
}

/** `require('express')` of Express 5.2.1. */
export const realExpress5 = createRequire(join(cache, 'package.json'))('express');
