/** `kitjs/db`: the SQLite, PostgreSQL and MongoDB managers, and the shapes of the peers they drive. */
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
