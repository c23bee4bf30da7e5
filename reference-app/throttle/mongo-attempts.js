/** Login-attempt counters in the app's MongoDB database: shared by every instance on it. */

const DUPLICATE_KEY = 11000;

/**
 * An attempt store (see `sequelize-attempts.js`) in the `login_attempts` collection, one document per key.
 * Each attempt is one `findOneAndUpdate` with an update pipeline, which counts and reads atomically.
 *
 * @param {{ connection: any }} manager - kitjs's mongodbManager
 * @returns {import('./sequelize-attempts.js').AttemptStore}
 * @example
 * const attempts = createMongoAttempts(kitjs.mongodbManager);
 */
export function createMongoAttempts(manager) {
  const collection = () => manager.connection.collection('login_attempts');

  async function hitOnce(key, now, windowMs) {
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
    const doc = result && 'value' in result && 'ok' in result ? result.value : result;
    return { attempts: Number(doc.attempts), windowEnds: Number(doc.windowEnds) };
  }

  return {
    init: async () => {},

    async hit(key, now, windowMs) {
      try {
        return await hitOnce(key, now, windowMs);
      } catch (err) {
        // Two first attempts for one key may both try to insert; the loser finds the winner's document.
        if (err?.code === DUPLICATE_KEY) return hitOnce(key, now, windowMs);
        throw err;
      }
    },

    async clear(key) {
      await collection().deleteOne({ _id: key });
    },

    async forgive(key) {
      await collection().updateOne({ _id: key, attempts: { $gt: 0 } }, { $inc: { attempts: -1 } });
    },

    async prune(now) {
      await collection().deleteMany({ windowEnds: { $lte: now } });
    },
  };
}
