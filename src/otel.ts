/** `kitjs/otel`: OpenTelemetry's HTTP server spans named by the route that matched (`GET /users/:id`). */
export type { KitInstrumentation } from './batteries/otel/instrument.js';
export { instrumentKit } from './batteries/otel/instrument.js';
