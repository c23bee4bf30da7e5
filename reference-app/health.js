/** Liveness and readiness for load balancers and orchestrators, annotated for setupSwagger. */

/** How long readiness waits for the database before calling it unreachable. */
const READY_TIMEOUT_MS = 2000;

/**
 * @typedef {object} HealthResponse
 * @property {string} status.required - `ok` (liveness) or `ready` (readiness)
 */

/** Resolves when `ping` does, rejects when it rejects or takes longer than `ms`. */
function within(ping, ms) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([ping(), late]).finally(() => clearTimeout(timer));
}

/**
 * Adds `GET /healthz` (REF-035) and `GET /readyz` (REF-036) to `app`.
 *
 * @param {any} app - a kitjs app
 * @param {{ store: import('./stores/sequelize-store.js').UserStore, logger: any }} options
 * @example
 * registerHealthRoutes(app, { store, logger });
 */
export function registerHealthRoutes(app, { store, logger }) {
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
