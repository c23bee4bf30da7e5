// Data every server and the driver share, so that every framework answers the same bytes.

/** The body of the `json` workload. */
export const JSON_PAYLOAD = { message: 'Hello, World!', framework: 'bench', ok: true, count: 3 };

/** The JWT secret of the `auth` workload (the driver also sets JWT_SECRET in every server's env). */
export const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';

/** The claims of the token the `auth` workload sends. */
export const TOKEN_CLAIMS = { id: 42, email: 'ada@example.com' };

/** What `GET /me` answers: the verified identity, without the token's timestamps. */
export function meBody(user) {
  return { id: user.id, email: user.email };
}

/** A JSON document of about 1 KB for the `echo` workload. */
export const ECHO_BODY = JSON.stringify({
  id: 'order-7f3a9c',
  customer: { name: 'Ada Lovelace', email: 'ada@example.com', tier: 'gold' },
  items: Array.from({ length: 8 }, (_, i) => ({
    sku: `SKU-${1000 + i}`,
    title: `Item number ${i} with a descriptive title`,
    qty: i + 1,
    price: 9.99 + i,
  })),
  note: 'Leave at the door, please.',
  tags: ['express', 'fastify', 'hono', 'kitjs'],
});

/**
 * The body of the `api` workload's `POST /users` (about 1 KB): a sign-up form, valid for every server's
 * schema (`api-typebox.mjs`, `api-zod.mjs`, node.mjs's hand checks).
 */
export const API_BODY = JSON.stringify({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'correct horse battery staple',
  age: 36,
  phone: '+44 20 7946 0958',
  address: { street: '12 St James Square', city: 'London', postcode: 'SW1Y 4JH', country: 'GB' },
  preferences: { newsletter: true, theme: 'dark', language: 'en-GB', timezone: 'Europe/London' },
  tags: ['mathematics', 'engines', 'poetry', 'music', 'analysis', 'notes'],
  bio:
    'Mathematician and writer, known for her work on the proposed mechanical general-purpose computer, ' +
    'the Analytical Engine. She was the first to recognise that the machine had applications beyond pure ' +
    'calculation, and published the first algorithm intended to be carried out by such a machine. Her ' +
    'notes on the engine include a method for calculating a sequence of Bernoulli numbers, and she ' +
    'wrote about how it might compose elaborate pieces of music of any degree of complexity or extent. ' +
    'She described her approach as poetical science and asked how individuals and society relate to technology.',
});

/** A body every server must refuse with 400 (`age` is a string, `email` is missing). Not benchmarked. */
export const API_BAD_BODY = JSON.stringify({
  name: 'Ada',
  password: 'correct horse battery staple',
  age: '36',
});

// The user's recent activity, as a store would hand it back: `sessionId` is internal, like `passwordHash`.
const RECENT_ACTIVITY = Array.from({ length: 16 }, (_, i) => ({
  at: `2024-03-${String(10 + i).padStart(2, '0')}T09:${String(10 + i * 3).padStart(2, '0')}:00.000Z`,
  action: ['login', 'update-profile', 'create-post', 'comment', 'logout'][i % 5],
  ip: `203.0.113.${20 + i}`,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:124.0) Gecko/20100101 Firefox/124.0',
  sessionId: `sess_${(0x5f3a9c + i * 7919).toString(16)}`,
}));

/**
 * The record `POST /users` creates from a validated body (about 4 KB once serialized): what a handler would
 * get back from its store. It holds internal fields no schema declares (`passwordHash`, and `sessionId` in
 * every activity entry) that the response schemas strip. Keys are inserted in the order of the response
 * schemas' `properties` (fast-json-stringify writes that order, Zod its shape order, JSON.stringify the
 * insertion order), so every server's answer is the same bytes.
 */
export function makeUser(body) {
  return {
    id: 'usr_01HV3K8Q2M7XW4',
    name: body.name,
    email: body.email,
    // A stand-in: hashing is not what this workload measures (it would swamp everything else).
    passwordHash: '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy',
    age: body.age,
    phone: body.phone,
    address: body.address,
    preferences: body.preferences,
    tags: body.tags,
    bio: body.bio,
    roles: ['member', 'author', 'beta-tester'],
    status: 'active',
    emailVerified: false,
    createdAt: '2024-03-24T12:00:00.000Z',
    updatedAt: '2024-03-24T12:00:00.000Z',
    stats: { logins: 128, posts: 42, followers: 1815, following: 97, reputation: 4.75 },
    links: {
      self: '/users/usr_01HV3K8Q2M7XW4',
      avatar: 'https://cdn.example.com/avatars/usr_01HV3K8Q2M7XW4.png',
      posts: '/users/usr_01HV3K8Q2M7XW4/posts',
      followers: '/users/usr_01HV3K8Q2M7XW4/followers',
    },
    activity: RECENT_ACTIVITY,
  };
}

// The REST shapes registered under every resource, in registration order. A static segment is
// registered before the parameter at the same depth so that order-based routers (Express, Hono) and
// priority-based ones (find-my-way) pick the same route.
const SHAPES = [
  ['GET', ''],
  ['POST', ''],
  ['GET', '/stats'],
  ['GET', '/:id'],
  ['PUT', '/:id'],
  ['DELETE', '/:id'],
  ['GET', '/:id/items'],
  ['GET', '/:id/items/:itemId'],
];
const PREFIXES = ['/api/v1', '/api/v2', '/admin', '/shop', '/blog', '/internal'];
const RESOURCES = ['users', 'posts', 'comments', 'orders', 'products', 'teams', 'invoices', 'events'];

/**
 * The first `n` routes of an endless list of REST routes: `{ method, path, index }`.
 * 240 routes = 6 prefixes × 5 resources × 8 shapes; beyond that, prefixes `/t<k>` are added.
 */
export function makeRoutes(n) {
  const routes = [];
  const resourcesPerPrefix = n <= 240 ? 5 : RESOURCES.length;
  for (let p = 0; routes.length < n; p++) {
    const prefix = p < PREFIXES.length ? PREFIXES[p] : `/t${p}`;
    for (let r = 0; r < resourcesPerPrefix && routes.length < n; r++) {
      for (const [method, tail] of SHAPES) {
        if (routes.length >= n) break;
        routes.push({ method, path: `${prefix}/${RESOURCES[r]}${tail}`, index: routes.length });
      }
    }
  }
  return routes;
}

/** The number of routes of the `router` workload. */
export const ROUTER_ROUTES = 240;

/** What a router-workload route answers: its index and its parameters, in a fixed key order. */
export function routeBody(index, params) {
  const body = { route: index };
  if (params.id !== undefined) body.id = params.id;
  if (params.itemId !== undefined) body.itemId = params.itemId;
  return body;
}

/** A concrete URL for a route pattern. */
export function urlFor(route, k) {
  return route.path.replace(':id', `u${k}`).replace(':itemId', `${k * 7}`);
}

/**
 * Requests spread over `routes`: every GET route when there are few, otherwise an even spread that
 * always includes the last registered ones. Used for the `router` workload and the scaling series.
 */
export function routerRequests(routes, max = 60) {
  const gets = routes.filter((r) => r.method === 'GET');
  let picked = gets;
  if (gets.length > max) {
    const step = gets.length / (max - 5);
    picked = [];
    for (let i = 0; i < max - 5; i++) picked.push(gets[Math.floor(i * step)]);
    picked.push(...gets.slice(-5));
  }
  return picked.map((r, k) => ({ method: 'GET', path: urlFor(r, k + 1), route: r }));
}

/** The parts of the `stack` workload, which the ablation removes one at a time (env ABLATE). */
export const STACK_PARTS = ['security', 'cors', 'json', 'logger'];

/** The stack parts that stay on, given the ABLATE env (a comma-separated list of parts to drop). */
export function stackParts(env = process.env) {
  const dropped = new Set((env.ABLATE ?? '').split(',').filter(Boolean));
  return Object.fromEntries(STACK_PARTS.map((p) => [p, !dropped.has(p)]));
}

/** Route count of the router workload (env ROUTES overrides it, for the scaling series). */
export function routeCount(env = process.env) {
  return env.ROUTES ? Number(env.ROUTES) : ROUTER_ROUTES;
}

/** The workloads, in report order. */
export const WORKLOADS = ['hello', 'json', 'param', 'router', 'echo', 'stack', 'auth', 'api'];

/**
 * The security headers of the `stack` workload: exactly what kitjs's `security()` sets by default. The
 * other servers configure helmet / @fastify/helmet / Hono's secureHeaders to send the same set.
 */
export const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'x-xss-protection': '0',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
  'x-download-options': 'noopen',
};

/** helmet's options (also for @fastify/helmet) that give {@link SECURITY_HEADERS}. */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
};
