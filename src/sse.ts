/** `kitjs/sse`: server-sent events for the routes of kit(), kitjs/express and kitjs/express5 apps. */
export { sse } from './batteries/sse/sse.js';
export type {
  SseEvent,
  SseEventOf,
  SseEventSchemas,
  SseHandler,
  SseOptions,
  SseRouteHandler,
  SseSource,
  SseStream,
} from './batteries/sse/types.js';
