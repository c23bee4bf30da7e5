// The `api` workload's schemas in Zod, for Express, Hono and kitjs with API_SCHEMA=zod (`kitjs-zod` in the
// driver). The twin of api-typebox.mjs: keep the two in step, with shapes in the order makeUser()
// (shared.mjs) inserts keys, since a parsed object comes out in shape order. Unknown keys are stripped (Zod's
// default for z.object), which is what removes `passwordHash` and `sessionId` from the answer.
import { z } from 'zod';

const Address = z.object({
  street: z.string().min(1).max(200),
  city: z.string().min(1).max(100),
  postcode: z.string().min(1).max(20),
  country: z.string().length(2),
});

/** The body of `POST /users`. */
export const UserIn = z.object({
  name: z.string().min(1).max(100),
  email: z
    .string()
    .max(254)
    .regex(/^[^@\s]+@[^@\s]+$/),
  password: z.string().min(8).max(128),
  age: z.int().min(13).max(130),
  phone: z.string().max(32),
  address: Address,
  preferences: z.object({
    newsletter: z.boolean(),
    theme: z.enum(['light', 'dark', 'system']),
    language: z.string().min(2).max(35),
    timezone: z.string().max(64),
  }),
  tags: z.array(z.string().max(32)).max(20),
  bio: z.string().max(2000),
});

/** The 201 answer of `POST /users`: what the client may see (no `passwordHash`, no `sessionId`). */
export const UserOut = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  age: z.int(),
  phone: z.string(),
  address: Address,
  preferences: z.object({
    newsletter: z.boolean(),
    theme: z.string(),
    language: z.string(),
    timezone: z.string(),
  }),
  tags: z.array(z.string()),
  bio: z.string(),
  roles: z.array(z.string()),
  status: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  stats: z.object({
    logins: z.int(),
    posts: z.int(),
    followers: z.int(),
    following: z.int(),
    reputation: z.number(),
  }),
  links: z.object({
    self: z.string(),
    avatar: z.string(),
    posts: z.string(),
    followers: z.string(),
  }),
  activity: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      ip: z.string(),
      userAgent: z.string(),
    }),
  ),
});
