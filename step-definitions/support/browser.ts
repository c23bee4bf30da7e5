/** Chromium for `@browser` scenarios: Debian's /usr/bin/chromium or CHROMIUM_PATH, launched quietly. */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** The Chromium executable, or undefined when this machine has none. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path as string));
}

/** Launches headless Chromium; the networking flags stop it flooding the closed network with connections. */
export function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('no Chromium: install /usr/bin/chromium or set CHROMIUM_PATH');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}
