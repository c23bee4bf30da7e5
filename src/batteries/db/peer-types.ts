/**
 * The optional peers' types as kitjs's public declarations name them: the peer's own type when the
 * application installed it, else a declared shape of what kitjs relies on, so `dist/index.d.ts` compiles in
 * a project without mongoose or sequelize (`skipLibCheck: false`) and never degrades to `any`.
 */

// An absent peer makes these imports unresolved: the directive keeps that from failing the consumer's
// compile, and `Installed` below swaps the shape in.
// biome-ignore lint/suspicious/noTsIgnore: @ts-expect-error would fail wherever the peer is installed
// @ts-ignore optional peer: mongoose may not be installed
import type { Connection, ConnectOptions, Model, Schema, SchemaDefinition } from 'mongoose';
// biome-ignore lint/suspicious/noTsIgnore: @ts-expect-error would fail wherever the peer is installed
// @ts-ignore optional peer: sequelize may not be installed
import type { Sequelize, Options as SequelizeOptions } from 'sequelize';

/** `Peer` when it resolved; `Shape` when the peer is not installed (its import is then unresolved). */
type Installed<Peer, Shape> = unknown extends Peer ? Shape : Peer;

/**
 * What kitjs relies on in a mongoose connection, for projects without mongoose.
 *
 * @example
 * ```ts
 * const open: boolean = mongodbManager.connection.readyState === 1;
 * ```
 */
export interface MongoConnectionShape {
  readonly readyState: number;
  readonly name: string;
  readonly models: Readonly<Record<string, unknown>>;
  close(force?: boolean): Promise<void>;
}

/**
 * What kitjs relies on in a mongoose model, for projects without mongoose.
 *
 * @example
 * ```ts
 * const name: string = mongodbManager.createCollection('Note', { text: String }).modelName;
 * ```
 */
export interface MongoModelShape<T> {
  readonly modelName: string;
  create(doc: Partial<T>): Promise<unknown>;
}

/**
 * What kitjs relies on in a Sequelize instance, for projects without sequelize.
 *
 * @example
 * ```ts
 * await new SQLiteManager().sequelize.authenticate();
 * ```
 */
export interface SequelizeShape {
  authenticate(): Promise<void>;
  close(): Promise<void>;
  sync(options?: object): Promise<unknown>;
  define(modelName: string, attributes: object, options?: object): unknown;
  query(sql: string, options?: object): Promise<unknown>;
}

/**
 * mongoose's `Connection`, or {@link MongoConnectionShape} without mongoose.
 *
 * @example
 * ```ts
 * const connection: PeerConnection = mongodbManager.connection;
 * ```
 */
export type PeerConnection = Installed<Connection, MongoConnectionShape>;
/**
 * mongoose's `ConnectOptions`, or a plain options object without mongoose.
 *
 * @example
 * ```ts
 * const options: PeerConnectOptions = { serverSelectionTimeoutMS: 2000 };
 * ```
 */
export type PeerConnectOptions = Installed<ConnectOptions, Record<string, unknown>>;
/**
 * mongoose's `Model<T>`, or {@link MongoModelShape} without mongoose.
 *
 * @example
 * ```ts
 * const Note: PeerModel<{ text: string }> = mongodbManager.createCollection('Note', { text: String });
 * ```
 */
export type PeerModel<T> = Installed<Model<T>, MongoModelShape<T>>;
/**
 * A mongoose schema definition or `Schema<T>`, or a plain object without mongoose.
 *
 * @example
 * ```ts
 * const schema: PeerSchema<{ text: string }> = { text: String };
 * ```
 */
export type PeerSchema<T> = Installed<SchemaDefinition | Schema<T>, object>;
/**
 * Sequelize's `Sequelize` instance, or {@link SequelizeShape} without sequelize.
 *
 * @example
 * ```ts
 * const sequelize: PeerSequelize = new SQLiteManager().sequelize;
 * ```
 */
export type PeerSequelize = Installed<Sequelize, SequelizeShape>;

/**
 * Sequelize's constructor `Options`, or a plain options object without sequelize.
 *
 * @example
 * ```ts
 * const options: PeerSequelizeOptions = { storage: ':memory:' };
 * ```
 */
export type PeerSequelizeOptions = Installed<SequelizeOptions, Record<string, unknown>>;
