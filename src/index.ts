/** kitjs's public surface: the `kit` factory (default export), the Router, the batteries and every public type. */
import { kit } from './core/app.js';

export default kit;
export type { KitErrorCode } from './base/errors.js';
export { errorCodes, KitError } from './base/errors.js';
export type { HttpErrorProperties } from './base/http-error.js';
export { HttpError } from './base/http-error.js';
export { logger } from './base/logger.js';
export type { AuthMiddleware, AuthMiddlewareFactory, AuthUser } from './batteries/auth/middleware.js';
export { authMiddleware } from './batteries/auth/middleware.js';
export type {
  AuthOptions,
  SecretOption,
  TokenAlgorithm,
  TokenSignOptions,
  TokenVerifyOptions,
} from './batteries/auth/options.js';
// Authentication
export { comparePassword, hashPassword, MAX_PASSWORD_BYTES } from './batteries/auth/password.js';
export { generateToken, verifyToken } from './batteries/auth/token.js';
export type { MongoDBManager } from './batteries/db/mongodb-manager.js';
export { mongodbManager } from './batteries/db/mongodb-manager.js';
export type {
  MongoConnectionShape,
  MongoModelShape,
  PeerConnection,
  PeerConnectOptions,
  PeerModel,
  PeerSchema,
  PeerSequelize,
  PeerSequelizeOptions,
  SequelizeShape,
} from './batteries/db/peer-types.js';
// Databases
export type { PostgreSQLManagerOptions } from './batteries/db/postgres-manager.js';
export { PostgreSQLManager } from './batteries/db/postgres-manager.js';
export type { SequelizeDialect } from './batteries/db/sequelize-manager.js';
export { SequelizeManager } from './batteries/db/sequelize-manager.js';
export { sequelizeManager } from './batteries/db/sequelize-manager-factory.js';
export type { SQLiteRow, SQLiteRunResult } from './batteries/db/sqlite-connection.js';
export type { SQLiteDriverName } from './batteries/db/sqlite-drivers.js';
export { SQLiteManager } from './batteries/db/sqlite-manager.js';
export type { SQLiteManagerOptions } from './batteries/db/sqlite-options.js';
export type { SQLiteParams, SQLiteValue } from './batteries/db/sqlite-statements.js';
// API documentation
export { setupSwagger } from './batteries/docs/setup-swagger.js';
export type {
  DocsWarning,
  DriftReport,
  OpenApiDocument,
  SetupSwaggerOptions,
  SwaggerSetup,
} from './batteries/docs/types.js';
export { customParser } from './batteries/middleware/body/custom.js';
export type { JsonOptions } from './batteries/middleware/body/json.js';
// Batteries
export { json } from './batteries/middleware/body/json.js';
export type {
  BodyTypeOption,
  CommonBodyOptions,
  VerifyFunction,
} from './batteries/middleware/body/options.js';
export type { RawOptions } from './batteries/middleware/body/raw.js';
export { raw } from './batteries/middleware/body/raw.js';
export type { TextOptions } from './batteries/middleware/body/text.js';
export { text } from './batteries/middleware/body/text.js';
export type { UrlencodedOptions } from './batteries/middleware/body/urlencoded.js';
export { urlencoded } from './batteries/middleware/body/urlencoded.js';
export type { CorsOptions, CorsOriginAnswer, CorsOriginFunction } from './batteries/middleware/cors.js';
export { cors } from './batteries/middleware/cors.js';
export type { QsParseOptions, QueryOptions } from './batteries/middleware/query.js';
export { query } from './batteries/middleware/query.js';
export {
  currentRequest,
  requestContext,
  requestLog,
} from './batteries/middleware/request-context.js';
export { requestLogger } from './batteries/middleware/request-logger.js';
export type { CspDirectives, SecurityOptions } from './batteries/middleware/security.js';
export { security } from './batteries/middleware/security.js';
export type { DotfilesPolicy, ServeStaticOptions } from './batteries/middleware/serve-static.js';
export { serveStatic } from './batteries/middleware/serve-static.js';
// Server-sent events (also `kitjs/sse`)
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
export type { KitOptions } from './core/app.js';
export type { HandlerTraceContext } from './core/observe/tracing.js';
export type { RouterOptions } from './core/router/router.js';
export { Router } from './core/router/router.js';
export type { AjvSettings } from './core/schema/compilers.js';
export type { StandardSchema } from './core/schema/standard.js';
// The public types. Not here: the plumbing they are built from (Registered, KitAppMembers,
// ExtraPathRegistrars, ExtraRouteRegistrars), which no user writes and the compiler never prints in their
// place (`app.register(plugin)` is a Promise<KitApp>, `app.propfind` a PathRegistrar).

export type {
  AppErrorHandler,
  ByteRange,
  CloseOptions,
  CookieOptions,
  DownloadOptions,
  ErrorFormat,
  ErrorHandler,
  ExtraMethod,
  FormatHandler,
  FormatHandlers,
  GuaranteedBy,
  HandlerArg,
  InjectOptions,
  InjectResponse,
  InlineErrorHandler,
  KitApp,
  KitRequest,
  KitResponse,
  Middleware,
  Mountable,
  NextFunction,
  NotFoundHandler,
  ObserveOptions,
  ParamHandler,
  ParamsDictionary,
  PathList,
  PathParams,
  PathRegistrar,
  Plugin,
  QueryDictionary,
  RangeOptions,
  RangeResult,
  RequestGuard,
  RequestHandler,
  Route,
  RouteGeneric,
  RouteInfo,
  RouteLayer,
  RouteOf,
  RouteOptions,
  RoutePath,
  RouteRegistrar,
  RouterLike,
  RouteSchema,
  SchemaOutput,
  SchemaRoute,
  SchemaRouteOf,
  SendFileCallback,
  SendFileDotfiles,
  SendFileError,
  SendFileOptions,
  ServerTimeouts,
  TokenPayload,
  TypedErrorHandler,
  UseArg,
  UseRegistrar,
} from './core/types.js';
export { kit };
