// Run by test/package/one-core.test.ts in a project that installed kitjs's packed tarball: the same generated
// routes on a plain Router (kitjs's segment index) and a strict one (the regular-expression matcher), the same
// requests to both, and whether `Object.keys(req.params)` agrees (ROUTE-021).
import kit, { Router } from 'kitjs';

const SEGMENTS = ['a', ':x', ':y?', 'b', ':z'];

/** Every pattern of one to three segments drawn from SEGMENTS, each parameter name at most once. */
function patterns() {
  const out = [];
  const grow = (prefix, used) => {
    if (prefix.length > 0) out.push(`/${prefix.join('/')}`);
    if (prefix.length === 3) return;
    for (const segment of SEGMENTS) {
      const name = segment.startsWith(':') ? segment.replace(/[:?]/g, '') : undefined;
      if (name !== undefined && used.has(name)) continue;
      grow([...prefix, segment], name === undefined ? used : new Set([...used, name]));
    }
  };
  grow([], new Set());
  return out;
}

/** The paths that fill `pattern`: every parameter a value, and each optional one also left out. */
function pathsOf(pattern) {
  let paths = [''];
  for (const segment of pattern.slice(1).split('/')) {
    const next = [];
    for (const path of paths) {
      if (!segment.startsWith(':')) next.push(`${path}/${segment}`);
      else {
        next.push(`${path}/v${segment.length}`);
        if (segment.endsWith('?')) next.push(path);
      }
    }
    paths = next;
  }
  return paths.map((path) => path || '/');
}

async function serve(router) {
  const app = kit();
  app.use(router);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return server;
}

const plain = new Router();
const strict = new Router({ strict: true });
const all = patterns();
all.forEach((pattern, index) => {
  for (const router of [plain, strict]) {
    router.get(`/p${index}${pattern}`, (req, res) => res.json(Object.keys(req.params)));
  }
});
const servers = [await serve(plain), await serve(strict)];
let compared = 0;
const disagreements = [];
for (const [index, pattern] of all.entries()) {
  for (const path of pathsOf(pattern)) {
    const url = `/p${index}${path === '/' ? '' : path}`;
    const [a, b] = await Promise.all(
      servers.map(async (server) => {
        const response = await fetch(`http://127.0.0.1:${server.address().port}${url}`);
        return `${response.status} ${await response.text()}`;
      }),
    );
    compared++;
    if (a !== b) disagreements.push({ pattern, url, plain: a, strict: b });
  }
}
for (const server of servers) server.close();
console.log(JSON.stringify({ patterns: all.length, compared, disagreements: disagreements.slice(0, 5) }));
