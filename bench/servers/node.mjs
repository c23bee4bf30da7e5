// Bare node:http: the ceiling. Every workload hand-written, the fastest straightforward way.
import { createSecretKey } from 'node:crypto';
import http from 'node:http';
import jwt from 'jsonwebtoken';
import pino from 'pino';
import {
  JSON_PAYLOAD,
  makeRoutes,
  makeUser,
  meBody,
  routeBody,
  routeCount,
  SECURITY_HEADERS,
  stackParts,
} from '../shared.mjs';

const workload = process.argv[2];
const JSON_TYPE = 'application/json; charset=utf-8';

function sendJson(res, obj, status = 200) {
  const body = JSON.stringify(obj);
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function notFound(res) {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'content-length': 9 });
  res.end('Not Found');
}

/** `/users/<id>` → id, or undefined. */
function userId(url) {
  if (!url.startsWith('/users/')) return undefined;
  const id = url.slice(7);
  return id.length > 0 && !id.includes('/') && !id.includes('?') ? decodeURIComponent(id) : undefined;
}

/** A segment trie: static children first, then one parameter child per node. */
function buildTrie(routes) {
  const root = { statics: new Map(), param: null, handlers: null };
  for (const r of routes) {
    let node = root;
    for (const seg of r.path.split('/').slice(1)) {
      if (seg.startsWith(':')) {
        node.param ??= { name: seg.slice(1), node: { statics: new Map(), param: null, handlers: null } };
        node = node.param.node;
      } else {
        if (!node.statics.has(seg))
          node.statics.set(seg, { statics: new Map(), param: null, handlers: null });
        node = node.statics.get(seg);
      }
    }
    node.handlers ??= {};
    node.handlers[r.method] = r.index;
  }
  return function lookup(method, path) {
    const segs = path.split('/');
    const params = {};
    let node = root;
    for (let i = 1; i < segs.length && node; i++) {
      const seg = segs[i];
      const next = node.statics.get(seg);
      if (next) node = next;
      else if (node.param && seg !== '') {
        params[node.param.name] = decodeURIComponent(seg);
        node = node.param.node;
      } else node = null;
    }
    const index = node?.handlers?.[method];
    return index === undefined ? undefined : { index, params };
  };
}

const isString = (v, min, max) => typeof v === 'string' && v.length >= min && v.length <= max;
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `POST /users`'s body checked by hand: the same rules as api-typebox.mjs and api-zod.mjs. */
function isUserIn(b) {
  if (!isObject(b) || !isObject(b.address) || !isObject(b.preferences)) return false;
  const { address: a, preferences: p } = b;
  return (
    isString(b.name, 1, 100) &&
    isString(b.email, 0, 254) &&
    /^[^@\s]+@[^@\s]+$/.test(b.email) &&
    isString(b.password, 8, 128) &&
    Number.isInteger(b.age) &&
    b.age >= 13 &&
    b.age <= 130 &&
    isString(b.phone, 0, 32) &&
    isString(a.street, 1, 200) &&
    isString(a.city, 1, 100) &&
    isString(a.postcode, 1, 20) &&
    isString(a.country, 2, 2) &&
    typeof p.newsletter === 'boolean' &&
    (p.theme === 'light' || p.theme === 'dark' || p.theme === 'system') &&
    isString(p.language, 2, 35) &&
    isString(p.timezone, 0, 64) &&
    Array.isArray(b.tags) &&
    b.tags.length <= 20 &&
    b.tags.every((t) => isString(t, 0, 32)) &&
    isString(b.bio, 0, 2000)
  );
}

/** What the client may see of a user, picked by hand (no `passwordHash`, no `sessionId`). */
function publicUser(u) {
  const { address: a, preferences: p, stats: s, links: l } = u;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    age: u.age,
    phone: u.phone,
    address: { street: a.street, city: a.city, postcode: a.postcode, country: a.country },
    preferences: { newsletter: p.newsletter, theme: p.theme, language: p.language, timezone: p.timezone },
    tags: u.tags,
    bio: u.bio,
    roles: u.roles,
    status: u.status,
    emailVerified: u.emailVerified,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    stats: {
      logins: s.logins,
      posts: s.posts,
      followers: s.followers,
      following: s.following,
      reputation: s.reputation,
    },
    links: { self: l.self, avatar: l.avatar, posts: l.posts, followers: l.followers },
    activity: u.activity.map((e) => ({ at: e.at, action: e.action, ip: e.ip, userAgent: e.userAgent })),
  };
}

/** What `jsonPost` hands on for a body that is not JSON. */
const MALFORMED = Symbol('malformed');

/** A handler of POST `path` with a JSON body: 404 elsewhere, 415 without JSON, then `onBody(res, parsed)`. */
function jsonPost(path, onBody) {
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== path) return notFound(res);
    if (!req.headers['content-type']?.startsWith('application/json')) {
      res.writeHead(415).end();
      return;
    }
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = MALFORMED;
      }
      onBody(res, body);
    });
  };
}

let handler;
switch (workload) {
  case 'hello':
    handler = (req, res) => {
      if (req.url !== '/') return notFound(res);
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': 5 });
      res.end('hello');
    };
    break;
  case 'json':
    handler = (req, res) => (req.url === '/json' ? sendJson(res, JSON_PAYLOAD) : notFound(res));
    break;
  case 'param':
    handler = (req, res) => {
      const id = userId(req.url);
      return id === undefined ? notFound(res) : sendJson(res, { id });
    };
    break;
  case 'router': {
    const lookup = buildTrie(makeRoutes(routeCount()));
    handler = (req, res) => {
      const q = req.url.indexOf('?');
      const found = lookup(req.method, q === -1 ? req.url : req.url.slice(0, q));
      return found ? sendJson(res, routeBody(found.index, found.params)) : notFound(res);
    };
    break;
  }
  case 'echo':
    handler = jsonPost('/echo', (res, body) => {
      if (body === MALFORMED) res.writeHead(400).end();
      else sendJson(res, body);
    });
    break;
  case 'stack': {
    const on = stackParts();
    const logger = pino();
    const security = SECURITY_HEADERS;
    const route = (req, res) => {
      const id = userId(req.url);
      return id === undefined ? notFound(res) : sendJson(res, { id });
    };
    handler = (req, res) => {
      if (on.logger) {
        const start = performance.now();
        res.on('finish', () => {
          logger.info(
            {
              req: { method: req.method, url: req.url },
              res: { statusCode: res.statusCode },
              responseTime: performance.now() - start,
            },
            'request completed',
          );
        });
      }
      if (on.security) for (const name in security) res.setHeader(name, security[name]);
      if (on.cors) res.setHeader('access-control-allow-origin', '*');
      if (on.json && req.headers['content-type']?.startsWith('application/json')) {
        const chunks = [];
        req.on('data', (c) => chunks.push(c));
        req.on('end', () => {
          req.body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          route(req, res);
        });
        return;
      }
      route(req, res);
    };
    break;
  }
  case 'auth': {
    // The ceiling: a KeyObject made once. Given a string, jsonwebtoken first tries (and fails) to read it
    // as a PEM public key on every call, which costs about 50× the HMAC itself.
    const secret = createSecretKey(Buffer.from(process.env.JWT_SECRET));
    handler = (req, res) => {
      if (req.url !== '/me') return notFound(res);
      const header = req.headers.authorization;
      if (!header?.startsWith('Bearer ')) return sendJson(res, { error: 'Unauthorized' }, 401);
      let user;
      try {
        user = jwt.verify(header.slice(7), secret, { algorithms: ['HS256'] });
      } catch {
        return sendJson(res, { error: 'Unauthorized' }, 401);
      }
      sendJson(res, meBody(user));
    };
    break;
  }
  case 'api':
    handler = jsonPost('/users', (res, body) => {
      if (!isUserIn(body)) sendJson(res, { error: 'Bad Request' }, 400);
      else sendJson(res, publicUser(makeUser(body)), 201);
    });
    break;
  default:
    throw new Error(`unknown workload ${workload}`);
}

http.createServer(handler).listen(Number(process.env.PORT), '127.0.0.1');

// Exit cleanly on SIGTERM, so that `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));
