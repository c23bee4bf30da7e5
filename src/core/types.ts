/**
 * The public types of kitjs, gathered from src/core/types/ (one concern a file) for the rest of the source to
 * import from one place. From the bottom up: route-params, response-files, paths, settings, views, next and
 * foreign-middleware stand alone; request, response and app hold each one's own members; request-response, handlers, registrars and kit-app tie the
 * request, response, handlers, routes, registrars and app together; plugin.ts takes the app.
 */
export type * from './types/app.js';
export type * from './types/foreign-middleware.js';
export type * from './types/handlers.js';
export type * from './types/kit-app.js';
export type * from './types/next.js';
export type * from './types/observe.js';
export type * from './types/paths.js';
export type * from './types/plugin.js';
export type * from './types/registrars.js';
export type * from './types/request.js';
export type * from './types/request-response.js';
export type * from './types/response.js';
export type * from './types/response-files.js';
// Declared is an internal helper of the request and response members, not re-exported.
export type {
  ParamsDictionary,
  PathParams,
  QueryDictionary,
  RouteGeneric,
  RouteOf,
} from './types/route-params.js';
export type * from './types/route-schema.js';
export type * from './types/settings.js';
export type * from './types/views.js';
