/** Login-attempt counters in the app's Sequelize database (SQLite or PostgreSQL): shared by every instance on it. */
import type { SequelizeManager } from 'kitjs';
import type { AttemptStore } from '../stores/user-store.js';

// The statement must not begin with "INSERT INTO": Sequelize's SQLite dialect runs such statements with
// sqlite3's run(), which drops the RETURNING rows. The leading comment (Sequelize trims whitespace, not
// comments) keeps it on all(); PostgreSQL ignores it.
const HIT_SQL = `/* login throttle: count one attempt */
INSERT INTO login_attempts (throttle_key, attempts, window_ends) VALUES ($1, 1, $3)
ON CONFLICT (throttle_key) DO UPDATE SET
  attempts = CASE WHEN login_attempts.window_ends <= $2 THEN 1 ELSE login_attempts.attempts + 1 END,
  window_ends = CASE WHEN login_attempts.window_ends <= $2 THEN $3 ELSE login_attempts.window_ends END
RETURNING attempts, window_ends`;

/**
 * An {@link AttemptStore} on a kitjs Sequelize manager (`SQLiteManager`, `PostgreSQLManager`), in the table
 * `login_attempts`. One upsert per attempt (`INSERT ... ON CONFLICT DO UPDATE ... RETURNING`, in both
 * dialects) counts and reads in a single statement, so two instances counting the same key at once never
 * lose an attempt. Times are milliseconds since the epoch from the instance's clock: keep the instances'
 * clocks in sync (NTP), as any JWT expiry already requires. The app never imports sequelize itself: columns
 * are declared with SQL type names, which Sequelize accepts as they are.
 *
 * @example
 * const attempts = createSequelizeAttempts(db);
 * await attempts.init();
 * await attempts.hit('email:ada@example.com', Date.now(), 900_000); // { attempts: 1, windowEnds: ... }
 */
export function createSequelizeAttempts(db: Pick<SequelizeManager, 'sequelize'>): AttemptStore {
  const LoginAttempt = db.sequelize.define(
    'LoginAttempt',
    {
      key: { type: 'VARCHAR(300)', primaryKey: true, field: 'throttle_key' },
      attempts: { type: 'INTEGER', allowNull: false },
      windowEnds: { type: 'BIGINT', allowNull: false, field: 'window_ends' },
    },
    { tableName: 'login_attempts', timestamps: false },
  );

  return {
    async init() {
      await LoginAttempt.sync();
    },

    async hit(key: string, now: number, windowMs: number) {
      // A raw query answers [rows, metadata] on both dialects.
      const [rows] = await db.sequelize.query(HIT_SQL, { bind: [key, now, now + windowMs] });
      const row = rows[0] as { attempts?: unknown; window_ends?: unknown } | undefined;
      if (row === undefined) throw new Error('login throttle: the upsert returned no row');
      // PostgreSQL's driver returns BIGINT as a string (it may exceed 2^53); ours are milliseconds.
      return { attempts: Number(row.attempts), windowEnds: Number(row.window_ends) };
    },

    async clear(key: string) {
      await db.sequelize.query('DELETE FROM login_attempts WHERE throttle_key = $1', { bind: [key] });
    },

    async forgive(key: string) {
      await db.sequelize.query(
        'UPDATE login_attempts SET attempts = attempts - 1 WHERE throttle_key = $1 AND attempts > 0',
        { bind: [key] },
      );
    },

    async prune(now: number) {
      await db.sequelize.query('DELETE FROM login_attempts WHERE window_ends <= $1', { bind: [now] });
    },
  };
}
