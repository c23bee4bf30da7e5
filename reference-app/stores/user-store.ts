/** The interfaces every user store and login-attempt store of the reference app implements. */

/** An account as a store keeps it. */
export interface StoredUser {
  id: number | string;
  /** Normalised: trimmed, lower case. */
  email: string;
  /** A bcrypt hash; never sent to clients. */
  passwordHash: string;
}

/**
 * The login throttle's counters, in the same database as the users so every instance sees the same counts.
 *
 * @example
 * await attempts.hit('email:ada@example.com', Date.now(), 900_000); // { attempts: 1, windowEnds: ... }
 */
export interface AttemptStore {
  /** Creates what the store needs (a table), idempotently. */
  init(): Promise<void>;
  /** Counts one attempt for `key` in its current window (a new window when the last one has ended), atomically. */
  hit(key: string, now: number, windowMs: number): Promise<{ attempts: number; windowEnds: number }>;
  /** Forgets `key`'s attempts. */
  clear(key: string): Promise<void>;
  /** Takes one attempt back from `key` (never below zero). */
  forgive(key: string): Promise<void>;
  /** Deletes the counters whose window has ended. */
  prune(now: number): Promise<void>;
}

/**
 * Where the accounts live: SQLite, PostgreSQL (`sequelize-store.ts`) or MongoDB (`mongo-store.ts`).
 *
 * @example
 * const store = createSqliteStore();
 * await store.init();
 * await store.create({ email: 'ada@example.com', passwordHash: await hashPassword('...') });
 */
export interface UserStore {
  /** What the startup banner says about the storage. */
  readonly description: string;
  /** Opens the database and creates what it needs. */
  init(): Promise<void>;
  /** Resolves when the database answers, rejects otherwise (readiness). */
  ping(): Promise<void>;
  findByEmail(email: string): Promise<StoredUser | null>;
  /** Rejects with EmailTakenError when the email is registered (the unique index decides, races included). */
  create(user: { email: string; passwordHash: string }): Promise<{ id: number | string; email: string }>;
  /** The login throttle's counters, in the same database. */
  readonly attempts: AttemptStore;
  /** Safe to call twice. */
  close(): Promise<void>;
}
