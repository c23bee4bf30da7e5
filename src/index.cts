// The CommonJS view of src/index.ts, compiled to dist/index.d.cts (scripts/finish-build.mjs): the types
// `require()` of the entry gets. It imports the ES module declarations as types, with `resolution-mode` (the
// one way a CommonJS declaration file may), so both formats name one set of types. It lists every export of
// src/index.ts, a generic type with its parameters: test/package/cjs-views.test.ts fails when one is missing.
import type * as api from './index.js' with { 'resolution-mode': 'import' };

/**
 * `require('kitjs')`: the kit function itself, carrying every export of the ES module and `default`, as
 * `require('express')` is express (scripts/build.mjs gives dist/index.cjs that shape), with the public types
 * in its namespace (`kit.KitApp`, `kit.RequestHandler<...>`).
 *
 * @example
 * ```ts
 * import kit = require('kitjs');
 * const app: kit.KitApp = kit();
 * app.use(kit.json());
 * ```
 */
declare const kitjs: typeof api.default & typeof api;
declare namespace kitjs {
  export type AjvSettings = api.AjvSettings;
  export type AppErrorHandler = api.AppErrorHandler;
  export type AuthMiddleware<User extends object = api.AuthUser> = api.AuthMiddleware<User>;
  export type AuthMiddlewareFactory = api.AuthMiddlewareFactory;
  export type AuthOptions = api.AuthOptions;
  export type AuthUser = api.AuthUser;
  export type BodyTypeOption = api.BodyTypeOption;
  export type ByteRange = api.ByteRange;
  export type CloseOptions = api.CloseOptions;
  export type CommonBodyOptions = api.CommonBodyOptions;
  export type CookieOptions = api.CookieOptions;
  export type CorsOptions = api.CorsOptions;
  export type CorsOriginAnswer = api.CorsOriginAnswer;
  export type CorsOriginFunction = api.CorsOriginFunction;
  export type CspDirectives = api.CspDirectives;
  export type DocsWarning = api.DocsWarning;
  export type DotfilesPolicy = api.DotfilesPolicy;
  export type DownloadOptions = api.DownloadOptions;
  export type DriftReport = api.DriftReport;
  export type ErrorFormat = api.ErrorFormat;
  export type ErrorHandler<Route extends api.RouteGeneric = {}> = api.ErrorHandler<Route>;
  export type ExtraMethod = api.ExtraMethod;
  export type FormatHandler = api.FormatHandler;
  export type FormatHandlers = api.FormatHandlers;
  export type GuaranteedBy<Guard> = api.GuaranteedBy<Guard>;
  export type HandlerArg<
    Route extends api.RouteGeneric = {},
    Guaranteed extends object = {},
  > = api.HandlerArg<Route, Guaranteed>;
  export type HandlerTraceContext = api.HandlerTraceContext;
  export type HttpError = api.HttpError;
  export type HttpErrorProperties = api.HttpErrorProperties;
  export type InjectOptions = api.InjectOptions;
  export type InjectResponse = api.InjectResponse;
  export type InlineErrorHandler<
    Route extends api.RouteGeneric = {},
    Guaranteed extends object = {},
  > = api.InlineErrorHandler<Route, Guaranteed>;
  export type JsonOptions = api.JsonOptions;
  export type KitApp = api.KitApp;
  export type KitError = api.KitError;
  export type KitErrorCode = api.KitErrorCode;
  export type KitOptions = api.KitOptions;
  export type KitRequest<Route extends api.RouteGeneric = {}> = api.KitRequest<Route>;
  export type KitResponse<Route extends api.RouteGeneric = {}> = api.KitResponse<Route>;
  export type Middleware = api.Middleware;
  export type MongoConnectionShape = api.MongoConnectionShape;
  export type MongoDBManager = api.MongoDBManager;
  export type MongoModelShape<T> = api.MongoModelShape<T>;
  export type Mountable = api.Mountable;
  export type NextFunction = api.NextFunction;
  export type NotFoundHandler = api.NotFoundHandler;
  export type ObserveOptions = api.ObserveOptions;
  export type OpenApiDocument = api.OpenApiDocument;
  export type ParamHandler = api.ParamHandler;
  export type ParamsDictionary = api.ParamsDictionary;
  export type PathList = api.PathList;
  export type PathParams<Path extends string> = api.PathParams<Path>;
  export type PathRegistrar<Self> = api.PathRegistrar<Self>;
  export type PeerConnection = api.PeerConnection;
  export type PeerConnectOptions = api.PeerConnectOptions;
  export type PeerModel<T> = api.PeerModel<T>;
  export type PeerSchema<T> = api.PeerSchema<T>;
  export type PeerSequelize = api.PeerSequelize;
  export type PeerSequelizeOptions = api.PeerSequelizeOptions;
  export type Plugin<Options = Record<string, unknown>> = api.Plugin<Options>;
  export type PostgreSQLManager = api.PostgreSQLManager;
  export type PostgreSQLManagerOptions = api.PostgreSQLManagerOptions;
  export type QsParseOptions = api.QsParseOptions;
  export type QueryDictionary = api.QueryDictionary;
  export type QueryOptions = api.QueryOptions;
  export type RangeOptions = api.RangeOptions;
  export type RangeResult = api.RangeResult;
  export type RawOptions = api.RawOptions;
  export type RequestGuard<Guaranteed extends object> = api.RequestGuard<Guaranteed>;
  export type RequestHandler<
    Route extends api.RouteGeneric = {},
    Guaranteed extends object = {},
  > = api.RequestHandler<Route, Guaranteed>;
  export type Route<Path extends api.RoutePath = api.RoutePath> = api.Route<Path>;
  export type RouteGeneric = api.RouteGeneric;
  export type RouteInfo = api.RouteInfo;
  export type RouteLayer = api.RouteLayer;
  export type RouteOf<Declared_ extends api.RouteGeneric, Path extends string> = api.RouteOf<Declared_, Path>;
  export type RouteOptions<Schema extends api.RouteSchema = api.RouteSchema> = api.RouteOptions<Schema>;
  export type RoutePath = api.RoutePath;
  export type Router = api.Router;
  export type RouteRegistrar<Path extends api.RoutePath> = api.RouteRegistrar<Path>;
  export type RouterLike<Self> = api.RouterLike<Self>;
  export type RouterOptions = api.RouterOptions;
  export type RouteSchema = api.RouteSchema;
  export type SchemaOutput<Schema> = api.SchemaOutput<Schema>;
  export type SchemaRoute<Schema> = api.SchemaRoute<Schema>;
  export type SchemaRouteOf<Schema, Path extends string> = api.SchemaRouteOf<Schema, Path>;
  export type SecretOption = api.SecretOption;
  export type SecurityOptions = api.SecurityOptions;
  export type SendFileCallback = api.SendFileCallback;
  export type SendFileDotfiles = api.SendFileDotfiles;
  export type SendFileError = api.SendFileError;
  export type SendFileOptions = api.SendFileOptions;
  export type SequelizeDialect = api.SequelizeDialect;
  export type SequelizeManager = api.SequelizeManager;
  export type SequelizeShape = api.SequelizeShape;
  export type ServerTimeouts = api.ServerTimeouts;
  export type ServeStaticOptions = api.ServeStaticOptions;
  export type SetupSwaggerOptions = api.SetupSwaggerOptions;
  export type SQLiteDriverName = api.SQLiteDriverName;
  export type SQLiteManager = api.SQLiteManager;
  export type SQLiteManagerOptions = api.SQLiteManagerOptions;
  export type SQLiteParams = api.SQLiteParams;
  export type SQLiteRow = api.SQLiteRow;
  export type SQLiteRunResult = api.SQLiteRunResult;
  export type SQLiteValue = api.SQLiteValue;
  export type SseEvent<Data = unknown, Name extends string = string> = api.SseEvent<Data, Name>;
  export type SseEventOf<Events> = api.SseEventOf<Events>;
  export type SseEventSchemas = api.SseEventSchemas;
  export type SseHandler<Events = api.SseEventSchemas> = api.SseHandler<Events>;
  export type SseOptions<Events extends api.SseEventSchemas = api.SseEventSchemas> = api.SseOptions<Events>;
  export type SseRouteHandler = api.SseRouteHandler;
  export type SseSource<Events = api.SseEventSchemas> = api.SseSource<Events>;
  export type SseStream<Events = api.SseEventSchemas> = api.SseStream<Events>;
  export type StandardSchema<Input = unknown, Output = Input> = api.StandardSchema<Input, Output>;
  export type SwaggerSetup = api.SwaggerSetup;
  export type TextOptions = api.TextOptions;
  export type TokenAlgorithm = api.TokenAlgorithm;
  export type TokenPayload = api.TokenPayload;
  export type TokenSignOptions = api.TokenSignOptions;
  export type TokenVerifyOptions = api.TokenVerifyOptions;
  export type TypedErrorHandler<
    Route extends api.RouteGeneric = {},
    Guaranteed extends object = {},
  > = api.TypedErrorHandler<Route, Guaranteed>;
  export type UrlencodedOptions = api.UrlencodedOptions;
  export type UseArg = api.UseArg;
  export type UseRegistrar<Self> = api.UseRegistrar<Self>;
  export type VerifyFunction = api.VerifyFunction;
}
export = kitjs;
