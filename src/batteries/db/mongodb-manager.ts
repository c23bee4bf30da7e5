/** mongodbManager: one mongoose connection per process, with safe query defaults and a bounded connect time. */
import type { Connection, ConnectOptions, Schema, SchemaDefinition } from 'mongoose';
import { KitError, setupError } from '../../base/errors.js';
import { requirePeer } from '../../base/optional-package.js';
import { mongoHosts } from './mongo-uri.js';
import { guardMongooseSchema } from './mongoose-client-errors.js';
import type { PeerConnection, PeerConnectOptions, PeerModel, PeerSchema } from './peer-types.js';

interface MongooseModule {
  Schema: typeof Schema;
  createConnection(): Connection;
}

/** How long `connect` waits for a server before rejecting, unless `serverSelectionTimeoutMS` is given. */
const DEFAULT_SERVER_SELECTION_TIMEOUT_MS = 5000;

function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The class behind {@link mongodbManager}. It works on a connection of its own (created from the
 * application's `mongoose`), so the safe defaults it sets never change the app's other mongoose usage.
 *
 * - `sanitizeFilter` is on: a filter value holding `$` keys (`{ email: { $ne: null } }` from a JSON body)
 *   is wrapped in `$eq` and can only match that literal object.
 * - `strictQuery` is on for every schema it compiles: filter keys that are not in the schema are dropped.
 * - Every fault a request's data causes in its models rejects with a KitError, an `HttpError` 4xx with a
 *   `KIT_ERR_DB_*` code and mongoose's error as `cause`: an operator object (400), a value that cannot be
 *   cast to its path's type or a document that fails validation (400), a duplicate key (409).
 * - A server that cannot be reached or is going away makes its models' calls reject with
 *   `KIT_ERR_DB_UNAVAILABLE` (503, `Retry-After: 2`, DB-001).
 * - `connect` waits at most `serverSelectionTimeoutMS` (5000 by default) and names the host when it fails.
 *
 * @example
 * ```ts
 * // Applications use the shared instance; the class is exported for kitjs's own tests.
 * const manager = new MongoDBManager();
 * manager.createCollection('Note', { text: String });
 * ```
 */
export class MongoDBManager {
  #mongoose: MongooseModule | undefined;
  #connection: Connection | undefined;
  #uri: string | undefined;
  #connecting: { uri: string; done: Promise<string> } | undefined;

  #load(): { mongoose: MongooseModule; connection: Connection } {
    if (this.#mongoose === undefined || this.#connection === undefined) {
      // MONGO-008: mongoose loads on first use. MONGO-001: a connection of its own, not the app's global one.
      const mongoose = requirePeer<MongooseModule>('mongoose', 'mongodbManager');
      const connection = mongoose.createConnection();
      // MONGO-006: a filter value with `$` keys is wrapped in $eq.
      connection.set('sanitizeFilter', true);
      this.#mongoose = mongoose;
      this.#connection = connection;
    }
    return { mongoose: this.#mongoose, connection: this.#connection };
  }

  /**
   * The mongoose connection the manager's models live on (created, unopened, on first use). Use it for
   * sessions, transactions or `connection.db`.
   *
   * @example
   * ```ts
   * const session = await mongodbManager.connection.startSession();
   * ```
   */
  get connection(): PeerConnection {
    return this.#load().connection;
  }

  /**
   * Connects to `uri` and resolves to a short status line. Options go to mongoose (`serverSelectionTimeoutMS`
   * defaults to 5000; `sanitizeFilter` cannot be turned off here). Rejects with `KIT_ERR_DB_CONNECT` naming
   * the host (never the credentials) when no server answers in time, and when already connected elsewhere.
   * Connecting again to the same URI resolves at once.
   *
   * @example
   * ```ts
   * await mongodbManager.connect(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/app');
   * // 'MongoDB connected (127.0.0.1:27017/app)'
   * ```
   */
  // MONGO-002: the same URI (even mid-connect) gives the same outcome; another one is KIT_ERR_DB_CONNECT.
  async connect(uri: string, options: PeerConnectOptions = {}): Promise<string> {
    if (typeof uri !== 'string' || !/^mongodb(?:\+srv)?:\/\//i.test(uri)) {
      throw setupError(
        'KIT_ERR_SETUP_DB_OPTIONS',
        'mongodbManager.connect: uri must be a string starting with mongodb:// or mongodb+srv://',
      );
    }
    if (options === null || typeof options !== 'object') {
      throw setupError('KIT_ERR_SETUP_DB_OPTIONS', 'mongodbManager.connect: options must be an object');
    }
    const { connection } = this.#load();
    if (this.#connecting !== undefined) {
      if (this.#connecting.uri === uri) return this.#connecting.done;
      throw this.#busy(this.#connecting.uri);
    }
    if (this.#uri !== undefined && connection.readyState === 1) {
      if (this.#uri === uri) return this.#status(connection);
      throw this.#busy(this.#uri);
    }
    const done = this.#open(connection, uri, options);
    this.#connecting = { uri, done };
    try {
      return await done;
    } finally {
      this.#connecting = undefined;
    }
  }

  async #open(connection: Connection, uri: string, options: ConnectOptions): Promise<string> {
    // MONGO-003: bounded by serverSelectionTimeoutMS; a failure names the hosts and leaves no timers behind.
    try {
      await connection.openUri(uri, {
        serverSelectionTimeoutMS: DEFAULT_SERVER_SELECTION_TIMEOUT_MS,
        ...options,
        sanitizeFilter: true,
      });
    } catch (cause) {
      // Release the driver's monitors, or a failed attempt would keep timers (and the process) alive.
      await connection.close(true).catch(() => undefined);
      throw new KitError(
        'KIT_ERR_DB_CONNECT',
        `mongodbManager cannot connect to MongoDB at ${mongoHosts(uri)}: ${reasonOf(cause)}`,
        { cause },
      );
    }
    this.#uri = uri;
    return this.#status(connection);
  }

  #status(connection: Connection): string {
    return `MongoDB connected (${mongoHosts(this.#uri ?? '')}/${connection.name})`;
  }

  #busy(current: string): KitError {
    return new KitError(
      'KIT_ERR_DB_CONNECT',
      `mongodbManager is already connected to ${mongoHosts(current)}; call disconnect() first`,
    );
  }

  /**
   * Defines (or returns) the model `name`. `schema` is a mongoose schema definition or a `Schema`; the
   * model always gets `createdAt`/`updatedAt` timestamps and `strictQuery`. Asking again for a name that
   * exists returns the existing model unchanged (the second schema is ignored) instead of throwing
   * mongoose's OverwriteModelError, so modules may declare the models they use. Works before `connect`:
   * mongoose buffers the model's operations until the connection opens.
   *
   * @example
   * ```ts
   * const User = mongodbManager.createCollection('User', {
   *   email: { type: String, required: true, unique: true },
   *   password: { type: String, required: true },
   * });
   * const user = await User.create({ email: 'ada@example.com', password: hash });
   * user.createdAt; // a Date
   * ```
   */
  createCollection<T = Record<string, unknown>>(name: string, schema: PeerSchema<T>): PeerModel<T> {
    if (typeof name !== 'string' || name.trim() === '') {
      throw setupError(
        'KIT_ERR_SETUP_DB_OPTIONS',
        'mongodbManager.createCollection: name must be a non-empty string',
      );
    }
    if (schema === null || typeof schema !== 'object') {
      throw setupError(
        'KIT_ERR_SETUP_DB_OPTIONS',
        'mongodbManager.createCollection: schema must be a schema definition object or a Schema',
      );
    }
    const { mongoose, connection } = this.#load();
    // MONGO-005: a name defined twice returns the first model, not mongoose's OverwriteModelError.
    const existing = connection.models[name];
    if (existing !== undefined) return existing as PeerModel<T>;
    // MONGO-004: timestamps on, and MONGO-006: strictQuery on, whichever kind of schema was given.
    let compiled: Schema<T>;
    if (schema instanceof mongoose.Schema) {
      compiled = schema as Schema<T>;
      if (!compiled.get('timestamps')) compiled.set('timestamps', true);
      // 'throw' is stricter still; anything else becomes true.
      if (compiled.get('strictQuery') !== 'throw') compiled.set('strictQuery', true);
    } else {
      compiled = new mongoose.Schema<T>(schema as SchemaDefinition<T>, {
        timestamps: true,
        strictQuery: true,
      });
    }
    // MONGO-009: client faults of its calls become KitErrors.
    guardMongooseSchema(compiled as Schema);
    return connection.model<T>(name, compiled) as PeerModel<T>;
  }

  /**
   * Closes the connection (the models stay defined, ready for the next `connect`). Does nothing when not
   * connected.
   *
   * @example
   * ```ts
   * app.onClose(() => mongodbManager.disconnect());
   * ```
   */
  // MONGO-007: waits for a running connect(); the models stay defined; does nothing when not connected.
  async disconnect(): Promise<void> {
    const pending = this.#connecting?.done;
    if (pending !== undefined) await pending.catch(() => undefined);
    this.#uri = undefined;
    if (this.#connection !== undefined && this.#connection.readyState !== 0) {
      await this.#connection.close();
    }
  }
}

// MONGO-001: one manager per process even when both the ESM and the CommonJS build of kitjs are loaded.
const SINGLETON = Symbol.for('kitjs.mongodbManager');
const holder = globalThis as typeof globalThis & { [SINGLETON]?: MongoDBManager };

/**
 * The process-wide MongoDB manager (mongoose loads on its first use, never at `import 'kitjs'`).
 *
 * @example
 * ```ts
 * import kit, { json, mongodbManager } from 'kitjs';
 *
 * const User = mongodbManager.createCollection('User', { email: String, name: String });
 * await mongodbManager.connect(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/app');
 *
 * const app = kit();
 * app.use(json());
 * app.get('/users', async (_req, res) => res.json(await User.find().lean()));
 * app.onClose(() => mongodbManager.disconnect());
 * ```
 */
export const mongodbManager: MongoDBManager = holder[SINGLETON] ?? new MongoDBManager();
holder[SINGLETON] = mongodbManager;
