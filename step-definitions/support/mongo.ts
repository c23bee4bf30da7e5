/** MongoDB for `@mongodb` scenarios: MONGODB_URI, else one in-memory server per run, tried once. */
import type { MongoMemoryServer } from 'mongodb-memory-server-core';

type Availability = { uri: string } | { reason: string };

const startTimeoutMs = 20_000;
let availability: Promise<Availability> | undefined;
let memoryServer: MongoMemoryServer | undefined;

async function startMemoryServer(): Promise<Availability> {
  const { MongoMemoryServer } = await import('mongodb-memory-server-core');
  const starting = MongoMemoryServer.create();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`did not start within ${startTimeoutMs / 1000} s`)),
      startTimeoutMs,
    );
  });
  try {
    memoryServer = await Promise.race([starting, timeout]);
    return { uri: memoryServer.getUri() };
  } catch (error) {
    // A server that starts after we gave up must not outlive the run.
    starting.then((late) => late.stop()).catch(() => {});
    const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
    return {
      reason: `no MongoDB: MONGODB_URI is unset and mongodb-memory-server could not start (${message})`,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Whether MongoDB is reachable for this run; the outcome is cached so the start is tried once. */
export function mongoAvailability(): Promise<Availability> {
  const fromEnv = process.env.MONGODB_URI;
  if (fromEnv) return Promise.resolve({ uri: fromEnv });
  availability ??= startMemoryServer();
  return availability;
}

/** The URI `@mongodb` steps connect to; throws with the reason when MongoDB is unavailable. */
export async function mongoUri(): Promise<string> {
  const outcome = await mongoAvailability();
  if ('reason' in outcome) throw new Error(outcome.reason);
  return outcome.uri;
}

/** Stops the in-memory server, if this run started one. */
export async function stopMongo(): Promise<void> {
  const server = memoryServer;
  memoryServer = undefined;
  await server?.stop();
}
