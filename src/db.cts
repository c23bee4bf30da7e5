// The CommonJS view of src/db.ts, compiled to dist/db.d.cts (scripts/finish-build.mjs): the types
// `require()` of the entry gets. It imports the ES module declarations as types, with `resolution-mode` (the
// one way a CommonJS declaration file may), so both formats name one set of types. It lists every export of
// src/db.ts, a generic type with its parameters: test/package/cjs-views.test.ts fails when one is missing.
import type * as api from './db.js' with { 'resolution-mode': 'import' };

// `require('kitjs/db')`: the named exports of kitjs/db, and its types.
export declare const mongodbManager: typeof api.mongodbManager;
export declare const PostgreSQLManager: typeof api.PostgreSQLManager;
export declare const SequelizeManager: typeof api.SequelizeManager;
export declare const sequelizeManager: typeof api.sequelizeManager;
export declare const SQLiteManager: typeof api.SQLiteManager;

export type MongoConnectionShape = api.MongoConnectionShape;
export type MongoDBManager = api.MongoDBManager;
export type MongoModelShape<T> = api.MongoModelShape<T>;
export type PeerConnection = api.PeerConnection;
export type PeerConnectOptions = api.PeerConnectOptions;
export type PeerModel<T> = api.PeerModel<T>;
export type PeerSchema<T> = api.PeerSchema<T>;
export type PeerSequelize = api.PeerSequelize;
export type PeerSequelizeOptions = api.PeerSequelizeOptions;
export type PostgreSQLManager = api.PostgreSQLManager;
export type PostgreSQLManagerOptions = api.PostgreSQLManagerOptions;
export type SequelizeDialect = api.SequelizeDialect;
export type SequelizeManager = api.SequelizeManager;
export type SequelizeShape = api.SequelizeShape;
export type SQLiteDriverName = api.SQLiteDriverName;
export type SQLiteManager = api.SQLiteManager;
export type SQLiteManagerOptions = api.SQLiteManagerOptions;
export type SQLiteParams = api.SQLiteParams;
export type SQLiteRow = api.SQLiteRow;
export type SQLiteRunResult = api.SQLiteRunResult;
export type SQLiteValue = api.SQLiteValue;
