/** kitjs's public surface: the `kit` factory (default export), the Router, the batteries and every public type. */
import { kit } from './app.js';

export default kit;
export type { KitOptions } from './app.js';
export type { AuthMiddleware, AuthMiddlewareFactory, AuthUser } from './auth/middleware.js';
export { authMiddleware } from './auth/middleware.js';
export type {
  AuthOptions,
  SecretOption,
  TokenAlgorithm,
  TokenSignOptions,
  TokenVerifyOptions,
} from './auth/options.js';
// Authentication
export { comparePassword, hashPassword, MAX_PASSWORD_BYTES } from './auth/password.js';
export { generateToken, verifyToken } from './auth/token.js';
export type { MongoDBManager } from './db/mongodb-manager.js';
export { mongodbManager } from './db/mongodb-manager.js';
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
} from './db/peer-types.js';
// Databases
export type { PostgreSQLManagerOptions } from './db/postgres-manager.js';
export { PostgreSQLManager } from './db/postgres-manager.js';
export type { SequelizeDialect } from './db/sequelize-manager.js';
export { SequelizeManager } from './db/sequelize-manager.js';
export { sequelizeManager } from './db/sequelize-manager-factory.js';
export { SQLiteManager } from './db/sqlite-manager.js';
// API documentation
export { setupSwagger } from './docs/setup-swagger.js';
export type {
  DocsWarning,
  DriftReport,
  OpenApiDocument,
  SetupSwaggerOptions,
  SwaggerSetup,
} from './docs/types.js';
export type { KitErrorCode } from './errors.js';
export { errorCodes, KitError } from './errors.js';
export type { HttpErrorProperties } from './http-error.js';
export { HttpError } from './http-error.js';
export { logger } from './logger.js';
export { customParser } from './middleware/body/custom.js';
export type { JsonOptions } from './middleware/body/json.js';
// Batteries
export { json } from './middleware/body/json.js';
export type { BodyTypeOption, CommonBodyOptions, VerifyFunction } from './middleware/body/options.js';
export type { RawOptions } from './middleware/body/raw.js';
export { raw } from './middleware/body/raw.js';
export type { TextOptions } from './middleware/body/text.js';
export { text } from './middleware/body/text.js';
export type { UrlencodedOptions } from './middleware/body/urlencoded.js';
export { urlencoded } from './middleware/body/urlencoded.js';
export type { CorsOptions, CorsOriginAnswer, CorsOriginFunction } from './middleware/cors.js';
export { cors } from './middleware/cors.js';
export type { QsParseOptions, QueryOptions } from './middleware/query.js';
export { query } from './middleware/query.js';
export { requestLogger } from './middleware/request-logger.js';
export type { CspDirectives, SecurityOptions } from './middleware/security.js';
export { security } from './middleware/security.js';
export type { DotfilesPolicy, ServeStaticOptions } from './middleware/serve-static.js';
export { serveStatic } from './middleware/serve-static.js';
export type { RouterOptions } from './router/router.js';
export { Router } from './router/router.js';
export type { AjvSettings } from './schema/compilers.js';
export type { StandardSchema } from './schema/standard.js';
// The public types. Not here: the plumbing they are built from (Registered, KitAppMembers,
// ExtraPathRegistrars, ExtraRouteRegistrars), which no user writes and the compiler never prints in their
// place (`app.register(plugin)` is a Promise<KitApp>, `app.propfind` a PathRegistrar). KitTypeRegistry is
// plumbing too, but stays: the declarations fill it in with `declare module`, which rollup-plugin-dts can
// aim at dist/core.d.ts only while the core exports it, and the core exports what an entry takes from it
// (without it `req.app` is `never`; scripts/build.mjs fails the build).

export type {
  AppErrorHandler,
  ByteRange,
  CookieOptions,
  DownloadOptions,
  ErrorFormat,
  ErrorHandler,
  ExtraMethod,
  FormatHandler,
  FormatHandlers,
  GuaranteedBy,
  HandlerArg,
  InlineErrorHandler,
  KitApp,
  KitRequest,
  KitResponse,
  KitTypeRegistry,
  Middleware,
  Mountable,
  NextFunction,
  NotFoundHandler,
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
} from './types.js';
export { kit };
