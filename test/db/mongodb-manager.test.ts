/** mongodbManager without a server: models, timestamps, the singleton, query sanitising, connect errors; with MONGODB_URI, end to end. */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { KitError } from '../../src/base/errors.js';
import { HttpError } from '../../src/base/http-error.js';
import { mongoHosts } from '../../src/batteries/db/mongo-uri.js';
import { MongoDBManager, mongodbManager } from '../../src/batteries/db/mongodb-manager.js';
import { closedPort, repoRoot, srcUrl } from './helpers.js';

// The same mongoose the manager resolves, for building Schema instances and checking the global stays untouched.
const mongoose = createRequire(join(repoRoot, 'package.json'))('mongoose') as typeof import('mongoose');

after(async () => {
  await mongodbManager.disconnect();
});

describe('mongoHosts', () => {
  it('keeps the hosts and drops credentials, path and options', () => {
    assert.equal(mongoHosts('mongodb://127.0.0.1:27017/app'), '127.0.0.1:27017');
    assert.equal(
      mongoHosts('mongodb://app:s3cr%40t@db1:27017,db2:27018/shop?replicaSet=rs0'),
      'db1:27017,db2:27018',
    );
    assert.equal(
      mongoHosts('mongodb+srv://u:p@cluster0.example.net/?retryWrites=true'),
      'cluster0.example.net',
    );
    assert.equal(mongoHosts('mongodb://localhost'), 'localhost');
    assert.equal(mongoHosts('postgres://x'), '(not a mongodb:// URI)');
  });
});

describe('mongodbManager', () => {
  it('is one instance per process, shared through a global symbol', async () => {
    assert.ok(mongodbManager instanceof MongoDBManager);
    const again = await import(srcUrl('batteries/db/mongodb-manager.ts'));
    assert.equal(again.mongodbManager, mongodbManager);
    assert.equal((globalThis as Record<symbol, unknown>)[Symbol.for('kitjs.mongodbManager')], mongodbManager);
  });

  it('defines models with createdAt and updatedAt timestamps and strictQuery', async () => {
    const Note = mongodbManager.createCollection('TsNote', { text: { type: String, required: true } });
    assert.equal(Note.modelName, 'TsNote');
    assert.equal(Note.schema.get('timestamps'), true);
    assert.equal(Note.schema.path('createdAt')?.instance, 'Date');
    assert.equal(Note.schema.path('updatedAt')?.instance, 'Date');
    assert.equal(Note.schema.get('strictQuery'), true);
    await new Note({ text: 'hello' }).validate();
    await assert.rejects(new Note({}).validate(), (err: unknown) => {
      const cause = (err as Error).cause as { errors?: Record<string, unknown> };
      assert.ok(cause.errors?.text, 'the definition is used as given');
      return true;
    });
  });

  it('returns the existing model for a name defined twice instead of throwing OverwriteModelError', () => {
    const first = mongodbManager.createCollection('TsTwice', { a: String });
    const second = mongodbManager.createCollection('TsTwice', { b: Number });
    assert.equal(second, first);
    assert.equal(second.schema.path('b'), undefined, 'the second schema is ignored');
  });

  it('accepts a Schema instance and turns timestamps and strictQuery on', () => {
    const schema = new mongoose.Schema({ title: String }, { strictQuery: false });
    const Post = mongodbManager.createCollection('TsPost', schema);
    assert.equal(Post.schema.get('timestamps'), true);
    assert.equal(Post.schema.get('strictQuery'), true);
    assert.equal(Post.schema.path('createdAt')?.instance, 'Date');
    const strict = new mongoose.Schema({ title: String }, { strictQuery: 'throw' });
    assert.equal(mongodbManager.createCollection('TsStrictPost', strict).schema.get('strictQuery'), 'throw');
  });

  it('rejects a bad name or schema with a TypeError', () => {
    assert.throws(() => mongodbManager.createCollection('', { a: String }), TypeError);
    assert.throws(
      () => mongodbManager.createCollection('X', null as unknown as { a: StringConstructor }),
      TypeError,
    );
  });

  it('sanitises filters: {"$ne": null} from a login body is wrapped in $eq and rejected as a 400', async () => {
    // bufferCommands off makes exec settle at once instead of waiting for a server.
    const schema = new mongoose.Schema({ email: String, password: String }, { bufferCommands: false });
    const Login = mongodbManager.createCollection('TsLogin', schema);
    const body = JSON.parse('{"email":{"$ne":null},"password":{"$gt":""}}') as Record<string, unknown>;
    const query = Login.findOne(body);
    await assert.rejects(query.exec(), (err: unknown) => {
      assert.ok(err instanceof HttpError, 'an HttpError, as the README error handler expects');
      assert.equal((err as KitError).code, 'KIT_ERR_DB_OPERATOR');
      const cause = (err as Error).cause as Error;
      assert.equal(cause.name, 'CastError', 'the operator object is a value now, and not a string');
      assert.equal(err.status, 400);
      assert.equal(err.expose, true);
      assert.match(
        err.message,
        /^Invalid value for "(email|password)": an operator object is not allowed here$/,
      );
      return true;
    });
    assert.deepEqual(query.getFilter().email, { $eq: { $ne: null } });
  });

  it('keeps a plain equality filter and drops keys that are not in the schema (strictQuery)', async () => {
    const schema = new mongoose.Schema({ email: String }, { bufferCommands: false });
    const Account = mongodbManager.createCollection('TsAccount', schema);
    const query = Account.findOne({ email: 'ada@example.com', isAdmin: true });
    await assert.rejects(query.exec(), /before initial connection|bufferCommands/);
    assert.deepEqual(query.getFilter(), { email: 'ada@example.com' });
  });

  it('turns a failed validation into KIT_ERR_DB_VALIDATION, keeping the mongoose error as cause', async () => {
    const Item = mongodbManager.createCollection('TsItem', { qty: { type: Number, required: true } });
    await assert.rejects(new Item({ qty: 'many' }).validate(), (err: unknown) => {
      assert.ok(err instanceof KitError);
      assert.equal(err.code, 'KIT_ERR_DB_VALIDATION');
      assert.equal(err.status, 400);
      assert.equal((err.cause as Error).name, 'ValidationError');
      return true;
    });
  });

  it('refuses $where in a filter with KIT_ERR_DB_OPERATOR', async () => {
    const schema = new mongoose.Schema({ email: String }, { bufferCommands: false });
    const Probe = mongodbManager.createCollection('TsWhere', schema);
    await assert.rejects(Probe.find({ $where: 'true' }).exec(), (err: unknown) => {
      assert.ok(err instanceof KitError);
      assert.equal(err.code, 'KIT_ERR_DB_OPERATOR');
      assert.equal(err.message, '"$where" is not allowed in a filter');
      assert.match((err.cause as Error).message, /\$where is not allowed with sanitizeFilter/);
      assert.equal(err.status, 400);
      return true;
    });
  });

  it('rejects every client fault it can see without a server with an HttpError 4xx and a stable code', async () => {
    const schema = new mongoose.Schema(
      { email: { type: String, required: true }, age: Number, tags: [String] },
      { bufferCommands: false },
    );
    const Person = mongodbManager.createCollection('TsFaults', schema);
    const body = (json: string) => JSON.parse(json) as Record<string, never>;
    const cases: [string, () => Promise<unknown>, string][] = [
      [
        'operator in a filter',
        () => Person.findOne(body('{"email":{"$ne":null}}')).exec(),
        'KIT_ERR_DB_OPERATOR',
      ],
      [
        'operator in a delete',
        () => Person.deleteMany(body('{"age":{"$gt":0}}')).exec(),
        'KIT_ERR_DB_OPERATOR',
      ],
      [
        '$expr in a filter',
        () => Person.countDocuments(body('{"$expr":{"$eq":[1,1]}}')).exec(),
        'KIT_ERR_DB_OPERATOR',
      ],
      [
        'nested object in a filter',
        () => Person.findOne(body('{"email":{"x":1}}')).exec(),
        'KIT_ERR_DB_VALIDATION',
      ],
      ['array in a filter', () => Person.find(body('{"email":["a","b"]}')).exec(), 'KIT_ERR_DB_VALIDATION'],
      ['text for a number', () => Person.findOne(body('{"age":"old"}')).exec(), 'KIT_ERR_DB_VALIDATION'],
      ['malformed id', () => Person.findById('abc').exec(), 'KIT_ERR_DB_VALIDATION'],
      ['object for a string', () => Person.create(body('{"email":{"x":1}}')), 'KIT_ERR_DB_VALIDATION'],
      ['missing required field', () => Person.create(body('{"age":3}')), 'KIT_ERR_DB_VALIDATION'],
      [
        'object in an update',
        () => Person.updateOne({ email: 'a' }, body('{"age":{"x":1}}')).exec(),
        'KIT_ERR_DB_VALIDATION',
      ],
      [
        'bad record in insertMany',
        () => Person.insertMany([body('{"email":"a","age":"old"}')]),
        'KIT_ERR_DB_VALIDATION',
      ],
    ];
    for (const [label, call, code] of cases) {
      await assert.rejects(call(), (err: unknown) => {
        assert.ok(err instanceof HttpError, `${label}: ${String(err)}`);
        assert.equal((err as KitError).code, code, label);
        assert.equal(err.status, 400, label);
        return true;
      });
    }
  });

  it('turns a duplicate key from the server into KIT_ERR_DB_UNIQUE (409)', async () => {
    // What the driver rejects with when a unique index refuses a write, raised here by a hook so that no
    // server is needed; the manager's error middleware sees it as it would the server's.
    const duplicate = Object.assign(
      new Error('E11000 duplicate key error collection: app.users index: email_1'),
      {
        name: 'MongoServerError',
        code: 11000,
        keyPattern: { email: 1 },
        keyValue: { email: 'ada@example.com' },
      },
    );
    const schema = new mongoose.Schema({ email: String }, { bufferCommands: false });
    schema.pre('save', () => {
      throw duplicate;
    });
    const Member = mongodbManager.createCollection('TsDuplicate', schema);
    await assert.rejects(Member.create({ email: 'ada@example.com' }), (err: unknown) => {
      assert.ok(err instanceof KitError);
      assert.equal(err.code, 'KIT_ERR_DB_UNIQUE');
      assert.equal(err.status, 409);
      assert.equal(err.message, 'A record with this "email" already exists');
      assert.equal(err.cause, duplicate);
      return true;
    });
  });

  it("leaves the application's global mongoose settings alone", () => {
    mongodbManager.createCollection('TsGlobal', { a: String });
    assert.notEqual(mongoose.get('sanitizeFilter'), true);
    assert.equal(mongoose.models.TsGlobal, undefined, 'models live on the manager connection');
    assert.equal(mongodbManager.connection.models.TsGlobal, mongodbManager.createCollection('TsGlobal', {}));
  });

  it('rejects an unreachable host with KIT_ERR_DB_CONNECT naming the host, not the password', async () => {
    const port = await closedPort();
    const uri = `mongodb://app:hunter2@127.0.0.1:${port}/kit?authSource=admin`;
    await assert.rejects(mongodbManager.connect(uri, { serverSelectionTimeoutMS: 300 }), (err: unknown) => {
      assert.ok(err instanceof KitError);
      assert.equal(err.code, 'KIT_ERR_DB_CONNECT');
      assert.equal(err.expose, false);
      assert.ok(err.message.includes(`127.0.0.1:${port}`), err.message);
      assert.ok(!err.message.includes('hunter2'), 'no credentials in the message');
      return true;
    });
    assert.equal(mongodbManager.connection.readyState, 0, 'the failed attempt left nothing open');
    // The same connection can try again after a failure (it was closed, not destroyed).
    await assert.rejects(mongodbManager.connect(uri, { serverSelectionTimeoutMS: 300 }), /ECONNREFUSED/);
  });

  it('bounds the wait by default: an unreachable host rejects rather than hangs', {
    timeout: 30_000,
  }, async () => {
    const port = await closedPort();
    await assert.rejects(mongodbManager.connect(`mongodb://127.0.0.1:${port}/kit`), {
      code: 'KIT_ERR_DB_CONNECT',
    });
  });

  it('refuses a second URI while the first attempt is running, and shares the same one', async () => {
    const port = await closedPort();
    const uri = `mongodb://127.0.0.1:${port}/kit`;
    const first = mongodbManager.connect(uri, { serverSelectionTimeoutMS: 300 });
    const same = mongodbManager.connect(uri);
    const other = mongodbManager.connect(`mongodb://127.0.0.1:${port}/other`);
    await assert.rejects(other, /already connected to 127\.0\.0\.1/);
    await assert.rejects(first, { code: 'KIT_ERR_DB_CONNECT' });
    await assert.rejects(same, { code: 'KIT_ERR_DB_CONNECT' });
  });

  it('rejects a URI that is not mongodb:// with a TypeError', async () => {
    await assert.rejects(mongodbManager.connect('http://127.0.0.1:27017'), TypeError);
    await assert.rejects(mongodbManager.connect(undefined as unknown as string), TypeError);
    await assert.rejects(
      mongodbManager.connect('mongodb://127.0.0.1/x', null as unknown as object),
      /options must be an object/,
    );
  });

  it('disconnect waits for a running connect to settle', async () => {
    const port = await closedPort();
    const attempt = mongodbManager.connect(`mongodb://127.0.0.1:${port}/kit`, {
      serverSelectionTimeoutMS: 300,
    });
    const settled: string[] = [];
    attempt.catch(() => settled.push('connect'));
    await mongodbManager.disconnect();
    settled.push('disconnect');
    await assert.rejects(attempt, { code: 'KIT_ERR_DB_CONNECT' });
    assert.deepEqual(settled, ['connect', 'disconnect']);
  });

  it('disconnect does nothing when not connected', async () => {
    await mongodbManager.disconnect();
    await mongodbManager.disconnect();
    assert.equal(mongodbManager.connection.readyState, 0);
  });
});

describe('mongodbManager against a real MongoDB (MONGODB_URI)', () => {
  const uri = process.env.MONGODB_URI;
  const skip = uri ? false : 'MONGODB_URI is unset: no MongoDB server here';

  it('connects, stores with timestamps, and a login filter with $ne matches nothing', { skip }, async () => {
    const status = await mongodbManager.connect(uri as string);
    assert.match(status, /^MongoDB connected \(/);
    const User = mongodbManager.createCollection('TsRealUser', { email: String, password: String });
    await User.deleteMany({});
    const created = await User.create({ email: 'ada@example.com', password: 'x' });
    assert.ok(created.get('createdAt') instanceof Date);
    assert.ok(created.get('updatedAt') instanceof Date);
    await assert.rejects(User.findOne(JSON.parse('{"email":{"$ne":null}}')).exec(), {
      code: 'KIT_ERR_DB_OPERATOR',
      status: 400,
    });
    assert.equal((await User.findOne({ email: 'ada@example.com' }))?.get('email'), 'ada@example.com');
    assert.equal(await mongodbManager.connect(uri as string), status, 'same URI again resolves at once');
    const Unique = mongodbManager.createCollection('TsRealUnique', { email: { type: String, unique: true } });
    await Unique.init();
    await Unique.deleteMany({});
    await Unique.create({ email: 'ada@example.com' });
    await assert.rejects(Unique.create({ email: 'ada@example.com' }), {
      code: 'KIT_ERR_DB_UNIQUE',
      status: 409,
    });
    await assert.rejects(Unique.insertMany([{ email: 'ada@example.com' }]), { code: 'KIT_ERR_DB_UNIQUE' });
    await Unique.deleteMany({});
    await User.deleteMany({});
    await mongodbManager.disconnect();
  });
});
