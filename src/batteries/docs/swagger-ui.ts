/** Serves the OpenAPI JSON and swagger-ui (from swagger-ui-dist) without any inline script or style. */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { logger } from '../../base/logger.js';
import { lazyDependency, requirePeerFile } from '../../base/optional-package.js';
import type { KitApp, KitRequest, KitResponse, NextFunction } from '../../core/types.js';
import { type ExtractedImage, extractDataImages } from './ui-css.js';

/**
 * The swagger-ui-dist files served as they are; only these names are served, so no path can escape the
 * folder. swagger-ui.css is served rewritten (see ui-css.ts).
 */
export const UI_ASSETS: readonly string[] = [
  'index.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
  'oauth2-redirect.html',
  'oauth2-redirect.js',
];

const loadSend = lazyDependency<typeof import('send')>('send');
const loadFresh = lazyDependency<typeof import('fresh')>('fresh');
const loadEtag = lazyDependency<typeof import('etag')>('etag');

// The files change only when swagger-ui-dist is upgraded; a day of caching plus the ETag is a safe middle.
const ASSET_MAX_AGE_SECONDS = 86_400;
const ASSET_CACHE_CONTROL = `public, max-age=${ASSET_MAX_AGE_SECONDS}`;
// What sendAsset's file answer sets before send may still refuse the request.
const FILE_HEADERS = [
  'accept-ranges',
  'cache-control',
  'content-type',
  'etag',
  'last-modified',
  'x-content-type-options',
];

/**
 * swagger-ui-dist's folder, through its own `getAbsoluteFSPath` (without loading the 1 MB bundle into Node).
 * swagger-ui-dist is an optional peer (DOCS-022): it depends on @scarf/scarf, whose install script reports
 * each install to a third party, so kitjs does not install it for every app; without it this throws
 * `KIT_ERR_PEER_MISSING` naming `npm install swagger-ui-dist`.
 */
export function uiDistPath(): string {
  return requirePeerFile<() => string>('swagger-ui-dist', 'absolute-path.js', 'setupSwagger')();
}

/** Text as HTML: the five characters that could end an attribute or start a tag, as character references. */
function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page: swagger-ui-dist's index.html without its inline parts, the initializer loaded as a file
 * (DOCS-018, DOCS-019).
 */
export function indexHtml(base: string, title: string): string {
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>${esc(title)}</title>
    <link rel="stylesheet" type="text/css" href="${base}/swagger-ui.css">
    <link rel="stylesheet" type="text/css" href="${base}/index.css">
    <link rel="icon" type="image/png" href="${base}/favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="${base}/favicon-16x16.png" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${base}/swagger-ui-bundle.js" charset="UTF-8"></script>
    <script src="${base}/swagger-initializer.js" charset="UTF-8"></script>
  </body>
</html>
`;
}

/**
 * The page served at `base` when swagger-ui-dist is not installed: where the JSON is and the command that adds
 * the UI (DOCS-022). No script and no style, so it fits any Content-Security-Policy.
 *
 * @example
 * ```ts
 * installHtml('/api-docs', 'Shop'); // '<!DOCTYPE html>... npm install swagger-ui-dist ...'
 * ```
 */
export function installHtml(base: string, title: string): string {
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>${esc(title)}</title>
  </head>
  <body>
    <h1>${esc(title)}</h1>
    <p>The OpenAPI document is at <a href="${esc(base)}/swagger.json">${esc(base)}/swagger.json</a>.</p>
    <p>To browse it here with swagger-ui, install it beside the app and restart it:</p>
    <pre><code>npm install swagger-ui-dist</code></pre>
  </body>
</html>
`;
}

/**
 * The initializer, served as a file because a CSP of `script-src 'self'` forbids an inline one. It uses
 * swagger-ui's BaseLayout: the standalone top bar draws its logo with an inline `<style>` element, which
 * `style-src 'self'` blocks (DOCS-019).
 */
export function initializerJs(jsonUrl: string): string {
  return `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(jsonUrl)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;
}

function sendText(req: IncomingMessage, res: ServerResponse, type: string, body: string): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  // Generated from the live document: revalidate each time rather than show a stale page after a deploy.
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** An in-memory asset (the rewritten stylesheet, its images) with its type and the ETag of its content. */
interface BufferAsset {
  type: string;
  body: Buffer;
  etag: string;
}

function bufferAsset(type: string, body: Buffer): BufferAsset {
  return { type, body, etag: loadEtag()(body) };
}

/**
 * Sends an in-memory asset with the same caching as the files: a day, plus an ETag of its content. A 304
 * carries no Content-Type or Content-Length, as send's does for the files (RFC 9110, 15.4.5).
 */
function sendBuffer(req: IncomingMessage, res: ServerResponse, asset: BufferAsset): void {
  res.setHeader('ETag', asset.etag);
  res.setHeader('Cache-Control', ASSET_CACHE_CONTROL);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // fresh reads If-None-Match as RFC 9110 does: a list, weak comparison, `*`.
  if (loadFresh()(req.headers, { etag: asset.etag })) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', asset.type);
  res.setHeader('Content-Length', asset.body.length);
  res.end(req.method === 'HEAD' ? undefined : asset.body);
}

let stylesheet: { css: Buffer; images: ExtractedImage[] } | undefined;

/** swagger-ui.css with its `data:` images moved to files, computed once per process. */
export function uiStylesheet(dist: string): { css: Buffer; images: ExtractedImage[] } {
  if (!stylesheet) {
    const { css, images } = extractDataImages(readFileSync(path.join(dist, 'swagger-ui.css'), 'utf8'));
    stylesheet = { css: Buffer.from(css), images };
  }
  return stylesheet;
}

/**
 * Sends one of swagger-ui-dist's files through send: the type from the extension, a weak ETag and
 * Last-Modified with their 304s, a day of caching, HEAD and Range. `name` is one of UI_ASSETS, served from
 * `dist` as root, so only the name is checked for dot-segments (an install under `.pnpm/` still serves). A
 * missing file falls through to the app; any other refusal of send (412, 416) is the request's error.
 */
function sendAsset(
  req: IncomingMessage,
  res: ServerResponse,
  dist: string,
  name: string,
  next: (err?: unknown) => void,
): void {
  const stream = loadSend()(req, `/${name}`, {
    root: dist,
    index: false,
    maxAge: ASSET_MAX_AGE_SECONDS * 1000,
  });
  // Emitted once the file is found, so a fall-through leaves no header behind.
  stream.on('headers', () => res.setHeader('X-Content-Type-Options', 'nosniff'));
  stream.on('error', (err: { status?: number }) => {
    // A 412 or 416 must not be cached as the file would be, nor carry its validators.
    if (!res.headersSent) for (const name of FILE_HEADERS) res.removeHeader(name);
    if (err.status === 404) next();
    else next(err);
  });
  stream.pipe(res);
}

/**
 * Registers the documentation routes on `app`: the UI at `base` and `base/`, the JSON `json()` gives at
 * `base/swagger.json` (DOCS-017), the initializer and swagger-ui-dist's assets under `base/` (DOCS-018); only
 * the files the page needs, so any other name there is left to the app. Without swagger-ui-dist, the JSON
 * and a page naming `npm install swagger-ui-dist` (DOCS-022), with a warning logged.
 *
 * @example
 * ```ts
 * mountSwaggerUi(app, '/api-docs', () => JSON.stringify(document), 'My API', () => {});
 * ```
 */
export function mountSwaggerUi(
  app: KitApp,
  base: string,
  json: () => string,
  title: string,
  onRequest: () => void,
): void {
  // DOCS-022: without swagger-ui-dist the JSON is still served, and the page says how to get the UI.
  let dist: string | undefined;
  let missing: string | undefined;
  try {
    dist = uiDistPath();
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'KIT_ERR_PEER_MISSING') throw err;
    missing = (err as Error).message;
  }
  const html = dist === undefined ? installHtml(base, title) : indexHtml(base, title);
  const page = (req: IncomingMessage, res: ServerResponse) => {
    onRequest();
    sendText(req, res, 'text/html; charset=utf-8', html);
  };
  app.get(base, page);
  app.get(`${base}/`, page);
  app.get(`${base}/index.html`, page);
  app.get(`${base}/swagger.json`, (req: KitRequest, res: KitResponse) => {
    onRequest();
    sendText(req, res, 'application/json; charset=utf-8', json());
  });
  if (dist === undefined) {
    // DOCS-015: to the app's logger, as the docs' other warnings.
    ((app as Partial<KitApp>).log ?? logger).warn(
      { package: 'swagger-ui-dist' },
      `API docs: ${missing} ${base}/swagger.json is served; ${base} says how to add the UI.`,
    );
    return;
  }
  mountUiFiles(app, base, dist);
}

/** The page's initializer, stylesheet, images and swagger-ui-dist's files under `base/` (DOCS-018). */
function mountUiFiles(app: KitApp, base: string, dist: string): void {
  const initializer = initializerJs(`${base}/swagger.json`);
  app.get(`${base}/swagger-initializer.js`, (req: KitRequest, res: KitResponse) =>
    sendText(req, res, 'text/javascript; charset=utf-8', initializer),
  );
  // The stylesheet is read and rewritten on the first request for it or one of its images, not here: that
  // was most of setupSwagger's time at start-up (issue 47), for a page most starts never serve.
  let rewritten: { stylesheet: BufferAsset; images: Map<string, BufferAsset> } | undefined;
  const assets = () => {
    if (rewritten === undefined) {
      const { css, images } = uiStylesheet(dist);
      rewritten = {
        stylesheet: bufferAsset('text/css; charset=utf-8', css),
        images: new Map(
          images.map((image) => [
            image.name,
            bufferAsset(
              image.type.startsWith('image/svg') ? 'image/svg+xml; charset=utf-8' : image.type,
              image.body,
            ),
          ]),
        ),
      };
    }
    return rewritten;
  };
  app.get(`${base}/swagger-ui.css`, (req: KitRequest, res: KitResponse) =>
    sendBuffer(req, res, assets().stylesheet),
  );
  // Only the stylesheet's own images: any other name is left to the app.
  app.get(`${base}/img/:name`, (req: KitRequest, res: KitResponse, next: NextFunction) => {
    const image = assets().images.get(String(req.params.name));
    if (image === undefined) next();
    else sendBuffer(req, res, image);
  });
  for (const name of UI_ASSETS) {
    app.get(`${base}/${name}`, (req: KitRequest, res: KitResponse, next: NextFunction) =>
      sendAsset(req, res, dist, name, next),
    );
  }
}
