/** The user store on MongoDB, through kitjs's mongodbManager (used when MONGODB_URI is set). */
import { mongodbManager } from 'kitjs';
import { createMongoAttempts } from '../throttle/mongo-attempts.js';
import { EmailTakenError } from './email-taken.js';
import type { StoredUser, UserStore } from './user-store.js';

/** What a duplicate email looks like: kitjs's KitError for a unique index (MONGO-009), or the driver's code. */
function isDuplicateKey(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'KIT_ERR_DB_UNIQUE' || code === 11000;
}

/**
 * A user store on MongoDB, in the `users` collection of the URI's database (or `dbName`, when given).
 * Same interface as the SQLite store; ids are the documents' ObjectIds as strings (REF-009).
 *
 * @example
 * const store = createMongoStore({ uri: 'mongodb://127.0.0.1:27017/kit-reference' });
 * await store.init();
 */
export function createMongoStore({ uri, dbName }: { uri: string; dbName?: string }): UserStore {
  const manager = mongodbManager;
  const User = manager.createCollection<Omit<StoredUser, 'id'>>('User', {
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
      const { db, readyState } = manager.connection;
      if (readyState !== 1 || db === undefined) throw new Error('MongoDB is not connected');
      await db.admin().ping();
    },

    async findByEmail(email: string) {
      const doc = await User.findOne({ email }).lean();
      return doc ? { id: String(doc._id), email: doc.email, passwordHash: doc.passwordHash } : null;
    },

    async create({ email, passwordHash }: { email: string; passwordHash: string }) {
      // As on SQL (DB-002): an outage is kitjs's 503, and a retry of a write that was stored after all is 409.
      try {
        const doc = await User.create({ email, passwordHash });
        return { id: String(doc._id), email: doc.email };
      } catch (err) {
        // REF-031: the unique index decides; a duplicate key is the same 409 as on SQL.
        if (isDuplicateKey(err)) throw new EmailTakenError(email, err);
        throw err;
      }
    },

    attempts: createMongoAttempts(manager),
    async close() {
      await manager.disconnect();
    },
  };
}
