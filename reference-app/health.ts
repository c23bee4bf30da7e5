/** Liveness and readiness for load balancers and orchestrators, annotated for setupSwagger. */
import type { KitApp, logger as kitLogger } from 'kitjs';
import type { UserStore } from './stores/user-store.js';

/** How long readiness waits for the database before calling it unreachable. */
const READY_TIMEOUT_MS = 2000;

/**
 * @typedef {object} HealthResponse
 * @property {string} status.required - `ok` (liveness) or `ready` (readiness)
 */

/** Resolves when `ping` does, rejects when it rejects or takes longer than `ms`. */
function within(ping: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([ping(), late]).finally(() => clearTimeout(timer));
}

/**
 * Adds `GET /healthz` (REF-035) and `GET /readyz` (REF-036) to `app`.
 *
 * @example
 * registerHealthRoutes(app, { store, logger });
 */
export function registerHealthRoutes(
  app: KitApp,
  { store, logger }: { store: Pick<UserStore, 'ping'>; logger: typeof kitLogger },
): void {
  /**
   * GET /healthz
   * @summary Liveness: the process is running
   * @description Answers 200 as long as the process can serve a request; it does not ask the database, so a database outage never gets a healthy instance restarted.
   * @tags Health
   * @return {HealthResponse} 200 - The process is running
   * @example response - 200 - Alive
   * { "status": "ok" }
   */
  app.get('/healthz', (_req, res) => {
    // REF-035: asks nothing of the database.
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  /**
   * GET /readyz
   * @summary Readiness: this instance can serve traffic
   * @description Answers 200 when the database answers within 2 seconds; 503 when it does not, and to every request once the instance has begun shutting down (SIGTERM), so a load balancer stops sending it traffic.
   * @tags Health
   * @return {HealthResponse} 200 - The database answers
   * @return {ErrorResponse} 503 - The database is unreachable, or the instance is shutting down
   * @example response - 200 - Ready
   * { "status": "ready" }
   */
  app.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    // REF-036: a ping within 2 s, else 503 with the reason logged; once closing, kitjs answers 503 itself.
    try {
      await within(() => store.ping(), READY_TIMEOUT_MS);
    } catch (err) {
      logger.warn({ err }, 'readiness: the database does not answer');
      res.status(503).json({ error: 'The database does not answer' });
      return;
    }
    res.json({ status: 'ready' });
  });
}
