/** The user store on MongoDB, through kitjs's mongodbManager (used when MONGODB_URI is set). */
import { EmailTakenError } from './email-taken.js';

const DUPLICATE_KEY = 11000;

/**
 * A user store on MongoDB, in the `users` collection of the URI's database (or `dbName`, when given).
 * Same interface as the SQLite store; ids are the documents' ObjectIds as strings.
 *
 * @param {{ kitjs: { mongodbManager: any }, uri: string, dbName?: string }} options
 * @returns {import('./sqlite-store.js').UserStore}
 * @example
 * const store = createMongoStore({ kitjs, uri: process.env.MONGODB_URI });
 * await store.init();
 */
export function createMongoStore({ kitjs, uri, dbName }) {
  const manager = kitjs.mongodbManager;
  const User = manager.createCollection('User', {
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

    async findByEmail(email) {
      const doc = await User.findOne({ email }).lean();
      return doc ? { id: String(doc._id), email: doc.email, passwordHash: doc.passwordHash } : null;
    },

    async create({ email, passwordHash }) {
      try {
        const doc = await User.create({ email, passwordHash });
        return { id: String(doc._id), email: doc.email };
      } catch (err) {
        if (err?.code === DUPLICATE_KEY) throw new EmailTakenError(email);
        throw err;
      }
    },

    close: () => manager.disconnect(),
  };
}
