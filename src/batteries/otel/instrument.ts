/** kitjs/otel: gives OpenTelemetry's HTTP server span the route that matched, through the handler tracing channel. */
import { requirePeer } from '../../base/optional-package.js';
import { type HandlerTraceContext, handlerChannel } from '../../core/observe/tracing.js';

/** What kitjs reads of `@opentelemetry/api` (typed here, so kitjs's declarations need no OpenTelemetry package). */
interface OtelApi {
  context: { active(): unknown };
}

/** What kitjs reads of `@opentelemetry/core`: the RPC metadata `@opentelemetry/instrumentation-http` keeps. */
interface OtelCore {
  getRPCMetadata(context: unknown): { type: string; route?: string } | undefined;
  RPCType: { HTTP: string };
}

/** A running instrumentation: `stop()` unsubscribes it. */
export interface KitInstrumentation {
  stop(): void;
}

/**
 * OBS-012: from now on, the server span `@opentelemetry/instrumentation-http` makes for each request of a kitjs
 * app (kit() or kitjs/express) gets `http.route` (`/users/:id`, mount prefixes included), and so the name
 * `GET /users/:id`. It subscribes to the `kitjs.request.handler` tracing channel (OBS-006) and sets the route
 * on the RPC metadata instrumentation-http put in the request's context, which that instrumentation reads
 * when the response ends. Set up the OpenTelemetry SDK and instrumentation-http as their docs say; this adds
 * only the route. `@opentelemetry/api` and `@opentelemetry/core` are optional peers of kitjs: a missing one
 * is a `KIT_ERR_PEER_MISSING` error naming it.
 *
 * @example
 * ```ts
 * import { instrumentKit } from 'kitjs/otel';
 * // after the SDK (NodeTracerProvider / NodeSDK) and new HttpInstrumentation() are registered:
 * instrumentKit();
 * ```
 */
export function instrumentKit(): KitInstrumentation {
  const api = requirePeer<OtelApi>('@opentelemetry/api', 'kitjs/otel');
  const core = requirePeer<OtelCore>('@opentelemetry/core', 'kitjs/otel');
  const http = core.RPCType.HTTP;
  const start = (message: unknown): void => {
    const metadata = core.getRPCMetadata(api.context.active());
    // The last route handler to start wins: a route reached through next() after another is the one answering.
    if (metadata !== undefined && metadata.type === http)
      metadata.route = (message as HandlerTraceContext).route;
  };
  const handlers = { start };
  handlerChannel.subscribe(handlers as Parameters<typeof handlerChannel.subscribe>[0]);
  let running = true;
  return {
    stop(): void {
      if (!running) return;
      running = false;
      handlerChannel.unsubscribe(handlers as Parameters<typeof handlerChannel.unsubscribe>[0]);
    },
  };
}
