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
   * @description Answers 200 as long as the process can serve a request, during its shutdown delay included; it does not ask the database, so a database outage never gets a healthy instance restarted.
   * @tags Health
   * @return {HealthResponse} 200 - The process is running
   * @example response - 200 - Alive
   * { "status": "ok" }
   */
  app.get('/healthz', (_req, res) => {
    // REF-035: asks nothing of the database, and stays 200 while the instance shuts down (REF-037): the
    // process is alive and finishing its work; a liveness probe that failed now would get it killed early.
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  /**
   * GET /readyz
   * @summary Readiness: this instance can serve traffic
   * @description Answers 200 when the database answers within 2 seconds; 503 when it does not, and from the moment the instance begins shutting down (SIGTERM), while it still serves the API for its shutdown delay, so a load balancer stops sending it traffic before it stops accepting.
   * @tags Health
   * @return {HealthResponse} 200 - The database answers
   * @return {ErrorResponse} 503 - The database is unreachable, or the instance is shutting down
   * @example response - 200 - Ready
   * { "status": "ready" }
   */
  app.get('/readyz', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    // REF-036, REF-037: not ready from the signal on, while the app still serves everything else during the
    // shutdown delay: this 503 is what tells the load balancer to stop sending traffic before the port closes.
    if (req.app.closing) {
      res.status(503).json({ error: 'The instance is shutting down' });
      return;
    }
    // REF-036: a ping within 2 s, else 503 with the reason logged.
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
