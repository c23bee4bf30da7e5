/** `kitjs/db`: the SQLite, PostgreSQL and MongoDB managers, and the shapes of the peers they drive. */
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
export type { PostgreSQLManagerOptions } from './db/postgres-manager.js';
export { PostgreSQLManager } from './db/postgres-manager.js';
export type { SequelizeDialect } from './db/sequelize-manager.js';
export { SequelizeManager } from './db/sequelize-manager.js';
export { sequelizeManager } from './db/sequelize-manager-factory.js';
export { SQLiteManager } from './db/sqlite-manager.js';
