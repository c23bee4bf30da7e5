/** Login-attempt counters in the app's MongoDB database: shared by every instance on it. */
import type { MongoDBManager } from 'kitjs';
import type { AttemptStore } from '../stores/user-store.js';

const DUPLICATE_KEY = 11000;

/** A counter document. */
interface AttemptDocument {
  _id: string;
  attempts: number;
  windowEnds: number;
}

/**
 * An attempt store (see `sequelize-attempts.ts`) in the `login_attempts` collection, one document per key.
 * Each attempt is one `findOneAndUpdate` with an update pipeline, which counts and reads atomically.
 *
 * @example
 * const attempts = createMongoAttempts(mongodbManager);
 */
export function createMongoAttempts(manager: Pick<MongoDBManager, 'connection'>): AttemptStore {
  const collection = () => manager.connection.collection<AttemptDocument>('login_attempts');

  async function hitOnce(key: string, now: number, windowMs: number) {
    const ended = { $or: [{ $eq: [{ $type: '$windowEnds' }, 'missing'] }, { $lte: ['$windowEnds', now] }] };
    const result = await collection().findOneAndUpdate(
      { _id: key },
      [
        { $set: { ended } },
        {
          $set: {
            attempts: { $cond: ['$ended', 1, { $add: ['$attempts', 1] }] },
            windowEnds: { $cond: ['$ended', now + windowMs, '$windowEnds'] },
          },
        },
        { $unset: 'ended' },
      ],
      { upsert: true, returnDocument: 'after' },
    );
    // Driver 6 returns the document; older drivers wrap it in { value }.
    const doc = (
      result && 'value' in result && 'ok' in result ? result.value : result
    ) as AttemptDocument | null;
    if (doc === null) throw new Error('login throttle: the upsert returned no document');
    return { attempts: Number(doc.attempts), windowEnds: Number(doc.windowEnds) };
  }

  return {
    init: async () => {},

    async hit(key: string, now: number, windowMs: number) {
      try {
        return await hitOnce(key, now, windowMs);
      } catch (err) {
        // Two first attempts for one key may both try to insert; the loser finds the winner's document.
        if ((err as { code?: unknown } | null)?.code === DUPLICATE_KEY) return hitOnce(key, now, windowMs);
        throw err;
      }
    },

    async clear(key: string) {
      await collection().deleteOne({ _id: key });
    },

    async forgive(key: string) {
      await collection().updateOne({ _id: key, attempts: { $gt: 0 } }, { $inc: { attempts: -1 } });
    },

    async prune(now: number) {
      await collection().deleteMany({ windowEnds: { $lte: now } });
    },
  };
}
