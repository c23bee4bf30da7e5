// The `api` workload's schemas as JSON Schema, written with TypeBox (whose `Type.Object` is plain JSON Schema):
// Fastify's ajv and fast-json-stringify read them, and so does kitjs (`servers/kitjs.mjs api`). The Zod twin
// is api-zod.mjs: keep the two in step, with `properties` in the order makeUser() (shared.mjs) inserts keys.
// Kept out of shared.mjs so that only `api` servers pay for loading TypeBox.
import { Type } from '@sinclair/typebox';

const Address = Type.Object({
  street: Type.String({ minLength: 1, maxLength: 200 }),
  city: Type.String({ minLength: 1, maxLength: 100 }),
  postcode: Type.String({ minLength: 1, maxLength: 20 }),
  country: Type.String({ minLength: 2, maxLength: 2 }),
});

/** The body of `POST /users`. */
export const UserIn = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  email: Type.String({ maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+$' }),
  password: Type.String({ minLength: 8, maxLength: 128 }),
  age: Type.Integer({ minimum: 13, maximum: 130 }),
  phone: Type.String({ maxLength: 32 }),
  address: Address,
  preferences: Type.Object({
    newsletter: Type.Boolean(),
    theme: Type.Union([Type.Literal('light'), Type.Literal('dark'), Type.Literal('system')]),
    language: Type.String({ minLength: 2, maxLength: 35 }),
    timezone: Type.String({ maxLength: 64 }),
  }),
  tags: Type.Array(Type.String({ maxLength: 32 }), { maxItems: 20 }),
  bio: Type.String({ maxLength: 2000 }),
});

/** The 201 answer of `POST /users`: what the client may see (no `passwordHash`, no `sessionId`). */
export const UserOut = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  age: Type.Integer(),
  phone: Type.String(),
  address: Address,
  preferences: Type.Object({
    newsletter: Type.Boolean(),
    theme: Type.String(),
    language: Type.String(),
    timezone: Type.String(),
  }),
  tags: Type.Array(Type.String()),
  bio: Type.String(),
  roles: Type.Array(Type.String()),
  status: Type.String(),
  emailVerified: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  stats: Type.Object({
    logins: Type.Integer(),
    posts: Type.Integer(),
    followers: Type.Integer(),
    following: Type.Integer(),
    reputation: Type.Number(),
  }),
  links: Type.Object({
    self: Type.String(),
    avatar: Type.String(),
    posts: Type.String(),
    followers: Type.String(),
  }),
  activity: Type.Array(
    Type.Object({
      at: Type.String(),
      action: Type.String(),
      ip: Type.String(),
      userAgent: Type.String(),
    }),
  ),
});
