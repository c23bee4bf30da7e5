/** Hooks: the World, skips with written reasons (profile `lacks`, @mongodb, @postgres, @browser), and cleanup. */
import { After, AfterAll, Before, setDefaultTimeout, setWorldConstructor } from '@cucumber/cucumber';
import { chromiumPath } from './browser.js';
import { exchangeMediaType, exchangeOf, resetExchange } from './exchange.js';
import { mongoAvailability, stopMongo } from './mongo.js';
import { dropScenarioDatabases, postgresReady, stopPostgresServer } from './postgres.js';
import { KitWorld } from './world.js';

setWorldConstructor(KitWorld);
setDefaultTimeout(15_000);

/** The prefix the runner (scripts/features.mjs) looks for in attachments to explain a skip. */
export const skipReasonPrefix = 'skip reason: ';

function skip(world: KitWorld, reason: string): 'skipped' {
  world.attach(`${skipReasonPrefix}${reason}`);
  return 'skipped';
}

// First, so a capability the implementation lacks is never even attempted.
Before(async function (this: KitWorld, { pickle }) {
  const impl = await this.implementation();
  for (const tag of pickle.tags) {
    const reason = impl.profile.lacks[tag.name.replace(/^@/, '')];
    if (reason !== undefined) return skip(this, `implementation lacks ${tag.name}: ${reason}`);
  }
  return undefined;
});

Before({ tags: '@mongodb', timeout: 30_000 }, async function (this: KitWorld) {
  const outcome = await mongoAvailability();
  return 'reason' in outcome ? skip(this, outcome.reason) : undefined;
});

Before({ tags: '@postgres', timeout: 60_000 }, async function (this: KitWorld) {
  const outcome = await postgresReady();
  if (!('reason' in outcome)) return undefined;
  // CI promises PostgreSQL (.ci/run installs it), so there its absence is a failure, not a skip.
  if (process.env.CI) throw new Error(outcome.reason);
  return skip(this, outcome.reason);
});

Before({ tags: '@browser' }, function (this: KitWorld) {
  if (chromiumPath()) return undefined;
  const reason = 'no Chromium: /usr/bin/chromium is missing and CHROMIUM_PATH is unset';
  // CI promises a browser (.ci/run installs it), so there its absence is a failure, not a skip.
  if (process.env.CI) throw new Error(reason);
  return skip(this, reason);
});

Before(() => {
  resetExchange();
});

// For the run's report (scripts/features.mjs): a failed scenario carries the last request and response.
After(function (this: KitWorld, { result }) {
  if (result?.status !== 'FAILED') return;
  this.attach(JSON.stringify(exchangeOf(this.response)), exchangeMediaType);
});

// Cucumber runs After hooks last-defined first: defined before the cleanup below, this drop runs after
// it, so the app has closed its servers and pools before its databases go.
After({ tags: '@postgres' }, async () => {
  await dropScenarioDatabases();
});

// HARNESS-001: runs after every scenario, whatever its outcome.
After(async function (this: KitWorld) {
  await this.cleanup();
});

AfterAll({ timeout: 30_000 }, async () => {
  await stopMongo();
  await stopPostgresServer();
});
