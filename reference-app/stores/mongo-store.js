/** The user store on MongoDB, through kitjs's mongodbManager (used when MONGODB_URI is set). */
import { createMongoAttempts } from '../throttle/mongo-attempts.js';
import { EmailTakenError } from './email-taken.js';

const DUPLICATE_KEY = 11000;

/**
 * A user store on MongoDB, in the `users` collection of the URI's database (or `dbName`, when given).
 * Same interface as the SQLite store; ids are the documents' ObjectIds as strings (REF-009).
 *
 * @param {{ kitjs: { mongodbManager: any }, uri: string, dbName?: string }} options
 * @returns {import('./sequelize-store.js').UserStore}
 * @example
 * const store = createMongoStore({ kitjs, uri: process.env.MONGODB_URI });
 * await store.init();
 */
export function createMongoStore({ kitjs, uri, dbName }) {
  const manager = kitjs.mongodbManager;
  const User = manager.createCollection('User', {
    // REF-004: one account per email.
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
  });

  return {
    description: 'MongoDB (MONGODB_URI)',

    async init() {
      await manager.connect(uri, dbName === undefined ? {} : { dbName });
      // Builds the unique index on email before the first registration can race another.
      await User.init();
    },

    async ping() {
      // readyState 1 is "connected"; the ping is a round trip to the server.
      if (manager.connection.readyState !== 1) throw new Error('MongoDB is not connected');
      await manager.connection.db.admin().ping();
    },

    async findByEmail(email) {
      const doc = await User.findOne({ email }).lean();
      return doc ? { id: String(doc._id), email: doc.email, passwordHash: doc.passwordHash } : null;
    },

    async create({ email, passwordHash }) {
      try {
        const doc = await User.create({ email, passwordHash });
        return { id: String(doc._id), email: doc.email };
      } catch (err) {
        // REF-031: the unique index decides; a duplicate key is the same 409 as on SQL.
        if (err?.code === DUPLICATE_KEY) throw new EmailTakenError(email);
        throw err;
      }
    },

    attempts: createMongoAttempts(manager),
    close: () => manager.disconnect(),
  };
}
